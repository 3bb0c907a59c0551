"""Games in flight: worker processes that each keep up to `concurrency` games going at once, each game an
asyncio task, for tournaments whose seats wait on the network (DESIGN.md section 8).

A game with a model seat spends nearly all its time waiting for answers, so one game per worker leaves the
worker idle. Here the tournament process hands each worker up to `concurrency` games over the worker's own
pipe and hands it another as each one ends; the worker plays them all on one event loop. The pipe is
written synchronously, so what a worker sent before dying is there to be read, and the tournament process
knows which games each worker had: a worker that dies fails exactly those (WorkerLost), and they are
played again one at a time to find the one to blame, as with a pool of one game per worker.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
from collections import deque
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.context import BaseContext
from multiprocessing.process import BaseProcess
from multiprocessing.queues import Queue

from meeplog.core.spending import Purse
from meeplog.core.tournament.progress import Sent, draining
from meeplog.core.tournament.worker import GameTask, Outcome, play_game, saved, start_worker

REMOTE_CONCURRENCY = 16  # games in flight per worker by default when a seat waits on the network


class WorkerLost(RuntimeError):
    """The worker process playing a game died before the game ended."""


def serve(connection: Connection, progress: Queue[Sent], purse: Purse | None = None) -> None:
    """A worker process: play every game sent until told to stop (None), each as its own asyncio task."""
    start_worker(progress, purse)
    asyncio.run(_serve(connection))


async def _serve(connection: Connection) -> None:
    loop = asyncio.get_running_loop()
    games: set[asyncio.Task[None]] = set()
    while (sent := await loop.run_in_executor(None, connection.recv)) is not None:
        key, task = sent
        game = asyncio.create_task(_play(connection, key, task))
        games.add(game)
        game.add_done_callback(games.discard)
    await asyncio.gather(*games)


async def _play(connection: Connection, key: int, task: GameTask) -> None:
    try:
        outcome = saved((task,), [await play_game(task)])[0]  # a blocking save: own writes seat bots alone
        reply: tuple[int, Outcome | None, BaseException | None] = (key, outcome, None)
    except Exception as error:  # CannotPlay: the tournament stops
        reply = (key, None, error)
    connection.send(reply)


@dataclass
class _Worker:
    process: BaseProcess
    connection: Connection
    games: dict[int, Future[Outcome]] = field(default_factory=dict)  # the games it plays now, by key
    alive: bool = True  # until it is found dead (its process may not be reaped yet)


class InFlightPool:
    """A pool of worker processes with many games in flight each; `submit` gives one future per game."""

    blames_one_game = False  # a dead worker fails all its games in flight: each is played again alone
    most_per_submit = 1  # games are handed out one at a time, as a worker has room

    def __init__(self, context: BaseContext, workers: int, concurrency: int, purse: Purse | None = None) -> None:
        self.workers = workers
        self.concurrency = concurrency
        self.progress: Queue[Sent] = context.Queue()
        self._waiting: deque[tuple[int, GameTask, Future[Outcome]]] = deque()
        self._keys = itertools.count()
        self._lock = threading.Lock()  # the reader thread and `submit` both hand out games
        self._stopping = False
        self._workers = []
        for _ in range(workers):
            ours, theirs = context.Pipe()
            process = context.Process(target=serve, args=(theirs, self.progress, purse), daemon=True)
            process.start()
            theirs.close()
            self._workers.append(_Worker(process, ours))
        self._reader = threading.Thread(target=self._read, name="games-in-flight", daemon=True)
        self._reader.start()

    def submit(self, tasks: Sequence[GameTask]) -> list[Future[Outcome]]:
        futures: list[Future[Outcome]] = [Future() for _ in tasks]
        with self._lock:
            self._waiting.extend((next(self._keys), task, future) for task, future in zip(tasks, futures, strict=True))
            self._hand_out()
        return futures

    @staticmethod
    def lost_worker(error: BaseException | None) -> bool:
        return isinstance(error, WorkerLost)

    def shutdown(self, *, cancel: bool) -> None:
        with self._lock:
            self._stopping = True
            for _, _, future in self._waiting:
                future.cancel()
            self._waiting.clear()
            for worker in self._workers:
                if cancel:
                    worker.process.kill()
                elif worker.alive:
                    worker.connection.send(None)
        with draining(self.progress):
            for worker in self._workers:
                worker.process.join()
        self._reader.join()
        self.progress.close()

    def _hand_out(self) -> None:
        """Give waiting games to the live workers with room (called with the lock held)."""
        for worker in self._workers:
            while self._waiting and worker.alive and len(worker.games) < self.concurrency:
                key, task, future = self._waiting[0]
                try:
                    worker.connection.send((key, task))
                except OSError:  # it died: the reader will fail the games it had
                    worker.alive = False
                    break
                self._waiting.popleft()
                worker.games[key] = future

    def _read(self) -> None:
        """Turn what the workers send into results of their futures, and a dead worker's games into failures."""
        while True:
            with self._lock:
                live = [w for w in self._workers if w.alive or w.games]
                if not live or (self._stopping and not any(w.games for w in live)):
                    return
            ready = wait([w.connection for w in live] + [w.process.sentinel for w in live], timeout=0.5)
            for worker in live:
                if worker.connection in ready:
                    self._receive(worker)
                elif worker.process.sentinel in ready:
                    self._lose(worker)

    def _receive(self, worker: _Worker) -> None:
        try:
            key, outcome, error = worker.connection.recv()
        except (EOFError, OSError):
            self._lose(worker)
            return
        with self._lock:
            future = worker.games.pop(key)
            self._hand_out()
        if error is None:
            future.set_result(outcome)
        else:
            future.set_exception(error)

    def _lose(self, worker: _Worker) -> None:
        with self._lock:
            lost, worker.games, worker.alive = worker.games, {}, False
            orphans: list[Future[Outcome]] = []
            if any(w.alive for w in self._workers):
                self._hand_out()
            else:  # nobody is left to play the games still waiting
                orphans = [future for _, _, future in self._waiting]
                self._waiting.clear()
        worker.process.join()
        died = WorkerLost(f"its worker process died (exit code {worker.process.exitcode})")
        for future in [*lost.values(), *orphans]:
            future.set_exception(died)


def default_concurrency(remote: bool) -> int:
    """Games in flight per worker: many when a seat waits on the network, one for bots that use the CPU."""
    return REMOTE_CONCURRENCY if remote else 1
