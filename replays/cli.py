"""`meeplog replay`: export, import, verify, time travel and fork recorded games (docs/replays.md).

Where a command takes a SOURCE, it is a replay file, or else a stored game's id (or a unique prefix of
it) in --db. Steps count decisions: step 0 is the game as set up, step N the game after N decisions.
meeplog.core.cli is imported inside the commands: it loads this module as a plugin when it is imported itself.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, NamedTuple

import orjson
import typer
from rich.console import Console
from rich.text import Text

from meeplog.core.extras import needs_extra
from meeplog.core.game import Recorded
from meeplog.core.narrate import narrate
from meeplog.core.players import make_player
from meeplog.core.registry import load_rules
from meeplog.core.runner import MatchRunner, MatchSettings
from meeplog.core.specs import NamedSpec, PlayerSpec
from meeplog.core.statuses import GAMES_FAILED
from meeplog.core.store import DEFAULT_DB, GameNotFound, open_store
from meeplog.replays.fork import fork as fork_game
from meeplog.replays.format import read_replay
from meeplog.replays.present import position_document, position_report, reparse_table, verdict_report
from meeplog.replays.transfer import export_game, import_history
from meeplog.replays.travel import at_step
from meeplog.replays.verify import verify as verify_history
from meeplog.replays.viewer.cli import DEFAULT_HOST, DEFAULT_PORT, HostOption, PortOption

app = typer.Typer(help="Export, import, verify, time-travel through and fork recorded games.", no_args_is_help=True)

console = Console(highlight=False)

DbOption = Annotated[str, typer.Option("--db", help="memory, a SQLite file, or postgresql://user@host:port/db")]
PlayerOption = Annotated[list[str], typer.Option("--player", "-p", help="a player per seat: [NAME=]spec")]
SourceArgument = Annotated[str, typer.Argument(help="a replay file, or a stored game's id (or unique prefix) in --db")]
SeatOption = Annotated[int | None, typer.Option("--as", help="show it as this seat saw it: its view, feed and prompt")]


@app.command("export")
def export(
    game_id: Annotated[str, typer.Argument(help="a stored game's id (or a unique prefix of it)")],
    output: Annotated[str, typer.Option("--output", "-o", help="the replay file to write; - for stdout")],
    db: DbOption = DEFAULT_DB,
) -> None:
    """Write a stored game to a replay file, losing nothing."""
    with user_errors():
        store = open_store(db, read_only=True)
        found = store.resolve(game_id)
        data = export_game(store, found)
        if output == "-":
            sys.stdout.buffer.write(data)
            return
        _write(Path(output), data)
    events = data.count(b"\n")  # one line per event, the header standing for GameStarted
    console.print(f"exported game {found} ({events} events) to {output}", soft_wrap=True)


@app.command("import")
def import_(
    file: Annotated[Path, typer.Argument(help="a replay file")],
    db: DbOption = DEFAULT_DB,
) -> None:
    """Store the game a replay file holds, under its own id; refused if that id is already in the store."""
    with user_errors():
        history = _read(file)
        import_history(open_store(db), history, db)
    first = history[0]
    console.print(f"imported {first.game} game {first.originator_id} ({len(history)} events) into {db}", soft_wrap=True)


@app.command("verify")
def verify(
    sources: Annotated[list[str] | None, typer.Argument(help="replay files or stored game ids")] = None,
    db: DbOption = DEFAULT_DB,
    every: Annotated[bool, typer.Option("--all", help="verify every game in --db")] = False,
) -> None:
    """Re-run the rules on every recorded decision and report the first event they no longer cause."""
    with user_errors():
        if not sources and not every:
            raise ValueError("name replay files or game ids to verify, or give --all")
        checked = failed = 0
        for loaded in _each(sources or [], db, every):
            verdict = verify_history(loaded.history)
            checked += 1
            failed += not verdict.ok
            console.print(verdict_report(verdict, loaded.file, db), soft_wrap=True)
    if failed:
        from meeplog.core.cli import fail

        fail(f"{failed} of {checked} games diverge from the installed rules", status=GAMES_FAILED)
    console.print(f"all {checked} games verify")


@app.command("reparse")
def reparse(
    sources: Annotated[list[str] | None, typer.Argument(help="replay files or stored game ids")] = None,
    tournament: Annotated[str | None, typer.Option(help="every game of this tournament (an id or unique prefix)")
                          ] = None,
    db: DbOption = DEFAULT_DB,
    json_file: Annotated[Path | None, typer.Option("--json", help="also write the report to this JSON file")] = None,
) -> None:
    """Read every stored model answer again with today's parser, asking no model: per model, the answers whose
    class changes, and how many fallbacks and forfeits were the harness's failures rather than the model's."""
    from meeplog.replays.reparse import reparse as reparse_games

    with user_errors():
        if not sources and tournament is None:
            raise ValueError("name replay files or game ids to read again, or a --tournament")
        histories = [loaded.history for loaded in _each(sources or [], db, every=False)]
        if tournament is not None:
            histories += _tournament_games(tournament, db)
        found = reparse_games(histories)
        if not found:
            raise ValueError(f"no model answered in the {len(histories)} games named: nothing to read again")
        console.print(reparse_table(found, len(histories)))
        if json_file is not None:
            _write(json_file, orjson.dumps({name: model.as_json() for name, model in found.items()},
                                           option=orjson.OPT_INDENT_2))
            console.print(f"written to {json_file}")


def _tournament_games(prefix: str, db: str) -> list[list[Recorded]]:
    """The stored games of a tournament, in the order of its schedule."""
    from meeplog.core.tournament.schedule import game_id
    from meeplog.core.tournament.stored import load_tournament, resolve_tournament

    store = open_store(db, read_only=True)
    played = load_tournament(store, resolve_tournament(store, prefix))
    return [store.history(game_id(played.id, index)) for index in sorted(played.results)]


@app.command("show")
def show(
    source: SourceArgument,
    step: Annotated[int, typer.Option("--step", "-n", help="the step: the game after this many decisions")],
    seat: SeatOption = None,
    db: DbOption = DEFAULT_DB,
    as_json: Annotated[bool, typer.Option("--json", help="print exact JSON instead of readable text")] = False,
) -> None:
    """The game at a step: its state, or one seat's view and event feed; and any model prompt made there."""
    with user_errors():
        history = _load(source, db).history
        seats = len(history[0].event.seats)
        if seat is not None and not 0 <= seat < seats:
            raise ValueError(f"--as takes a seat from 0 to {seats - 1}")
        position = at_step(history, step)
    if as_json:
        sys.stdout.buffer.write(position_document(position, seat) + b"\n")
    else:
        console.print(position_report(position, seat), soft_wrap=True)


