"""How many games a worker is handed at once: enough that cheap games share a worker's trip and its save,
few enough that a chunk is a tenth of a second of play and the last games spread over every worker.

Handing a worker one game at a time cost the tournament's process more than a cheap bot game (a future, two
pickled messages, a wake-up of the pool's threads), and a worker saving its own games paid a transaction a
game. A chunk holds about CHUNK_SECONDS of play at the pace seen so far, so a killed worker loses at most that
much, a game's result waits no longer for its save, and slow games (MCTS, a model's seat) still go one at a
time. Near the end a
chunk is at most a share of what is left (guided scheduling), so no worker idles while another plays a long
chunk: the tail is one game per worker.
"""

from __future__ import annotations

import time
from collections import deque

from meeplog.core.tournament.budget import Budget, Unlimited
from meeplog.core.tournament.worker import GameTask

CHUNK_SECONDS = 0.1  # of play in one chunk, at the pace seen so far
MOST_PER_CHUNK = 64  # games in one chunk, however cheap


class Chunks:
    """Chunk sizes for `workers` workers that take at most `most` games at a time, from the pace so far."""

    def __init__(self, workers: int, most: int) -> None:
        self.workers = workers
        self.most = most
        self.started = time.monotonic()
        self.finished = 0

    def played(self, games: int) -> None:
        """Games just finished: the pace is the workers' time over the games they played."""
        self.finished += games

    def size(self, left: int) -> int:
        """Games in the next chunk, with `left` games still to hand out; one until a game has finished."""
        if self.most == 1 or not self.finished:
            return 1
        seconds_a_game = (time.monotonic() - self.started) * self.workers / self.finished
        share = -(-left // (2 * self.workers))  # the tail: half of each worker's share of what is left
        return max(1, min(self.most, round(CHUNK_SECONDS / seconds_a_game), share))

    @staticmethod
    def take(queue: deque[GameTask], size: int, budget: Budget | Unlimited) -> list[GameTask]:
        """A chunk of at most `size` games off the front of `queue`, each started on the `budget`, none past it."""
        chunk: list[GameTask] = []
        for _ in range(size):
            if not queue or not budget.allows_another():
                break
            chunk.append(queue.popleft())
            budget.started(chunk[-1])
        return chunk
