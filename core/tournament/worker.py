"""Tournament games, played in a worker process with the Game aggregate and the match runner.

A worker is handed a few games at once (core/tournament/chunks.py) and plays them one after another. Where
it can reach the store (core/tournament/own_writes.py) it saves them together and sends their results alone;
elsewhere (the memory store, a Ray node away from a SQLite file) it sends each game's whole log back, encoded
as rows of the store and with its result already summarised, and the tournament's process saves it. A game
with a remote seat also sends its new records after every decision (core/tournament/progress.py), and one
that an earlier run left unfinished is played again from its seed, replaying the decisions it stored
(core/resume.py).

Whatever goes wrong in a game that the runner does not absorb (a player that cannot be built, a fallback
that crashes) comes back as GameFailed, so one bad game never stops a tournament. A player that cannot play
at all (CannotPlay: its server refused the key) is raised instead: every game it sits in would fail the
same way.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import threading
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing.queues import Queue
from typing import Any

from meeplog.core.audit import GameFinished, GameStarted, SeatForfeited
from meeplog.core.game import Game, Recorded
from meeplog.core.players import CannotPlay, make_player
from meeplog.core.registry import load_rules
from meeplog.core.rows import Row, encoded
from meeplog.core.runner import DEFAULT_SETTINGS, DeadSeatPolicy, MatchRunner, MatchSettings
from meeplog.core.specs import NamedSpec, PlayerSpec
from meeplog.core.spending import Purse, use_purse
from meeplog.core.tournament.behaviour import seat_reports
from meeplog.core.tournament.events import GameFailed, GameRecorded
from meeplog.core.tournament.outages import send_outages_to
from meeplog.core.tournament.own_writes import save_games
from meeplog.core.tournament.progress import Progress, Sent


@dataclass(frozen=True)
class GameTask:
    """Everything a worker needs to play one scheduled game (it is pickled to the worker)."""

    index: int
    game_id: uuid.UUID
    game: str
    config: dict[str, Any]
    seats: tuple[str, ...]  # the player in each seat, `[NAME=]spec`
    seed: int
    player_seeds: tuple[int, ...]
    fallback: str
    stored: tuple[Recorded, ...] = ()  # what an interrupted run stored of this game, to play again
    timeout: float | None = DEFAULT_SETTINGS.timeout  # seconds a player may think per decision
    on_dead_seat: DeadSeatPolicy = "forfeit"
    outage_wait: float = DEFAULT_SETTINGS.outage_wait  # seconds a seat may wait on an endpoint that is down
    db: str | None = None  # a store the worker saves the game in itself (own_writes.py); None: the parent does


@dataclass(frozen=True)
class PlayedGame:
    """A finished game on its way to the store: its log, encoded as rows of the store (the worker does that
    part of the writer's work; none when the worker saved the game itself), and the result the tournament
    records for it."""

    # Out of the repr: on Python 3.11, where asyncio.Runner installs its Ctrl-C handler (a Ray task; pool workers
    # ignore Ctrl-C), the event loop's end writes the repr of the result of the game it ran (in the message of a
    # ValueError from signal.getsignal that nobody sees), which cost more than the game.
    rows: tuple[Row, ...] = field(repr=False)
    result: GameRecorded

    @property
    def id(self) -> uuid.UUID:
        return uuid.UUID(self.result.game_id)


Outcome = PlayedGame | GameFailed


_progress: list[Queue[Sent]] = []  # where this worker sends the records of games in progress


def start_worker(progress: Queue[Sent], purse: Purse | None = None) -> None:
    """Set a worker up: the queue its games' progress goes to, and its end with the tournament process.

    Ctrl-C reaches the whole process group; the tournament process alone decides what it stops. Ignoring it
    here also keeps asyncio.Runner from installing its own handler for every game, which on Python 3.11 wrote
    the repr of the running task into an unseen error message: 4% of a random Old Man game's instructions."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _progress.append(progress)
    send_outages_to(progress)
    use_purse(purse)
    exit_with_parent()


def exit_with_parent() -> None:
    """Make this worker exit when the tournament process dies (killed, it cannot tell its workers to stop)."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=lambda: (parent.join(), os._exit(1)), name="exit-with-parent", daemon=True).start()


_refused: list[CannotPlay] = []  # once a player could not play, this worker starts no other game


_loop: list[asyncio.Runner] = []  # this worker's event loop, kept from game to game


def play(tasks: Sequence[GameTask]) -> list[Outcome]:
    """Play games one after another on this worker's event loop (a new loop a game, asyncio.run, cost more than
    a bot game), then save them together where the worker saves its own games (`saved`)."""
    if not _loop:
        _loop.append(asyncio.Runner())
    return saved(tasks, _loop[0].run(play_games(tasks)))


async def play_games(tasks: Sequence[GameTask]) -> list[Outcome]:
    """The games one after another in one run of the loop: each run asks for the signal handlers and wraps its
    coroutine in a task, which cost a cheap game a tenth of its runner's own time."""
    return [await play_game(task) for task in tasks]


