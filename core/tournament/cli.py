"""`meeplog tournament`: run (or resume) a tournament, and show or list stored ones.

`meeplog tournament GAME -p ...` runs; `show ID` and `list` read the store, even while a run writes to it.
meeplog.core.cli is imported inside the commands: it loads this module as a plugin when it is imported itself.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
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
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

from meeplog.core.audit import PlayerFellBack
from meeplog.core.game import Recorded
from meeplog.core.players import CannotPlay, EndpointDown, make_player
from meeplog.core.plotting import plotting_installed
from meeplog.core.preflight import preflight
from meeplog.core.registry import load_rules
from meeplog.core.runner import DEFAULT_SETTINGS, MatchSettings, dead_seat_policy
from meeplog.core.specs import NamedSpec, PlayerSpec
from meeplog.core.statuses import GAMES_FAILED, INTERRUPTED, STOPPED_AT_A_CAP
from meeplog.core.store import DEFAULT_DB, GameStore, open_store
from meeplog.core.tournament.aggregate import Tournament
from meeplog.core.tournament.budget import OverBudget, check_priced
from meeplog.core.tournament.events import GameFailed, GameRecorded
from meeplog.core.tournament.patience import STORE_PATIENCE
from meeplog.core.tournament.ray_pool import RayUnavailable, connect
from meeplog.core.tournament.report import printable, warm_plotting, write_all
from meeplog.core.tournament.run import (
    BACKENDS,
    Backend,
    TournamentConflict,
    Watcher,
    WorkersUnavailable,
    default_workers,
    play_tournament,
    start_worker_server,
)
from meeplog.core.tournament.schedule import Plan, canonical, labels
from meeplog.core.tournament.standings import standings
from meeplog.core.tournament.stored import (
    TournamentNotFound,
    load_tournament,
    open_tournament,
    resolve_tournament,
    tournament_ids,
)

# Files and pipes get whole rows: no column is left out for them (a terminal's width leaves some out, and says so).
console = Console(highlight=False, width=None if sys.stdout.isatty() else 240)


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
    from meeplog.core.cli import fail
    from meeplog.core.cli import user_errors as engine_errors

    with engine_errors():
        try:
            yield
        except (TournamentNotFound, TournamentConflict) as error:
            fail(str(error))
        except (WorkersUnavailable, RayUnavailable) as error:
            fail(str(error), status=GAMES_FAILED)
        except EndpointDown as error:
            fail(f"{error}. The tournament stopped; the games recorded, and every decision of the games paused, are"
                 " kept: the same command resumes them once the endpoint answers", status=STOPPED_AT_A_CAP)
        except CannotPlay as error:
            fail(f"{error}. The tournament stopped; the games recorded are kept, and the same command resumes",
                 status=GAMES_FAILED)


class RateColumn(ProgressColumn):
    """Games per second on average over this run: the games it finished over the wall time since it started.

    Not rich's `task.speed`, which divides the last few advances by the gaps between them: games reported in
    batches (a worker's several at once) made it read 14.7 games/s for a real 2. The games a resumed run found
    recorded (the task's `before` field) are not counted as its own. Below a game in ten seconds (a model's
    games) the rate reads per minute, where games/s would show 0.0."""

    def render(self, task: Task) -> Text:
        finished = task.completed - task.fields["before"]
        if not finished or not task.elapsed:
            return Text("")
        rate = finished / task.elapsed
        return Text(f"avg {rate:.1f} games/s" if rate >= 0.1 else f"avg {60 * rate:.1f} games/min")


@app.command()
def run(
    game: Annotated[str, typer.Argument(help="game id, see `meeplog games`")],
    player: Annotated[
        list[str], typer.Option("--player", "-p", help="a player: [NAME=]spec, e.g. gpt=llm:base_url=...,model=...")
    ],
    games: Annotated[int, typer.Option(min=1, help="number of games")] = 100,
    seats: Annotated[int | None, typer.Option(min=1, help="seats per game (default: one a player)")] = None,
    workers: Annotated[int | None, typer.Option(min=1, help="worker processes (default: one per core)")] = None,
    concurrency: Annotated[
        int | None,
        typer.Option(min=1, help="games in flight per worker (default: 16 when a seat is llm or http, else 1)"),
    ] = None,
    seed: Annotated[int, typer.Option(help="seed of the deals and the bots")] = 0,
    db: DbOption = DEFAULT_DB,
    option: Annotated[list[str], typer.Option("--option", "-o", help="a game option key=value")] = [],
    fallback: Annotated[str, typer.Option(help="player spec that moves for a failing player")] = "random",
    out: Annotated[Path, typer.Option(help="folder for the standings as JSON, CSV and PNG")] = Path("results"),
    backend: Annotated[
        str, typer.Option(help="where the games are played: local worker processes, or ray (docs/cluster.md)")
    ] = "local",
    address: Annotated[
        str, typer.Option(help="with --backend ray: auto (this machine's cluster or RAY_ADDRESS), HOST:PORT or "
                          "ray://HOST:10001")
    ] = "auto",
    timeout: Annotated[
        float, typer.Option(min=0.001, help="seconds a player may think per decision before the fallback moves")
    ] = 120.0,
    on_dead_seat: Annotated[
        str, typer.Option(help="a seat that fails dead_after decisions in a row (a seat option, 3 for llm and http)"
                          " or thinks past its game_time: forfeit its game and go on, or stop (resumable)")
    ] = "forfeit",
    max_cost: Annotated[
        float | None,
        typer.Option(min=0, help="start no game once the priced seats' spend (in the prices' unit) would pass this;"
                     " the run stops with status 3, and the same command with a higher cap resumes"),
    ] = None,
    outage_wait: Annotated[
        float, typer.Option(min=0.001, help="seconds the games wait on a model's server or an agent's URL that is"
                            " down (paused: no request, no fallback); past it the run stops with status 3, resumable")
    ] = DEFAULT_SETTINGS.outage_wait,
) -> None:
    """Play a tournament with rotated seats and paired deals; the same command again resumes it.

    A tournament is identified by its game, rules version, options, players (in order), seats, games, seed
    and fallback; --db, --workers, --concurrency, --backend, --timeout, --on-dead-seat, --max-cost, --outage-wait
    and --out may differ between runs. The exit status is 1 when a game could not be played or no game could be
    rated, and 3 when the run stopped at --max-cost or --outage-wait.
    """
    with user_errors():
        if backend not in BACKENDS:
            raise ValueError(f"--backend is one of {', '.join(BACKENDS)}, not {backend!r}")
        if backend == "local":
            start_worker_server()  # both start work that the run needs later, on the cores it leaves idle now
        warm_plotting()
        settings = MatchSettings(timeout=timeout, on_dead_seat=dead_seat_policy(on_dead_seat), outage_wait=outage_wait)
        plan = make_plan(game, player, games, seats, seed, option, fallback)
        if max_cost is not None:
            check_priced(plan.players)
            if backend == "ray":
                console.print("note: on Ray, --max-cost is checked as each game starts, not before each request: the"
                              " games running may pass it by what they cost beyond what a game is expected to cost")
        cluster_cpus = connect(address) if backend == "ray" else None
        store = open_store(db)
        tournament, stored = open_tournament(store, plan)
        within_cap = True
        done, total = len(tournament.results), plan.games
        console.print(f"tournament {tournament.id} ({game}, {plan.seats} seats, {total} games)")
        if tournament.finished:
            console.print("already played to the end")
        else:
            if stored:
                console.print(f"resuming: {done} games already recorded, {total - done} to play")
            check_endpoints(plan)
            workers = workers or cluster_cpus or default_workers_for(plan)
            within_cap = _play_with_progress(store, tournament, workers, concurrency, backend, settings, max_cost)
        from meeplog.core.analysis.losses import tournament_losses

        result = standings(tournament, tournament_losses(store, tournament))  # analyses of a resumed one's games
        console.print(printable(result, console.width))
        paths = write_all(result, out)
        console.print(f"standings written to {', '.join(map(str, paths))}")
        if not plotting_installed():
            console.print("no PNG plot: matplotlib is not installed (pip install 'meeplog[plots]' draws it)",
                          markup=False)
    if not within_cap:
        raise typer.Exit(STOPPED_AT_A_CAP)
    if result.failed or not result.rated:
        raise typer.Exit(GAMES_FAILED)


def make_plan(
    game: str, players: list[str], games: int, seats: int | None, seed: int, options: list[str], fallback: str
) -> Plan:
    """The tournament the command line asks for, checked against the game (seats, options, player specs)."""
    from meeplog.core.cli import configure

    rules = load_rules(game)
    if not players:
        raise ValueError("give the players with -p/--player, once per player")
    specs = tuple(canonical(spec) for spec in players)
    names = [name for name in (NamedSpec.parse(spec).name for spec in specs) if name]
    if twice := sorted({name for name in names if names.count(name) > 1}):
        raise ValueError(f"two players are named {', '.join(twice)}; give each player a name of its own")
    count = seats or min(max(len(specs), rules.min_players), rules.max_players)
    config = configure(rules, count, options)
    if count > len(specs):
        raise ValueError(
            f"{rules.title} is played with {count} seats but {len(specs)} players were given;"
            f" give at least {count} -p (the same spec may be given twice)"
        )
    fallback = str(PlayerSpec.parse(fallback))
    for spec in dict.fromkeys((*(str(NamedSpec.parse(spec).spec) for spec in specs), fallback)):
        make_player(PlayerSpec.parse(spec), seed)  # a bad spec is refused now, not once per game
    return Plan(game, rules.version, config.model_dump(mode="json"), specs, games, seed, fallback)


def check_endpoints(plan: Plan) -> None:
    """Ask every endpoint the players call once before the first game (core/preflight.py): a wrong URL, port,
    model or key stops the run here, in one line naming the player."""
    rules = load_rules(plan.game)
    players = [(f"player {label}", make_player(NamedSpec.parse(spec).spec, plan.seed))
               for label, spec in zip(labels(plan.players), plan.players, strict=True)]
    preflight(rules, rules.Config(**plan.config), players)


def default_workers_for(plan: Plan) -> int:
    """One worker per core; one in all when a player limits its requests at once (`max_requests`), so that the
    limit, kept per process, holds for the whole tournament (one worker keeps many remote games in flight)."""
    limited = any("max_requests" in NamedSpec.parse(player).spec.options for player in plan.players)
    return 1 if limited else default_workers()


class ProgressBar(Watcher):
    """The run's progress bar: games recorded, and fallbacks, forfeits and failures as they happen, with one
    line for each forfeit naming the seat, who plays it and its last failure."""

    def __init__(self, progress: Progress, bar: TaskID) -> None:
        self.progress = progress
        self.bar = bar
        self.fell_back = 0  # decisions the fallback made, seen live (remote seats) or at the game's end
        self.forfeited = 0
        self.failed = 0

    def recorded(self, results: Sequence[GameRecorded | GameFailed]) -> None:
        for result in results:
            if isinstance(result, GameFailed):
                self.failed += 1
            elif result.forfeited is not None:
                self.forfeited += 1
                self.progress.console.print(f"game {result.index} forfeited: {result.why}", soft_wrap=True)
        self.progress.update(self.bar, advance=len(results), faults=self._faults())

    def progressed(self, records: Sequence[Recorded]) -> None:
        self.fell_back += sum(isinstance(r.event, PlayerFellBack) for r in records)
        self.progress.update(self.bar, faults=self._faults())

    def store_unreachable(self, reason: str) -> None:
        self.progress.console.print(f"the store stopped answering ({reason}); waiting for it to come back, up to "
                                    f"{STORE_PATIENCE / 60:g} minutes (nothing is lost meanwhile)", soft_wrap=True)

    def store_back(self) -> None:
        self.progress.console.print("the store answers again; the tournament goes on")

    def endpoint(self, line: str) -> None:
        self.progress.console.print(line, soft_wrap=True)

    def _faults(self) -> str:
        counts = (("fell back", self.fell_back), ("forfeited", self.forfeited), ("failed", self.failed))
        return ", ".join(f"{count} {what}" for what, count in counts if count)


def _play_with_progress(
    store: GameStore, tournament: Tournament, workers: int, concurrency: int | None, backend: Backend,
    settings: MatchSettings,
    max_cost: float | None,
) -> bool:
    """Play with a progress bar; False when the run stopped at the cost cap (said in one line)."""
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        TextColumn("[yellow]{task.fields[faults]}"),
    )
    total = len(tournament.plan.fixtures)
    try:
        with Progress(*columns, console=console) as progress:
            where = f"{workers} CPUs on Ray" if backend == "ray" else f"{workers} workers"
            done = len(tournament.results)
            bar = progress.add_task(where, total=total, completed=done, before=done, faults="")
            watcher = ProgressBar(progress, bar)
            play_tournament(store, tournament, workers, watcher, concurrency, backend=backend, settings=settings,
                            max_cost=max_cost)
    except KeyboardInterrupt:
        # The store's count, not the aggregate's: Ctrl-C may land between recording a batch and saving it.
        stored = len(load_tournament(store, tournament.id).results)
        console.print(f"interrupted: {stored}/{total} games recorded; the same command resumes")
        raise typer.Exit(INTERRUPTED) from None
    except OverBudget as stopped:
        console.print(str(stopped), soft_wrap=True)
        return False
    return True


@app.command()
def show(
    tournament_id: Annotated[str, typer.Argument(help="a tournament's id (or a unique prefix of it)")],
    db: DbOption = DEFAULT_DB,
    analysis_sims: Annotated[int | None, typer.Option(help="mean loss from the analyses at these simulations "
                                                           "(default: the setting with the most analyses)")] = None,
    analysis_seed: Annotated[int | None, typer.Option(help="mean loss from the analyses of this seed")] = None,
) -> None:
    """Print the standings of a stored tournament, finished or not (even while it runs), with each player's mean
    loss per decision where its games were analysed (`meeplog analyse --tournament ID`)."""
    from meeplog.core.analysis.losses import tournament_losses

    with user_errors():
        store = open_store(db, read_only=True)
        tournament = load_tournament(store, resolve_tournament(store, tournament_id))
        losses = tournament_losses(store, tournament, analysis_sims, analysis_seed)
        console.print(printable(standings(tournament, losses), console.width))


@app.command("list")
def list_tournaments(db: DbOption = DEFAULT_DB) -> None:
    """List the tournaments in a store with their progress."""
    with user_errors():
        store = open_store(db, read_only=True)
        found = [load_tournament(store, tournament_id) for tournament_id in tournament_ids(store)]
    from meeplog.core.cli import fitting_ids

    listing = Table(title=f"Tournaments in {db}")
    for column in ("id", "game", "players", "seats", "recorded", "state"):
        listing.add_column(column, overflow="fold", no_wrap=column == "id")
    ids = fitting_ids([str(tournament.id) for tournament in found], console.width, whole_from=120)
    for shown, tournament in zip(ids, found, strict=True):
        plan = tournament.plan
        state = "finished" if tournament.finished else "in progress or interrupted"
        recorded = f"{len(tournament.results)}/{len(plan.fixtures)}"
        players = " | ".join(labels(plan.players))
        listing.add_row(shown, plan.game, players, str(plan.seats), recorded, state)
    console.print(listing)
