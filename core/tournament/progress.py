"""A tournament game with a remote seat reaches the store decision by decision (DESIGN.md section 3).

The worker does not write to the store: after each decision it sends the game's new records to the
tournament process, which saves them at once. A game interrupted that way is played again from its seed by
the next run, which replays the decisions it stored (core/resume.py), so it goes the same way and asks no
model twice; the records it makes again are checked against the stored ones, and only what follows them is
sent. Audit notes are compared by kind, not content, and a fallback by seat and command; everything else
(the game's own events above all: the rules must still give them) must be equal.
"""

from __future__ import annotations

import queue
import threading
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from multiprocessing.queues import Queue

from meeplog.core.audit import CommandRejected, LlmExchange, PlayerFellBack
from meeplog.core.game import Game, Recorded
from meeplog.core.kernel import GameEvent
from meeplog.core.resume import Diverged
from meeplog.core.tournament.outages import EndpointChanged

Send = Callable[[list[Recorded]], None]
Sent = list[Recorded] | EndpointChanged  # what travels up the progress queue: a game's new records, or an outage


@dataclass
class Records:
    """A game's records not yet in the store, in the store's aggregate protocol (`id`, `collect_events`)."""

    id: uuid.UUID
    records: Sequence[Recorded]

    def collect_events(self) -> Sequence[Recorded]:
        return self.records


class Progress:
    """The runner's saver for a game in a worker: sends what is new, past what an earlier run stored."""

    def __init__(self, stored: Sequence[Recorded], send: Send) -> None:
        self.stored = stored
        self.send = send

    def save(self, game: Game) -> None:
        new = game.collect_events()
        for record in new:
            if record.originator_version <= len(self.stored):
                check_same(self.stored[record.originator_version - 1], record)
        if fresh := [record for record in new if record.originator_version > len(self.stored)]:
            self.send(fresh)


def check_same(stored: Recorded, again: Recorded) -> None:
    if not same(stored.event, again.event):
        raise Diverged(
            f"played again from its seed, the game went another way at version {stored.originator_version}"
            f" ({type(stored.event).__name__} stored, {type(again.event).__name__} now); it is recorded as failed"
        )


def same(stored: GameEvent, again: GameEvent) -> bool:
    if type(stored) is not type(again):
        return False
    if isinstance(stored, LlmExchange | CommandRejected):
        return True
    if isinstance(stored, PlayerFellBack) and isinstance(again, PlayerFellBack):
        return (stored.seat, stored.command) == (again.seat, again.command)
    return stored == again


@contextmanager
def draining(progress: Queue[Sent]) -> Iterator[None]:
    """Read and drop what workers still put on the progress queue while they are joined.

    A process exits only once what it put on a queue is in the pipe, and a full pipe takes nothing more
    until it is read: a worker whose last game sent big records (a model's exchanges) would never exit,
    and joining it would hang the tournament. By then every game is finished and saved whole.
    """
    stop = threading.Event()

    def drain() -> None:
        while not stop.is_set():
            with suppress(queue.Empty):
                progress.get(timeout=0.05)

    reader = threading.Thread(target=drain, name="progress-drain", daemon=True)
    reader.start()
    try:
        yield
    finally:
        stop.set()
        reader.join()
