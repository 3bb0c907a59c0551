"""The `meeplog` command line. Other packages add subcommands through the `meeplog.commands` entry point."""

from __future__ import annotations

import asyncio
import gc
import logging
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from importlib.metadata import entry_points
from importlib.metadata import version as installed_version
from typing import Annotated, Any

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from typer._click import exceptions as click  # typer >= 0.29 vendors click and raises these

from meeplog.core.analysis.cli import analyse
from meeplog.core.codec import DecodeError
from meeplog.core.compiled import HOT_MODULES, running_compiled
from meeplog.core.extras import MissingExtra
from meeplog.core.game import Game
from meeplog.core.kernel import Outcome, Rules
from meeplog.core.leaderboard.cli import leaderboard
from meeplog.core.narrate import narrate
from meeplog.core.options import BadOption, described, split_pairs
from meeplog.core.options import configure as configure_options
from meeplog.core.players import (
    ENDPOINTS_LOGGER,
    AbortMatch,
    BadPlayerSpec,
    CannotPlay,
    EndpointDown,
    PreflightFailed,
    load_player_class,
    make_player,
    player_names,
)
from meeplog.core.preflight import preflight
from meeplog.core.registry import BrokenPlugin, UnknownName, game_names, load_object, load_rules
from meeplog.core.runner import DEFAULT_SETTINGS, MatchRunner, MatchSettings
from meeplog.core.specs import NamedSpec, PlayerSpec, seat_label
from meeplog.core.statuses import BAD_INPUT, DONE, GAMES_FAILED, INTERRUPTED, STOPPED_AT_A_CAP
from meeplog.core.store import DEFAULT_DB, GameNotFound, GameStore, StoreUnavailable, open_store
from meeplog.core.tournament.behaviour import seat_reports
from meeplog.core.waits import play_showing_waits

app = typer.Typer(help="Meeplog: play, replay and study tabletop games with AI players.", no_args_is_help=True)
console = Console(highlight=False)
errors = Console(stderr=True, highlight=False)

USER_ERRORS = (
    UnknownName, BrokenPlugin, BadPlayerSpec, StoreUnavailable, GameNotFound, DecodeError, AbortMatch, ValueError
)

PlayerOption = Annotated[
    list[str], typer.Option("--player", "-p", help="a player per seat: [NAME=]name[:key=value,...]")
]
DbOption = Annotated[str, typer.Option("--db", help="memory, a SQLite file, or postgresql://user@host:port/db")]
ConfigOption = Annotated[
    list[str], typer.Option("--option", "-o", help="a game option name=value (`meeplog games` lists them)")
]


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the errors a user can fix into one line on stderr and exit status BAD_INPUT: a refused option or value,
    a file that cannot be read or written, a plug-in that failed to load, an extra to install; an endpoint that
    stayed down stops the game at a cap, and a player that cannot play at all (a refused key) fails it."""
    try:
        yield
    except MissingExtra as error:
        fail(str(error))
    except EndpointDown as error:
        fail(f"{error}; the game stopped, stored up to its last decision", status=STOPPED_AT_A_CAP)
    except PreflightFailed as error:
        fail(str(error))
    except BadOption as error:
        fail(f"{error}; `meeplog games` lists every option")
    except ValidationError as error:
        fail(validation_message(error))
    except CannotPlay as error:
        fail(str(error), status=GAMES_FAILED)
    except USER_ERRORS as error:
        fail(str(error))
    except OSError as error:
        fail(f"{error.filename}: {error.strerror}" if error.filename else error.strerror or str(error))


def fail(message: str, status: int = BAD_INPUT) -> None:
    """Print `message` as plain text (its brackets are no markup: pip install 'meeplog[ray]') and exit."""
    errors.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    raise typer.Exit(status)


def warn(message: str) -> None:
    errors.print(f"[bold yellow]warning:[/] {escape(message)}", soft_wrap=True)


def validation_message(error: ValidationError) -> str:
    """A ValidationError that no command turned into its own message, in one line."""
    parts = [f"{'.'.join(map(str, e['loc'])) or 'value'}: {e['msg']}" for e in error.errors(include_url=False)]
    return f"bad value ({'; '.join(parts)})"


def configure(rules: Rules[Any, Any], players: int, options: Sequence[str], base: dict[str, Any] | None = None) -> Any:
    """The game's config that `-o name=value` options ask for, over `base` (core/options.py reads each value)."""
    return configure_options(rules, players, split_pairs(options), base)


def player_seed(seed: int, seat: int) -> int:
    """Each seat's own seed, so that changing one player does not change another's choices."""
    return seed * 1_000 + seat


def _print_version(asked: bool) -> None:
    """The version, and which engine runs: the compiled hot modules or pure Python (and how to get them)."""
    if asked:
        count = running_compiled()
        engine = (f"compiled: {count} of {len(HOT_MODULES)} hot modules" if count else
                  "pure Python: about half as fast; build with a C compiler, or run scripts/setup-venv in a checkout")
        console.print(f"meeplog {installed_version('meeplog')} ({engine})", soft_wrap=True)
        raise typer.Exit()


