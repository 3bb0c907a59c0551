"""Playing a tournament's remaining games in worker processes, with this process as the only writer.

Workers play; this process saves. Every batch of games that finish together is saved with their
results in one transaction (`store.save(*games, tournament)`), so a game is never stored without its
result or the other way round, and since a game's id is fixed by its place in the schedule the store
refuses a second copy. Stopping at any moment loses at most the games in progress, which the next run
of the same command plays again from their seeds.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

from eventsourcing.persistence import IntegrityError

from core.store import GameStore
from core.tournament.aggregate import Tournament
from core.tournament.events import Fixture, GameFailed
from core.tournament.schedule import game_id, player_seed
from core.tournament.worker import GameTask, PlayedGame, exit_with_parent, play

QUEUED_PER_WORKER = 8  # keeps workers busy while this process writes; the rest waits, cancellable


class TournamentConflict(RuntimeError):
    """The tournament changed under us in the store: the same command is probably running elsewhere."""


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
    """Play every game not yet recorded, record each as it finishes, and the end once none is left."""
    tasks = iter([task(tournament, fixture) for fixture in tournament.pending()])
    tournament.start(workers)
    save(store, tournament)
    pool = ProcessPoolExecutor(workers, mp_context=worker_context(), initializer=exit_with_parent)
    try:
        running: set[Future[PlayedGame | GameFailed]] = set()
        while True:
            while len(running) < workers * QUEUED_PER_WORKER and (next_task := next(tasks, None)):
                running.add(pool.submit(play, next_task))
            if not running:
                break
            done, running = wait(running, return_when=FIRST_COMPLETED)
            outcomes = [future.result() for future in done]
            for outcome in outcomes:
                tournament.record(outcome.result if isinstance(outcome, PlayedGame) else outcome)
            save(store, *(outcome for outcome in outcomes if isinstance(outcome, PlayedGame)), tournament)
            on_recorded(len(outcomes))
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    tournament.finish()
    save(store, tournament)


def save(store: GameStore, *aggregates: PlayedGame | Tournament) -> None:
    """Save games and the tournament in one transaction."""
    try:
        store.save(*aggregates)
    except IntegrityError as error:
        raise TournamentConflict(
            f"the store refused the tournament's new records ({error}); is the same tournament running in "
            "another process? What was recorded is kept: run the same command again to resume"
        ) from error
