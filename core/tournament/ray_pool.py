"""`--backend ray`: a tournament's games as tasks on a Ray cluster, written as with the local pool.

A game is a Ray task that plays it and returns its log and result, as a local worker does (on PostgreSQL
the task saves the game itself and returns the result: core/tournament/own_writes.py); the records of
a game with a remote seat travel to this process through a Ray queue after every decision. Ray plays a
task again elsewhere when the worker or node running it dies (RAY_RETRIES times), so unlike a local pool,
a lost worker costs the one game it was playing, and a game that still fails after that is the one to
blame (docs/cluster.md).
"""

from __future__ import annotations

import socket
from collections.abc import Sequence
from concurrent.futures import Future
from typing import Any

from meeplog.core.extras import needs_extra
from meeplog.core.tournament.worker import GameTask, Outcome, play_with_progress

RAY_RETRIES = 2  # times Ray plays a game again on another worker when its worker or node dies
CONNECT_SECONDS = 5  # to reach a cluster's address before Ray is asked to join it


class RayUnavailable(RuntimeError):
    """No Ray cluster answers at the address given."""


def connect(address: str) -> int:
    """Join the Ray cluster at `address` (`auto`: the one `ray start` set up here, or RAY_ADDRESS); its CPUs."""
    with needs_extra("ray", "`--backend ray` (on this machine and every node)"):
        import ray
    if not ray.is_initialized():
        try:
            _check_reachable(address)
            ray.init(address=address, logging_level="ERROR", log_to_driver=False)
        except ConnectionError as error:
            raise RayUnavailable(
                f"no Ray cluster at {address!r} ({error}); start one with `ray start --head`, or give the address"
                " of yours as --address HOST:6379 or ray://HOST:10001"
            ) from error
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def _check_reachable(address: str) -> None:
    """Refuse at once an address nothing listens on (Ray itself would keep trying for minutes)."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if host and port.isdigit():
        with socket.create_connection((host, int(port)), timeout=CONNECT_SECONDS):
            pass


class RayPool:
    """Games as Ray tasks, each taking 1/`concurrency` of a CPU (many at once when seats wait on the network)."""

    blames_one_game = True
    most_per_submit = 1  # Ray spreads the games itself; a task a game is what it retries alone

    def __init__(self, concurrency: int) -> None:
        import ray
        from ray.util.queue import Queue

        self._ray = ray
        self.progress = Queue(actor_options={"num_cpus": 0})  # never waits for a CPU the games that fill it hold
        self._play = ray.remote(num_cpus=1 / concurrency, max_retries=RAY_RETRIES)(play_with_progress)
        self._running: dict[Future[Outcome], Any] = {}

    def submit(self, tasks: Sequence[GameTask]) -> list[Future[Outcome]]:
        return [self._submit(task) for task in tasks]

    def _submit(self, task: GameTask) -> Future[Outcome]:
        ref = self._play.remote(task, self.progress)
        future: Future[Outcome] = ref.future()
        self._running[future] = ref
        future.add_done_callback(self._running.pop)
        return future

    @staticmethod
    def lost_worker(error: BaseException | None) -> bool:
        from ray.exceptions import NodeDiedError, WorkerCrashedError

        return isinstance(error, WorkerCrashedError | NodeDiedError)

    def shutdown(self, *, cancel: bool) -> None:
        if cancel:
            for ref in list(self._running.values()):
                self._ray.cancel(ref, force=True)
        self.progress.shutdown(force=True)