@app.callback()
def _top_level(
    _version: Annotated[
        bool, typer.Option("--version", callback=_print_version, is_eager=True, help="print the version and exit")
    ] = False,
) -> None:
    """The options before any command: typer hands them to this callback."""


@app.command("games")
def list_games() -> None:
    """List the installed games with their player counts and options, and the installed players."""
    console.print("Options for -o name=value: the default (the other values) (e.g. an example)")
    for name in game_names():
        try:
            rules = load_rules(name)
        except BrokenPlugin as error:
            warn(f"{error}; left out")
            continue
        console.print(f"\n[bold]{name}[/]  {rules.title}, {rules.min_players}-{rules.max_players} players")
        for line in described(rules.Config):
            console.print(f"  {line}", soft_wrap=True, markup=False)
    players = []
    for name in player_names():
        try:
            load_player_class(name)
            players.append(name)
        except BrokenPlugin as error:
            warn(f"{error}; left out")
    console.print(f"players (-p): {', '.join(players)}")


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="game id, see `meeplog games`")],
    player: PlayerOption,
    seed: Annotated[int | None, typer.Option(help="seed of the deal and the bots (default: random)")] = None,
    db: DbOption = DEFAULT_DB,
    option: ConfigOption = [],
    fallback: Annotated[str, typer.Option(help="player spec that moves for a failing player")] = "random",
    timeout: Annotated[
        float, typer.Option(min=0.001, help="seconds a player may think before the fallback moves")
    ] = 120.0,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="print the result only, not the log")] = False,
    outage_wait: Annotated[
        float, typer.Option(min=0.001, help="seconds the game waits on a model's server or an agent's URL that is"
                            " down (paused: no request, no fallback); past it the game stops with status 3")
    ] = DEFAULT_SETTINGS.outage_wait,
) -> None:
    """Play one game, store it, and print its log and final scores."""
    with user_errors():
        rules = load_rules(game)
        if not player:
            raise ValueError(f"give one -p/--player per seat ({rules.min_players} to {rules.max_players})")
        specs = [NamedSpec.parse(text) for text in player]
        config = configure(rules, len(specs), option)
        seed = seed if seed is not None else random.randrange(2**31)
        players = [make_player(named.spec, player_seed(seed, seat)) for seat, named in enumerate(specs)]
        fallbacks = [make_player(PlayerSpec.parse(fallback), player_seed(seed, seat)) for seat in range(len(specs))]
        preflight(rules, config, [(f"seat {seat} ({p.describe()})", p) for seat, p in enumerate(players)])
        store = open_store(db)
        match = Game.start(rules, config, [str(spec) for spec in specs], seed)
        settings = MatchSettings(timeout=timeout, save_every_decision=any(p.expensive for p in players),
                                 outage_wait=outage_wait)
        runner = MatchRunner(match, players, fallbacks, settings=settings, store=store)
        show_outages(errors)
        outcome = asyncio.run(play_showing_waits(runner, errors))
    if not quiet:
        print_log(match.log)
    print_outcome(match, outcome)
    console.print(f"stored as game {match.id} in {db}")
    if outcome is None:
        raise typer.Exit(GAMES_FAILED)