def play_with_progress(task: GameTask, progress: Queue[Sent]) -> Outcome:
    """A game played where no pool set the worker up (a Ray task): its progress goes to `progress`."""
    _progress[:] = [progress]
    send_outages_to(progress)
    return play((task,))[0]


def saved(tasks: Sequence[GameTask], outcomes: Sequence[Outcome]) -> list[Outcome]:
    """The outcomes of `tasks` as the tournament records them: where the tasks name a store the worker saves in
    (GameTask.db, the same for all of a tournament's), the games are saved in one transaction and come back
    without their rows; a game an earlier attempt stored already is that stored game."""
    db = tasks[0].db if tasks else None
    played = [outcome for outcome in outcomes if isinstance(outcome, PlayedGame)]
    if db is None or not played:
        return list(outcomes)
    stored = save_games(db, [game.rows for game in played])
    sent = {game.id: PlayedGame((), summarise(game.result.index, log) if log else game.result)
            for game, log in zip(played, stored, strict=True)}
    return [sent[outcome.id] if isinstance(outcome, PlayedGame) else outcome for outcome in outcomes]


async def play_game(task: GameTask) -> Outcome:
    """One game to its end, with its rows (`saved` sends them to the store where the worker does so)."""
    if _refused:
        raise _refused[0]
    try:
        rules = load_rules(task.game)
        seeds = task.player_seeds
        players = [make_player(NamedSpec.parse(seat).spec, seed) for seat, seed in zip(task.seats, seeds, strict=True)]
        fallbacks = [make_player(PlayerSpec.parse(task.fallback), seed) for seed in seeds]
        game = Game.start(rules, rules.Config(**task.config), task.seats, task.seed, game_id=task.game_id)
        remote = any(player.expensive for player in players)
        progress = Progress(task.stored, _progress[0].put) if remote and _progress else None
        settings = MatchSettings(timeout=task.timeout, save_every_decision=progress is not None,
                                 on_dead_seat=task.on_dead_seat, outage_wait=task.outage_wait)
        await MatchRunner(game, players, fallbacks, settings=settings, store=progress, stored=task.stored).play()
        return PlayedGame(encoded(game.log), summarise(task.index, game.log))
    except CannotPlay as error:
        _refused.append(error)
        raise
    except Exception as error:  # whatever a game raises is that game's failure, not the tournament's
        return GameFailed(task.index, f"{type(error).__name__}: {error}")


def summarise(index: int, log: Sequence[Recorded]) -> GameRecorded:
    """The result of a finished game's log: scores, ranks, and the seats that fell back or were refused."""
    end = log[-1].event
    if not isinstance(end, GameFinished | SeatForfeited):
        raise ValueError("the game did not finish")
    started = log[0].event
    assert isinstance(started, GameStarted), "a game's log begins with GameStarted"
    reports = seat_reports(log, len(started.seats))  # one pass over the log, which the lists below read off
    fell_back = [seat for seat, report in enumerate(reports) if report.fallbacks]
    rejected = [seat for seat, report in enumerate(reports) if report.rejected]
    game_id = str(log[0].originator_id)
    if isinstance(end, SeatForfeited):
        return GameRecorded(index, game_id, (), (), tuple(fell_back), tuple(rejected), reports, end.seat, end.why)
    return GameRecorded(index, game_id, end.scores, end.ranks, tuple(fell_back), tuple(rejected), reports)
