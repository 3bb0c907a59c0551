"""`meeplog analyse`: every decision of a stored game, or of a tournament's games, scored by search from the deciding
seat's own information; each player's mean loss per decision with a 95% interval, blunders counted.

Analyses already in the store under the same settings are read back, not made again (core/analysis/record.py);
the others are made in worker processes, behind a progress bar, and saved as they come, each listed in the store's
catalogue of analyses in the same transaction (core/analysis/catalogue.py). The search and the
workers are imported when the command runs, so they cost the rest of the command line nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from meeplog.core.store import DEFAULT_DB

DEFAULT_SIMS = 400  # docs/analysis.md: orders the Forest ladder in fewer games than 200, 6 games in ~40 s
DEFAULT_BLUNDER = 0.5


def analyse(
    game_id: Annotated[str | None, typer.Argument(help="a stored game's id (or a unique prefix of it)")] = None,
    tournament: Annotated[str | None, typer.Option(help="analyse every game of this tournament (id or prefix)")] = None,
    seat: Annotated[int | None, typer.Option(help="only this seat's decisions (default: every seat's)")] = None,
    sims: Annotated[int, typer.Option(min=1, help="simulations per decision")] = DEFAULT_SIMS,
    seed: Annotated[int, typer.Option(help="seed of the search")] = 0,
    blunder: Annotated[float, typer.Option(min=0, help="loss in expected final rank from which a decision is a "
                                                       "blunder")] = DEFAULT_BLUNDER,
    workers: Annotated[int | None, typer.Option(min=1, help="worker processes (default: one per core)")] = None,
    json: Annotated[Path | None, typer.Option("--json", help="write the analysis as JSON to this file")] = None,
    db: Annotated[str, typer.Option("--db", help="a SQLite file, or postgresql://user@host:port/db")] = DEFAULT_DB,
) -> None:
    """Score every decision by ISMCTS from the seat's own information: loss per decision, blunders, per player."""
    import uuid

    import orjson
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from meeplog.core.analysis.catalogue import Catalogue
    from meeplog.core.analysis.events import Settings
    from meeplog.core.analysis.parallel import analysed, pending
    from meeplog.core.analysis.report import document, table
    from meeplog.core.analysis.scorer import VERSION
    from meeplog.core.analysis.summary import summarise
    from meeplog.core.cli import console, fail, user_errors
    from meeplog.core.leaderboard.cli import existing_store
    from meeplog.core.tournament.events import GameRecorded
    from meeplog.core.tournament.run import default_workers
    from meeplog.core.tournament.stored import TournamentNotFound, load_tournament, resolve_tournament

    with user_errors():
        if (game_id is None) == (tournament is None):
            raise ValueError("give a game id or --tournament ID, one of them")
        store = existing_store(db)
        try:
            if tournament is not None:
                played = load_tournament(store, resolve_tournament(store, tournament))
                ids = [uuid.UUID(r.game_id) for _, r in sorted(played.results.items()) if isinstance(r, GameRecorded)]
                if not ids:
                    raise ValueError(f"tournament {tournament} has no stored game yet")
            else:
                ids = [store.resolve(game_id or "")]
        except TournamentNotFound as error:
            fail(str(error))
        settings = Settings(sims, seed, blunder, VERSION)
        histories = [store.history(one) for one in ids]
        players = len(histories[0][0].event.seats)
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"--seat takes a seat from 0 to {players - 1}")
        seats = tuple(range(players)) if seat is None else (seat,)
        done, tasks = pending(store, histories, seats, settings)
        catalogue = Catalogue(store)
        catalogue.save((), done)  # lists those stored before the catalogue was
        if tasks:
            with Progress(TextColumn("analysing"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                          TimeElapsedColumn(), console=console) as progress:
                bar = progress.add_task("", total=len(tasks))
                for analyses in analysed(tasks, workers or default_workers()):
                    catalogue.save(analyses)
                    done += analyses
                    progress.advance(bar)
        rows = summarise(done)
        if json is not None:
            json.write_bytes(orjson.dumps(document(settings, ids, rows, done), option=orjson.OPT_INDENT_2))
    console.print(table(settings, len(ids), rows))