def show_outages(console: Console) -> None:
    """Print the lines of the seats' circuit breakers (players/breaker.py): an endpoint down, and back."""

    class Shown(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            console.print(f"[bold yellow]endpoint:[/] {escape(record.getMessage())}", soft_wrap=True)

    logger = logging.getLogger(ENDPOINTS_LOGGER)
    logger.handlers[:] = [Shown(logging.WARNING)]
    logger.propagate = False


def print_log(history: Any, seat: int | None = None) -> None:
    for version, line in narrate(history, seat):
        console.print(f"[dim]{version:>5}[/]  {line}", soft_wrap=True)


def print_outcome(game: Game, outcome: Outcome | None) -> None:
    """The final scores, a seat whose fallback made most of its decisions marked as such (its result says
    little of its player); or the forfeit that ended the game."""
    if outcome is None:
        forfeit = game.forfeited
        console.print(f"no result: {forfeit.why if forfeit else 'the game did not finish'}; the game forfeited")
        return
    table = Table(title=f"{game.rules.title}: final scores")
    for column in ("rank", "seat", "player", "score"):
        table.add_column(column, justify="right" if column in ("rank", "score") else "left", overflow="fold")
    reports = seat_reports(game.log, game.players)
    for seat in sorted(range(game.players), key=lambda s: (outcome.ranks[s], s)):
        everyone_first = all(rank == 1 for rank in outcome.ranks)
        mark = "" if outcome.ranks[seat] != 1 else " (shared)" if everyone_first else " (winner)"
        report = reports[seat]
        if 2 * report.fallbacks > report.decisions:
            mark += f" (the fallback made {report.fallbacks} of its {report.decisions} decisions)"
        player = seat_label(game.started.seats[seat]) + mark
        table.add_row(str(outcome.ranks[seat]), str(seat), player, f"{outcome.scores[seat]:g}")
    console.print(table)
    if outcome.note:
        console.print(f"tie-breaks: {outcome.note}")


@app.command("list")
def list_stored(db: DbOption = DEFAULT_DB) -> None:
    """List the games in a store."""
    with user_errors():
        summaries = list(open_store(db, read_only=True).games())
    table = Table(title=f"Games in {db}")
    ids = fitting_ids([str(s.id) for s in summaries], console.width, whole_from=100)  # the others need 64
    for column in ("id", "game", "started (UTC)", "seats", "result"):
        table.add_column(column, overflow="fold", no_wrap=column == "id")  # a long name wraps, never cut
    for shown, s in zip(ids, summaries, strict=True):
        result = (
            f"forfeited by seat {s.forfeited.seat}" if s.forfeited is not None
            else "unfinished" if s.finished is None
            else "winner: seat " + ", ".join(str(seat) for seat, rank in enumerate(s.finished.ranks) if rank == 1)
        )
        table.add_row(shown, s.game, f"{s.started:%Y-%m-%d %H:%M:%S}", " | ".join(map(seat_label, s.seats)), result)
    console.print(table)


def fitting_ids(ids: list[str], width: int, whole_from: int, least: int = 8) -> list[str]:
    """The ids whole on a terminal `width` columns wide if that is `whole_from` or more, else each cut to the
    shortest prefix of at least `least` characters that no other id shares (every command takes a unique
    prefix), so that an id never wraps in the middle of a table's cell."""
    if width >= whole_from or not ids:
        return ids
    ordered = sorted(set(ids))  # an id shares the longest prefix with a neighbour in sorted order
    neighbours = zip(ordered, ["", *ordered[:-1]], [*ordered[1:], ""], strict=True)
    shared = {i: max(_common(i, before), _common(i, after)) for i, before, after in neighbours}
    return [i[: max(least, shared[i] + 1)] for i in ids]


def _common(a: str, b: str) -> int:
    return next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))


@app.command()
def log(
    game_id: Annotated[str, typer.Argument(help="a stored game's id (or a unique prefix of it)")],
    db: DbOption = DEFAULT_DB,
    seat: Annotated[int | None, typer.Option("--as", help="show the events as this seat saw them")] = None,
) -> None:
    """Print a stored game's events as a readable log."""
    with user_errors():
        store: GameStore = open_store(db, read_only=True)
        history = store.history(store.resolve(game_id))
        players = len(history[0].event.seats)
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"--as takes a seat from 0 to {players - 1}")
        print_log(history, seat)


app.command()(leaderboard)
app.command()(analyse)


def _add_plugin_commands(target: typer.Typer) -> list[BrokenPlugin]:
    """Add the `meeplog.commands` plug-ins to `target`; the ones that fail to load are left out and returned,
    so that one broken plug-in costs its own command only (main warns of it in one line)."""
    broken = []
    for entry in entry_points(group="meeplog.commands"):
        try:
            loaded: typer.Typer | Callable[..., Any] = load_object(entry.value, f"command plug-in {entry.name!r}")
        except BrokenPlugin as error:
            broken.append(error)
            continue
        if isinstance(loaded, typer.Typer):
            target.add_typer(loaded, name=entry.name)
        else:
            target.command(entry.name)(loaded)
    return broken


_broken_commands = _add_plugin_commands(app)


def main() -> None:
    """The console script: like `app()`, but a usage error (a bad option value, a missing argument) is
    one line on stderr, as every other error is, with click's exit status 2.

    What the command leaves is freed at exit without the interpreter's last full collection (`gc.freeze`):
    it walked every object the run made, a quarter of a second at the end of a tournament of cheap bots."""
    try:
        _run_app()
    finally:
        gc.freeze()


def _run_app() -> None:
    for broken in _broken_commands:
        warn(f"{broken}; left out")
    try:
        status = app(sys.argv[1:], standalone_mode=False)
    except click.NoArgsIsHelpError as error:
        typer.echo(error.ctx.get_help())
        sys.exit(DONE)
    except click.UsageError as error:
        hint = f"; see `{error.ctx.command_path} --help`" if error.ctx else ""
        errors.print(f"[bold red]error:[/] {error.format_message()}{hint}", soft_wrap=True)
        sys.exit(error.exit_code)
    except click.ClickException as error:
        errors.print(f"[bold red]error:[/] {error.format_message()}", soft_wrap=True)
        sys.exit(error.exit_code)
    except typer.Abort:
        errors.print("interrupted")
        sys.exit(INTERRUPTED)
    sys.exit(status if isinstance(status, int) else DONE)
