"""Playing a tournament's remaining games in worker processes, with this process as the only writer.

Workers play; this process saves. Every batch of games that finish together is saved with their
results in one transaction (`store.save(*games, tournament)`), so a game is never stored without its
result or the other way round, and since a game's id is fixed by its place in the schedule the store
refuses a second copy. Stopping at any moment loses at most the games in progress, which the next run
of the same command plays again from their seeds. A player that cannot play at all (CannotPlay, e.g. a
refused API key) stops the tournament after the games finished with it are saved.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from eventsourcing.persistence import IntegrityError

from core.players import CannotPlay
from core.store import GameStore
from core.tournament.aggregate import Tournament
from core.tournament.events import Fixture, GameFailed
from core.tournament.schedule import game_id, player_seed
from core.tournament.worker import GameTask, PlayedGame, exit_with_parent, play

QUEUED_PER_WORKER = 8  # keeps workers busy while this process writes; the rest waits, cancellable
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
        context.set_forkserver_preload(["core.tournament.worker"])
        return context
    return multiprocessing.get_context("spawn")


def task(tournament: Tournament, fixture: Fixture) -> GameTask:
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
    )


def play_tournament(
    store: GameStore, tournament: Tournament, workers: int, on_recorded: Callable[[int], None] = lambda n: None
) -> None:
    """Play every game not yet recorded, record each as it finishes, and the end once none is left.

    If a worker process dies (a player crashed the interpreter, the system killed it for memory), the games
    it may have been playing are played again one at a time, and one that kills its worker alone is
    recorded as failed.
    """
    queue = deque(task(tournament, fixture) for fixture in tournament.pending())
    tournament.start(workers)
    save(store, tournament)
    while queue:
        for suspect in _play_in_pool(store, tournament, queue, workers, on_recorded):
            if _play_in_pool(store, tournament, deque([suspect]), 1, on_recorded):
                tournament.record(GameFailed(suspect.index, WORKER_DIED))
                save(store, tournament)
                on_recorded(1)
    tournament.finish()
    save(store, tournament)


def _play_in_pool(
    store: GameStore, tournament: Tournament, queue: deque[GameTask], workers: int, on_recorded: Callable[[int], None]
) -> list[GameTask]:
    """Play the queued games in a fresh pool until none is left or a worker dies; then the games unrecorded."""
    pool = ProcessPoolExecutor(workers, mp_context=worker_context(), initializer=exit_with_parent)
    running: dict[Future[PlayedGame | GameFailed], GameTask] = {}
    try:
        _check_workers_start(pool)
        while queue or running:
            while queue and len(running) < workers * QUEUED_PER_WORKER:
                next_task = queue.popleft()
                running[pool.submit(play, next_task)] = next_task
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            stopped = [future.exception() for future in done if isinstance(future.exception(), CannotPlay)]
            finished = [future for future in done if not isinstance(future.exception(), BrokenProcessPool | CannotPlay)]
            outcomes = [future.result() for future in finished]
            for future in finished:
                del running[future]
            for outcome in outcomes:
                tournament.record(outcome.result if isinstance(outcome, PlayedGame) else outcome)
            save(store, *(outcome for outcome in outcomes if isinstance(outcome, PlayedGame)), tournament)
            on_recorded(len(outcomes))
            if stopped:
                raise stopped[0]
            if len(finished) < len(done):
                pool.shutdown(wait=False, cancel_futures=True)
                return list(running.values())
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return []


def _check_workers_start(pool: ProcessPoolExecutor) -> None:
    """A worker that dies before any game is not a game's fault: say so instead of failing every game."""
    try:
        pool.submit(os.getpid).result()
    except BrokenProcessPool as error:
        raise WorkersUnavailable(
            "worker processes die as they start; if you call the tournament from a script of your own, guard its"
            " main code with `if __name__ == '__main__':` (Python's multiprocessing needs it)"
        ) from error


def save(store: GameStore, *aggregates: PlayedGame | Tournament) -> None:
    """Save games and the tournament in one transaction."""
    try:
        store.save(*aggregates)
    except IntegrityError as error:
        raise TournamentConflict(
            f"the store refused the tournament's new records ({error}); is the same tournament running in "
            "another process? What was recorded is kept: run the same command again to resume"
        ) from error
