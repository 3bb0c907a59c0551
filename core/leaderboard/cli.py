"""`meeplog leaderboard`: ratings over every game in a store, per game and across games, with their intervals.

The fit and its libraries (numpy) are imported when the command runs, so they cost nothing to the rest of the
command line; meeplog.core.cli is imported there too, as it registers this command when it is imported itself.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, cast

import typer

from meeplog.core.store import DEFAULT_DB, GameStore, open_store

MODEL_HELP = "bt: Plackett-Luce fitted by maximum likelihood, bootstrap intervals; openskill: online ratings"


def leaderboard(
    db: Annotated[str, typer.Option("--db", help="a SQLite file, or postgresql://user@host:port/db")] = DEFAULT_DB,
    game: Annotated[str | None, typer.Option(help="only this game's results (a game id, see `meeplog games`)")] = None,
    json: Annotated[Path | None, typer.Option("--json", help="write the leaderboard as JSON to this file")] = None,
    csv: Annotated[Path | None, typer.Option("--csv", help="write one row per player and game to this file")] = None,
    png: Annotated[Path | None, typer.Option("--png", help="draw the ratings and intervals to this file")] = None,
    model: Annotated[str, typer.Option(help=MODEL_HELP)] = "bt",
    include_forfeits: Annotated[
        bool, typer.Option(help="rate the games forfeited or decided mostly by a fallback (by default unrated)")
    ] = False,
    analysis_sims: Annotated[int | None, typer.Option(help="mean loss from the analyses at these simulations "
                                                           "(default: the setting with the most analyses)")] = None,
    analysis_seed: Annotated[int | None, typer.Option(help="mean loss from the analyses of this seed")] = None,
) -> None:
    """Rank every player over every stored game: per game and across games, head to head, the first seat's edge."""
    from meeplog.core.cli import console, user_errors
    from meeplog.core.leaderboard.projection import MODELS, Model, Settings
    from meeplog.core.leaderboard.reader import LeaderboardReader
    from meeplog.core.leaderboard.render import printable, write_csv, write_json, write_plot
    from meeplog.core.registry import load_rules

    with user_errors():
        if model not in MODELS:
            raise ValueError(f"--model {model!r}: choose {' or '.join(MODELS)}")
        if game is not None:
            load_rules(game)  # an unknown game is named in one line, with the known ones
        settings = Settings(model=cast("Model", model), include_forfeits=include_forfeits)
        keep = may_write(db)
        store = existing_store(db, read_only=not keep)
        board = LeaderboardReader(store, db, keep=keep).read(settings, game, analysis_sims, analysis_seed)
        if not board.sections:
            what = f"no finished {game} game" if game else "no finished game"
            raise ValueError(f"{what} in {db}; `meeplog play` and `meeplog tournament` store games")
        for path, writer in ((json, write_json), (csv, write_csv), (png, write_plot)):
            if path is not None:
                writer(board, path)
    console.print(printable(board, console.width))


def existing_store(db: str, *, read_only: bool = False) -> GameStore:
    """The store at `db`, refusing a SQLite path that holds no file (opening it would create an empty store)."""
    if db != "memory" and "://" not in db and not Path(db).is_file():
        raise ValueError(f"no store at {db!r}; give the SQLite file (or postgresql:// URL) with --db")
    return open_store(db, read_only=read_only)


def may_write(db: str) -> bool:
    """Whether the leaderboard keeps the view it built in the store (core/leaderboard/saved.py): a SQLite file this
    process may write, in a folder it may write (its write-ahead log). Otherwise it opens the store read-only and
    writes nothing (a PostgreSQL store keeps no view)."""
    if db == "memory" or "://" in db:
        return False
    folder = Path(db).absolute().parent
    return os.access(db, os.W_OK) and os.access(folder, os.W_OK)