@app.command("fork")
def fork(
    source: SourceArgument,
    at: Annotated[int, typer.Option("--at", help="the step to continue from")],
    player: PlayerOption,
    seed: Annotated[int | None, typer.Option(help="seed of the new players (default: the game's seed)")] = None,
    db: DbOption = DEFAULT_DB,
    fallback: Annotated[str, typer.Option(help="player spec that moves for a failing player")] = "random",
    option: Annotated[
        list[str], typer.Option("--option", "-o", help="a game option name=value to play on with (as `play` takes)")
    ] = [],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="print the result only, not the log")] = False,
) -> None:
    """Continue a game from step N with other players; store it as a new game that records its origin.

    `-o` changes an option from the original's for the rest of the game (e.g. `-o max_rounds=500`); an option
    that would have changed the steps before N cannot fork it."""
    from meeplog.core.cli import configure, player_seed, print_outcome

    with user_errors():
        history = _load(source, db).history
        specs = [NamedSpec.parse(text) for text in player]
        started = history[0].event
        config = configure(load_rules(started.game), len(started.seats), option, base=started.config)
        game = fork_game(history, at, [str(spec) for spec in specs], config=config)
        seed = game.started.seed if seed is None else seed
        players = [make_player(named.spec, player_seed(seed, seat)) for seat, named in enumerate(specs)]
        fallbacks = [make_player(PlayerSpec.parse(fallback), player_seed(seed, seat)) for seat in range(len(specs))]
        settings = MatchSettings(save_every_decision=any(p.expensive for p in players))
        forked_at = game.version
        outcome = asyncio.run(MatchRunner(game, players, fallbacks, settings=settings, store=open_store(db)).play())
    if not quiet:
        for version, line in narrate(game.log):
            if version == 1 or version > forked_at:
                console.print(Text(f"{version:>5}  {line}"), soft_wrap=True)
    print_outcome(game, outcome)
    console.print(f"stored as game {game.id} (forked from {game.started.origin}) in {db}", soft_wrap=True)


@app.command("view")
def view(
    file: Annotated[Path, typer.Argument(help="a replay file")],
    host: HostOption = DEFAULT_HOST,
    port: PortOption = DEFAULT_PORT,
) -> None:
    """Open a replay file in the web viewer, step by step from any seat (`meeplog serve` does a whole store)."""
    with user_errors():
        with needs_extra("viewer", "`meeplog replay view`"):
            from meeplog.replays.viewer.serving import file_library, serve
        library = file_library(file)
    serve(library, host, port)


@contextmanager
def user_errors() -> Iterator[None]:
    """The engine's one-line errors and exit status for what a user can fix."""
    from meeplog.core.cli import user_errors as engine_errors

    with engine_errors():
        yield


class Loaded(NamedTuple):
    history: list[Recorded]
    file: str | None  # the replay file it came from, or None for a stored game


def _load(source: str, db: str) -> Loaded:
    """The history of a replay file or else of a stored game."""
    path = Path(source)
    if path.is_file():
        return Loaded(_read(path), source)
    store = open_store(db, read_only=True)
    try:
        return Loaded(store.history(store.resolve(source)), None)
    except GameNotFound as error:
        raise GameNotFound(f"{source!r} is no replay file, and {error}") from None


def _each(sources: list[str], db: str, every: bool) -> Iterator[Loaded]:
    """The named sources, then (with `every`) each stored game, one at a time."""
    for source in sources:
        yield _load(source, db)
    if every:
        store = open_store(db, read_only=True)
        for summary in store.games():
            yield Loaded(store.history(summary.id), None)


def _read(path: Path) -> list[Recorded]:
    try:
        return read_replay(path)
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror}") from None


def _write(path: Path, data: bytes) -> None:
    try:
        path.write_bytes(data)
    except OSError as error:
        raise ValueError(f"cannot write {path}: {error.strerror}") from None
