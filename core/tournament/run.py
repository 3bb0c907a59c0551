"""Playing a tournament's remaining games in worker processes, and recording what they played.

Workers are handed games a chunk at a time (core/tournament/chunks.py), play them, and, where they can reach
the store (PostgreSQL, or a SQLite file of this machine), save them themselves before they send the results
(core/tournament/own_writes.py); this process records the results. Elsewhere (the memory store, a Ray
cluster writing to SQLite) the workers send the games' records, encoded as the store keeps them, and this
process saves them with their results. Either way results are saved many to a transaction (see Writer), a
game is never recorded without being stored, and since a game's id is fixed by its place in the schedule the
store refuses a second copy. Ctrl-C saves every finished game before it stops; a crash loses at most the
games in progress: the chunks being played and the last tenth of a second's results, which the next run of
the same command plays again from their seeds. A player that cannot play at all (CannotPlay, e.g. a refused
API key) stops the tournament after the games finished with it are saved.

When a seat is remote (an LLM or an HTTP agent), games go out one at a time, this process writes them, and
games in progress also send their new records after every decision, which this process saves as they come
(core/tournament/progress.py): a game stopped half-way keeps every answer it was given, and the next run
plays it again from its seed with those answers.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import queue as queues
import threading
import time
import uuid
from collections import deque
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.context import BaseContext
from multiprocessing.queues import Queue
from typing import Literal, Protocol

from eventsourcing.persistence import IntegrityError

from meeplog.core.game import Recorded
from meeplog.core.players import CannotPlay, load_player_class
from meeplog.core.runner import DEFAULT_SETTINGS, MatchSettings
from meeplog.core.specs import NamedSpec
from meeplog.core.spending import Purse, SpendCapReached
from meeplog.core.store import GameStore, Row
from meeplog.core.tournament.aggregate import Tournament
from meeplog.core.tournament.budget import Budget, OverBudget, Unlimited
from meeplog.core.tournament.chunks import MOST_PER_CHUNK, Chunks
from meeplog.core.tournament.events import Fixture, GameFailed, GameRecorded
from meeplog.core.tournament.inflight import InFlightPool, default_concurrency
from meeplog.core.tournament.outages import EndpointChanged, Outages
from meeplog.core.tournament.own_writes import writes_own_games
from meeplog.core.tournament.patience import SLOW_STORE, patiently, saved_patiently
from meeplog.core.tournament.progress import Records, Sent, draining
from meeplog.core.tournament.ray_pool import RayPool
from meeplog.core.tournament.schedule import game_id, player_seed
from meeplog.core.tournament.worker import GameTask, Outcome, PlayedGame, play, start_worker

Backend = Literal["local", "ray"]
BACKENDS: tuple[Backend, ...] = ("local", "ray")

QUEUED_PER_WORKER = 8  # games handed out ahead per worker (two chunks when more), the rest waits, cancellable
BATCH_GAMES = 256  # at most this many finished games are saved in one transaction
BATCH_SECONDS = 0.1  # and none waits longer than this for its transaction (what a crash here may lose)
PROGRESS_POLL = 0.05  # seconds between two looks at the progress of games in flight, when some seat is remote
WORKER_DIED = "its worker process died (the player crashed the interpreter, or the system killed it)"


class TournamentConflict(RuntimeError):
    """The tournament changed under us in the store: the same command is probably running elsewhere."""


class WorkersUnavailable(RuntimeError):
    """Worker processes die before they can play anything: no game is to blame."""


def default_workers() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def worker_context() -> multiprocessing.context.BaseContext:
    """Fresh worker processes (never a fork of this one, whose threads hold the store's connections)."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["meeplog.core.tournament.worker"])
        return context
    return multiprocessing.get_context("spawn")


def start_worker_server() -> None:
    """Start the process that forks the local pool's workers now, while the command still checks its input and
    opens the store: it imports the worker's modules (0.1-0.2 s) on a core this process leaves idle, where the
    pool's start would wait for it. The pool uses the same server; it exits with this process."""
    if worker_context().get_start_method() == "forkserver":
        from multiprocessing import forkserver

        forkserver.ensure_running()


def task(tournament: Tournament, fixture: Fixture, settings: MatchSettings = DEFAULT_SETTINGS,
         db: str | None = None) -> GameTask:
    """The game a fixture schedules, played with the run's `settings` (time per decision, dead seats), and
    saved by its worker in the store `db` if one is given (own_writes.py)."""
    plan = tournament.plan
    seats = tuple(plan.players[player] for player in fixture.seating)
    return GameTask(
        index=fixture.index,
        game_id=game_id(tournament.id, fixture.index),
        game=plan.game,
        config=dict(plan.config),
        seats=seats,
        seed=fixture.seed,
        player_seeds=tuple(player_seed(plan.seed, fixture.index, seat) for seat in range(len(seats))),
        fallback=plan.fallback,
        timeout=settings.timeout,
        on_dead_seat=settings.on_dead_seat,
        outage_wait=settings.outage_wait,
        db=db,
    )


def has_remote_seat(tournament: Tournament) -> bool:
    """Whether any player of the tournament waits on the network (its moves are expensive to lose)."""
    return any(load_player_class(NamedSpec.parse(player).spec.name).expensive for player in tournament.plan.players)


class Watcher:
    """What a run tells whoever watches it (the command line's progress bar); this one watches nothing."""

    def recorded(self, results: Sequence[GameRecorded | GameFailed]) -> None:
        """Games just recorded, in one transaction."""

    def progressed(self, records: Sequence[Recorded]) -> None:
        """Records of games with a remote seat, saved as they were made (decision by decision)."""

    def store_unreachable(self, reason: str) -> None:
        """The store stopped answering (a database restarting): the run waits for it (STORE_PATIENCE)."""

    def store_back(self) -> None:
        """The store answers again after store_unreachable; nothing was lost."""

    def endpoint(self, line: str) -> None:
        """A model's server or an agent's URL went down (its games pause) or answers again (outages.py)."""


class Writer:
    """This process's side of saving: games' records as they come, each once, then games and results.

    Finished games are saved many to a transaction (group commit): a game waits at most BATCH_SECONDS, and a
    transaction holds at most BATCH_GAMES, so the commit that was most of a cheap game's saving is shared.
    What a crash of this process can lose is the open batch: games that finished in the last BATCH_SECONDS,
    which the next run plays again from their seeds, to the same results. Stopping flushes it (`flush`).
    """

    def __init__(self, store: GameStore, tournament: Tournament, watcher: Watcher, *, own_writes: bool = False
                 ) -> None:
        self.store = store
        self.tournament = tournament
        self.watcher = watcher
        self.own_writes = own_writes  # workers save their games themselves (own_writes.py): results come alone
        self.heard = time.monotonic()  # when a game last finished, or the store last answered
        self.saved: dict[uuid.UUID, int] = {}  # the versions of each game already in the store (progress may
        # come after the game's end: what it holds is saved already)
        self.outages = Outages()
        self._batch: list[Outcome] = []
        self._since = 0.0  # when the oldest game of the open batch finished (time.monotonic)

    def with_stored(self, task: GameTask) -> GameTask:
        """The task with what the store holds of its game, from an interrupted run, to be played again."""
        stored = tuple(patiently(lambda: list(self.store.events.get(task.game_id)), self.watcher))
        self.saved[task.game_id] = len(stored)
        return dataclasses.replace(task, stored=stored)

    def save_progress(self, progress: ProgressQueue) -> list[Recorded]:
        """Save every record the workers sent that is not in the store yet, in one transaction; those records."""
        batches = []
        while True:
            try:
                item = progress.get_nowait()
            except queues.Empty:
                break
            if isinstance(item, EndpointChanged):
                if (line := self.outages.line(item)) is not None:
                    self.watcher.endpoint(line)
            else:
                batches.append(item)
        unsaved = [records for records in map(self._unsaved, batches) if records.records]
        saved = [record for records in unsaved for record in records.records]
        if unsaved:
            save(self.store, *unsaved, watcher=self.watcher)
            self.watcher.progressed(saved)
        return saved

    def finished(self, outcomes: Sequence[Outcome]) -> None:
        """Add finished games to the open batch, and save it if it is full or its oldest game waited enough."""
        if outcomes:
            self.heard = time.monotonic()
        if outcomes and not self._batch:
            self._since = self.heard
        self._batch += outcomes
        if len(self._batch) >= BATCH_GAMES or (self._batch and self.due_in() == 0):
            self.flush()

    def due_in(self) -> float | None:
        """Seconds left before the open batch must be saved; None when there is no open batch."""
        if not self._batch:
            return None
        return max(0.0, self._since + BATCH_SECONDS - time.monotonic())

    def check_store(self) -> None:
        """When workers save their games and none has finished for a while, make sure the store answers: the
        workers wait out an outage silently, and this says it, once, as a save of this process would."""
        if self.own_writes and time.monotonic() - self.heard >= SLOW_STORE:
            patiently(self.store.recorder.max_notification_id, self.watcher)
            self.heard = time.monotonic()

    def flush(self) -> None:
        """Save the open batch, games and results, in one transaction."""
        outcomes, self._batch = self._batch, []
        if not outcomes:
            return
        results = list(map(result_of, outcomes))
        for result in results:
            self.tournament.record(result)
        rows = [row for outcome in outcomes if isinstance(outcome, PlayedGame) for row in self._unsaved_rows(outcome)]
        events = self.tournament.collect_events()  # once: a save tried again must save the same events
        try:
            saved_patiently(lambda: self.store.save_rows(rows, events), lambda: self.store.holds(rows, events),
                            self.watcher)
        except IntegrityError as error:
            raise conflict(error) from error
        self.watcher.recorded(results)

    def _unsaved(self, records: Sequence[Recorded]) -> Records:
        game = records[0].originator_id
        done = self.saved.get(game, 0)
        fresh = [record for record in records if record.originator_version > done]
        if fresh:
            self.saved[game] = fresh[-1].originator_version
        return Records(game, fresh)

    def _unsaved_rows(self, game: PlayedGame) -> Sequence[Row]:
        """A finished game's rows past what its progress saved already (all of them for a bot game)."""
        if not self.saved:  # no game has a remote seat
            return game.rows
        done = self.saved.get(game.id, 0)
        self.saved[game.id] = len(game.rows)
        return game.rows[done:]


def result_of(outcome: Outcome) -> GameRecorded | GameFailed:
    return outcome.result if isinstance(outcome, PlayedGame) else outcome


def play_tournament(
    store: GameStore,
    tournament: Tournament,
    workers: int,
    watcher: Watcher | None = None,
    concurrency: int | None = None,
    *,
    backend: Backend = "local",
    settings: MatchSettings = DEFAULT_SETTINGS,
    max_cost: float | None = None,
) -> None:
    """Play every game not yet recorded, record each as it finishes, and the end once none is left.

    Each worker plays `concurrency` games at once (default: many when a seat is remote, else one). If a
    worker process dies (a player crashed the interpreter, the system killed it for memory), the games it
    may have been playing are played again one at a time, and one that kills its worker alone is recorded
    as failed. On Ray (`backend="ray"`, connected with meeplog.core.tournament.ray_pool.connect, `workers` the
    cluster's CPUs) Ray plays a game whose worker died again itself, and one it cannot finish is failed.
    `settings` bound each decision's time and say what a dead seat does (core/runner.py); `watcher` is told
    what is recorded as it is. With `max_cost`, no game starts past that spend (core/tournament/budget.py):
    the run stops with OverBudget, resumable.
    """
    own_writes = writes_own_games(store.db, on_this_machine=backend == "local") and not has_remote_seat(tournament)
    db = store.db if own_writes else None
    queue = deque(task(tournament, fixture, settings, db) for fixture in tournament.pending())
    watcher = watcher or Watcher()
    tournament.start(workers)
    save(store, tournament, watcher=watcher)
    writer = Writer(store, tournament, watcher, own_writes=own_writes)
    purse = Purse.new(worker_context(), 0.0, max_cost) if max_cost is not None and backend == "local" else None
    budget = Budget(max_cost, tournament, purse) if max_cost is not None else Unlimited()
    in_flight = concurrency or default_concurrency(has_remote_seat(tournament))
    room = workers * max(in_flight, QUEUED_PER_WORKER)
    try:
        while queue:
            pool = _open_pool(backend, workers, in_flight, purse)
            for suspect in _play_in_pool(writer, queue, pool, workers, room, budget=budget):
                if _play_in_pool(writer, deque([suspect]), _open_pool(backend, 1, 1, purse), 1, 1, budget=budget):
                    writer.finished([GameFailed(suspect.index, WORKER_DIED)])
    except SpendCapReached as refused:
        assert isinstance(budget, Budget)
        raise OverBudget(budget.why_stopped(str(refused))) from None
    writer.flush()
    tournament.finish()
    save(store, tournament, watcher=watcher)


class Pool(Protocol):
    """Where games are played: it hands back a future per game, and the records of games in progress."""

    progress: ProgressQueue  # records of games with a remote seat, sent after every decision
    blames_one_game: bool  # a lost worker fails only the game it was playing (else: every game in flight)
    most_per_submit: int  # games one submission may hand a worker together (core/tournament/chunks.py)

    def submit(self, tasks: Sequence[GameTask]) -> list[Future[Outcome]]: ...

    def lost_worker(self, error: BaseException | None) -> bool: ...

    def shutdown(self, *, cancel: bool) -> None: ...


class ProgressQueue(Protocol):
    def get_nowait(self) -> Sent: ...


class OneGameEach:
    """Worker processes playing one game at a time each (bots use the CPU while they think), handed a chunk
    of games at once."""

    blames_one_game = False
    most_per_submit = MOST_PER_CHUNK

    def __init__(self, context: BaseContext, workers: int, purse: Purse | None = None) -> None:
        self.progress: Queue[Sent] = context.Queue()
        self.executor = ProcessPoolExecutor(workers, mp_context=context, initializer=start_worker,
                                            initargs=(self.progress, purse))
        try:
            self.executor.submit(os.getpid).result()
        except BrokenProcessPool as error:  # a worker that dies before any game is no game's fault
            self.shutdown(cancel=True)
            raise WorkersUnavailable(
                "worker processes die as they start; if you call the tournament from a script of your own, guard"
                " its main code with `if __name__ == '__main__':` (Python's multiprocessing needs it)"
            ) from error

    def submit(self, tasks: Sequence[GameTask]) -> list[Future[Outcome]]:
        """One call of the pool for the chunk, and a future for each of its games."""
        games: list[Future[Outcome]] = [Future() for _ in tasks]
        self.executor.submit(play, tuple(tasks)).add_done_callback(lambda chunk: _settle(chunk, games))
        return games

    @staticmethod
    def lost_worker(error: BaseException | None) -> bool:
        return isinstance(error, BrokenProcessPool)

    def shutdown(self, *, cancel: bool) -> None:
        """Stop the workers once they have played what they hold. Cancelled, the run goes on at once while a
        thread of its own joins them: a worker ends only once what it put on the progress queue is read, and the
        interpreter joins it at its exit anyway, so the queue is read until then (else both wait for ever)."""
        if cancel:
            threading.Thread(target=self._close, args=(True,), name="pool-shutdown", daemon=True).start()
        else:
            self._close(False)

    def _close(self, cancel: bool) -> None:
        with draining(self.progress):
            self.executor.shutdown(wait=True, cancel_futures=cancel)
        self.progress.close()


def _settle(chunk: Future[list[Outcome]], games: Sequence[Future[Outcome]]) -> None:
    """Each game's future from its chunk's: its outcome, or what ended the chunk (a lost worker, a Ctrl-C)."""
    if chunk.cancelled():
        for game in games:
            game.cancel()
    elif (error := chunk.exception()) is not None:
        for game in games:
            game.set_exception(error)
    else:
        for game, outcome in zip(games, chunk.result(), strict=True):
            game.set_result(outcome)


def _open_pool(backend: Backend, workers: int, concurrency: int, purse: Purse | None) -> Pool:
    """The pool of a backend; its local workers share the run's `purse`, if it has a cap."""
    if backend == "ray":
        return RayPool(concurrency)
    context = worker_context()
    if concurrency > 1:
        return InFlightPool(context, workers, concurrency, purse)
    return OneGameEach(context, workers, purse)


def _play_in_pool(writer: Writer, queue: deque[GameTask], pool: Pool, workers: int, room: int, *,
                  budget: Budget | Unlimited) -> list[GameTask]:
    """Play the queued games in `pool`'s `workers`, at most `room` games submitted at once (or two chunks a
    worker, if more) and none past the `budget`, until none is left or a worker dies; then the games
    unrecorded (none if the pool blames a lost worker's one game: that game is recorded as failed and the
    others play on)."""
    remote = has_remote_seat(writer.tournament)
    chunks = Chunks(workers, pool.most_per_submit)
    running: dict[Future[Outcome], GameTask] = {}
    try:
        while queue or running:
            while queue and len(running) < max(room, 2 * workers * (size := chunks.size(len(queue)))):
                chunk = chunks.take(queue, size, budget)
                if not chunk:  # the budget refused the next game
                    break
                if remote:
                    chunk = [writer.with_stored(task) for task in chunk]
                    for replayed in chunk:
                        budget.replaying(replayed)
                running.update(zip(pool.submit(chunk), chunk, strict=True))
            if queue and not running:  # room for a game, and the budget refused it
                raise OverBudget(budget.why_stopped())
            polls = (PROGRESS_POLL if remote else None, writer.due_in(), SLOW_STORE if writer.own_writes else None)
            timeouts = [t for t in polls if t is not None]
            done, _ = wait(running, timeout=min(timeouts, default=None), return_when=FIRST_COMPLETED)
            if not done:
                writer.check_store()
            if remote:
                progressed = writer.save_progress(pool.progress)
                budget.progressed(progressed)
            stopped = [future.exception() for future in done if isinstance(future.exception(), CannotPlay)]
            lost = [future for future in done if pool.lost_worker(future.exception())]
            finished = [future for future in done if future not in lost and future.exception() not in stopped]
            outcomes = [future.result() for future in finished]
            if pool.blames_one_game:
                outcomes += [GameFailed(running[future].index, WORKER_DIED) for future in lost]
                finished, lost = finished + lost, []
            for future in finished:
                del running[future]
            chunks.played(len(outcomes))
            writer.finished(outcomes)
            budget.recorded(map(result_of, outcomes))
            if stopped:
                raise stopped[0]
            if lost:
                pool.shutdown(cancel=True)
                return list(running.values())
    except BaseException:
        try:
            writer.flush()  # Ctrl-C and a stopped tournament keep every game finished so far
        finally:
            pool.shutdown(cancel=True)
        raise
    pool.shutdown(cancel=False)
    writer.flush()
    return []


def save(store: GameStore, *aggregates: Records | Tournament, watcher: Watcher) -> None:
    """Save games' records and the tournament in one transaction, waiting out a store that cannot be reached."""
    collected = [Records(aggregate.id, aggregate.collect_events()) for aggregate in aggregates]  # taken once
    try:
        saved_patiently(lambda: store.save(*collected),
                        lambda: store.holds((), [record for aggregate in collected for record in aggregate.records]),
                        watcher)
    except IntegrityError as error:
        raise conflict(error) from error


def conflict(error: IntegrityError) -> TournamentConflict:
    return TournamentConflict(
        f"the store refused the tournament's new records ({error}); is the same tournament running in "
        "another process? What was recorded is kept: run the same command again to resume"
    )
