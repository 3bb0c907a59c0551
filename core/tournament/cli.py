"""`meeplog tournament`: run (or resume) a tournament, and show or list stored ones.

`meeplog tournament GAME -p ...` runs; `show ID` and `list` read the store, even while a run writes to it.
core.cli is imported inside the commands: it loads this module as a plugin when it is imported itself.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

from core.players import CannotPlay, make_player
from core.registry import load_rules
from core.specs import PlayerSpec
from core.store import DEFAULT_DB, GameStore, open_store
from core.tournament.aggregate import Tournament
from core.tournament.report import printable, write_all
from core.tournament.run import TournamentConflict, WorkersUnavailable, default_workers, play_tournament
from core.tournament.schedule import Plan, canonical
from core.tournament.standings import standings
from core.tournament.stored import (
    TournamentNotFound,
    load_tournament,
    open_tournament,
    resolve_tournament,
    tournament_ids,
)

console = Console(highlight=False, width=None if sys.stdout.isatty() else 100)  # files and pipes get whole rows


class RunByDefault(TyperGroup):
    """Routes `meeplog tournament GAME ...` to the `run` command; `show` and `list` are named."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:  # typer's own (vendored) click Context
        if args and args[0] not in self.commands and args[0] not in ctx.help_option_names:
            args = ["run", *args]
        return super().parse_args(ctx, args)


app = typer.Typer(
    cls=RunByDefault,
    no_args_is_help=True,
    help="Play AI-vs-AI tournaments (`meeplog tournament GAME -p ... -p ...`) and show their standings.",
)

DbOption = Annotated[str, typer.Option("--db", help="memory, a SQLite file, or postgresql://user@host:port/db")]


@contextmanager
def user_errors() -> Iterator[None]:
    """The engine's one-line errors, plus the tournament's own."""
    from core.cli import fail
    from core.cli import user_errors as engine_errors

    with engine_errors():
        try:
            yield
        except (TournamentNotFound, TournamentConflict, WorkersUnavailable) as error:
            fail(str(error))
        except CannotPlay as error:
            fail(f"{error}. The tournament stopped; the games recorded are kept, and the same command resumes")


class RateColumn(ProgressColumn):
    def render(self, task: Task) -> Text:
        return Text("" if task.speed is None else f"{task.speed:.1f} games/s")


@app.command()
def run(
    game: Annotated[str, typer.Argument(help="game id, see `meeplog games`")],
    player: Annotated[list[str], typer.Option("--player", "-p", help="a player spec: name[:key=value,...]")],
    games: Annotated[int, typer.Option(min=1, help="number of games")] = 100,
    seats: Annotated[int | None, typer.Option(help="seats per game (default: one per player, as allowed)")] = None,
    workers: Annotated[int | None, typer.Option(min=1, help="worker processes (default: one per core)")] = None,
    seed: Annotated[int, typer.Option(help="seed of the deals and the bots")] = 0,
    db: DbOption = DEFAULT_DB,
    option: Annotated[list[str], typer.Option("--option", "-o", help="a game option key=value")] = [],
    fallback: Annotated[str, typer.Option(help="player spec that moves for a failing player")] = "random",
    out: Annotated[Path, typer.Option(help="folder for the standings as JSON, CSV and PNG")] = Path("results"),
) -> None:
    """Play a tournament with rotated seats and paired deals; the same command again resumes it.

    A tournament is identified by its game, rules version, options, players (in order), seats, games, seed
    and fallback; --db, --workers and --out may differ between runs.
    """
    with user_errors():
        plan = make_plan(game, player, games, seats, seed, option, fallback)
        store = open_store(db)
        tournament, stored = open_tournament(store, plan)
        done, total = len(tournament.results), plan.games
        console.print(f"tournament {tournament.id} ({game}, {plan.seats} seats, {total} games)")
        if tournament.finished:
            console.print("already played to the end")
        else:
            if stored:
                console.print(f"resuming: {done} games already recorded, {total - done} to play")
            _play_with_progress(store, tournament, workers or default_workers())
        result = standings(tournament)
        console.print(printable(result))
        paths = write_all(result, out)
        console.print(f"standings written to {', '.join(map(str, paths))}")


def make_plan(
    game: str, players: list[str], games: int, seats: int | None, seed: int, options: list[str], fallback: str
) -> Plan:
    """The tournament the command line asks for, checked against the game (seats, options, player specs)."""
    from core.cli import configure

    rules = load_rules(game)
    if not players:
        raise ValueError("give the players with -p/--player, once per player")
    specs = tuple(canonical(spec) for spec in players)
    count = seats or min(max(len(specs), rules.min_players), rules.max_players)
    config = configure(rules, count, options)
    if count > len(specs):
        raise ValueError(
            f"{rules.title} is played with {count} seats but {len(specs)} players were given;"
            f" give at least {count} -p (the same spec may be given twice)"
        )
    for spec in dict.fromkeys((*specs, fallback)):  # a bad spec is refused now, not once per game
        make_player(PlayerSpec.parse(spec), seed)
    return Plan(game, rules.version, config.model_dump(mode="json"), specs, games, seed, canonical(fallback))


def _play_with_progress(store: GameStore, tournament: Tournament, workers: int) -> None:
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
    )
    total = len(tournament.plan.fixtures)
    try:
        with Progress(*columns, console=console) as progress:
            bar = progress.add_task(f"{workers} workers", total=total, completed=len(tournament.results))
            play_tournament(store, tournament, workers, lambda recorded: progress.advance(bar, recorded))
    except KeyboardInterrupt:
        # The store's count, not the aggregate's: Ctrl-C may land between recording a batch and saving it.
        stored = len(load_tournament(store, tournament.id).results)
        console.print(f"interrupted: {stored}/{total} games recorded; the same command resumes")
        raise typer.Exit(130) from None


@app.command()
def show(
    tournament_id: Annotated[str, typer.Argument(help="a tournament's id (or a unique prefix of it)")],
    db: DbOption = DEFAULT_DB,
) -> None:
    """Print the standings of a stored tournament, finished or not (even while it runs)."""
    with user_errors():
        store = open_store(db)
        tournament = load_tournament(store, resolve_tournament(store, tournament_id))
        console.print(printable(standings(tournament)))


@app.command("list")
def list_tournaments(db: DbOption = DEFAULT_DB) -> None:
    """List the tournaments in a store with their progress."""
    with user_errors():
        store = open_store(db)
        found = [load_tournament(store, tournament_id) for tournament_id in tournament_ids(store)]
    listing = Table(title=f"Tournaments in {db}")
    for column in ("id", "game", "players", "seats", "recorded", "state"):
        listing.add_column(column)
    for tournament in found:
        plan = tournament.plan
        state = "finished" if tournament.finished else "in progress or interrupted"
        recorded = f"{len(tournament.results)}/{len(plan.fixtures)}"
        listing.add_row(str(tournament.id)[:8], plan.game, " | ".join(plan.players), str(plan.seats), recorded, state)
    console.print(listing)
