"""A decision's clock: the time a seat's player may take (MatchSettings.timeout) and the time it thought
(Player.game_time), stopped while the player waits on something that is not its own thinking.

A transport failure is never a move (DESIGN.md section 11): while a model's endpoint is down, or between two
attempts of a request that failed, the seat is not thinking, and its decision must not time out, nor its game
time run, for it. The runner starts a TurnClock around each decision; a player stops it with `stopped()` for such a
wait, and gives back the time of an attempt that failed with `give_back`. The clock is found through a context
variable, so a player needs no reference to the runner, and a player asked outside a runner finds none.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar


class TurnClock:
    """A decision's clock: the deadline of its current ask (None: no limit) and the seconds not counted."""

    def __init__(self, outage_wait: float) -> None:
        self.deadline: asyncio.Timeout | None = None  # the current ask's (the runner's asyncio.timeout)
        self.outage_wait = outage_wait  # seconds the seat may wait on an endpoint that is down, at most
        self.not_counted = 0.0  # seconds of the ask given back: stopped, or spent on failed attempts
        self._stopped = False

    def give_back(self, seconds: float) -> None:
        """Count `seconds` already spent as no thinking of the seat's: the deadline moves that much later."""
        self.not_counted += seconds
        deadline = self.deadline
        when = deadline.when() if deadline is not None else None
        if deadline is not None and when is not None:
            deadline.reschedule(when + seconds)

    @contextmanager
    def stopped(self) -> Iterator[None]:
        """Within the block the deadline cannot pass, and its time is given back at the end (not nested)."""
        if self._stopped:
            yield
            return
        loop = asyncio.get_running_loop()
        deadline, began = self.deadline, loop.time()
        when = deadline.when() if deadline is not None else None
        if deadline is not None and when is not None:
            deadline.reschedule(None)
        self._stopped = True
        try:
            yield
        finally:
            self._stopped = False
            spent = loop.time() - began
            self.not_counted += spent
            if deadline is not None and when is not None:
                deadline.reschedule(when + spent)


_current: ContextVar[TurnClock | None] = ContextVar("meeplog_turn_clock", default=None)


@contextmanager
def timing(outage_wait: float) -> Iterator[TurnClock]:
    """Run a decision under a clock of its own (the runner sets each ask's deadline on it)."""
    clock = TurnClock(outage_wait)
    token = _current.set(clock)
    try:
        yield clock
    finally:
        _current.reset(token)


def current_clock() -> TurnClock | None:
    """The clock of the ask being run, if a runner asks."""
    return _current.get()


@contextmanager
def clock_stopped() -> Iterator[None]:
    """Stop the current ask's clock, if any, for the block: the player is waiting, not thinking."""
    clock = _current.get()
    if clock is None:
        yield
        return
    with clock.stopped():
        yield


def give_back(seconds: float) -> None:
    """Give the current ask's clock back `seconds` spent on something that was not the seat's thinking."""
    clock = _current.get()
    if clock is not None:
        clock.give_back(seconds)
