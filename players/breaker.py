"""A circuit breaker per endpoint: while a model's server or an agent's URL is down, nothing is sent to it and
nothing is guessed in its name (DESIGN.md section 11; the pattern of pybreaker and Hystrix).

Closed, requests go out. A transport failure (refused, reset, timed out, 429, 5xx: players/transport.py) counts;
any answer that is not one (a success, a final 4xx) resets the count. After `opens_after` failures in a row
the breaker opens: the requests waiting on the endpoint pause, their seats' clocks stopped (core/turns.py), so
that no decision times out and no fallback moves for an outage. After a backoff one waiting request goes out as
the probe (half-open): an answer closes the breaker and every paused request goes on; another failure opens it
again, the backoff doubled up to its most (a 429's Retry-After waited for when longer). Opening and closing are
one log line each (logger `meeplog.endpoints`, with the endpoint and the new state as record attributes, so
that a tournament's process can print one line for all its workers: core/tournament/outages.py).

Past the outage bound (the seat's `MatchSettings.outage_wait`, read from its turn clock) a paused request
raises EndpointDown: the match stops, resumably, and a resumed run asks again what was not decided.

A breaker belongs to its event loop, as asyncio's own locks do: each worker process (and each loop) keeps its
own, shared by every game and seat in it that calls the same endpoint.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
import random
from weakref import WeakKeyDictionary

from meeplog.core.players import ENDPOINTS_LOGGER, EndpointDown
from meeplog.core.turns import clock_stopped, current_clock

log = logging.getLogger(ENDPOINTS_LOGGER)

DEFAULT_OUTAGE_WAIT = 600.0  # seconds a request waits on an open breaker when no runner says (core/runner.py)


class State(enum.Enum):
    CLOSED = "closed"
    OPEN = "open"
    PROBING = "probing"  # half-open: one request went out to find whether the endpoint answers again


class Breaker:
    """The state of one endpoint (its label says which: `model at URL`, or an agent's URL) in this loop."""

    def __init__(self, endpoint: str, *, opens_after: int, backoff: float, max_backoff: float) -> None:
        self.endpoint = endpoint
        self.opens_after = opens_after
        self.first_backoff = backoff
        self.max_backoff = max_backoff
        self.state = State.CLOSED
        self.failures_in_row = 0
        self.last_failure = ""
        self.opened_at = 0.0  # loop time the current outage began
        self.backoff = backoff  # the wait before the next probe
        self.probe_at = 0.0  # loop time the next probe may go out
        self._changed = asyncio.Event()

    async def admit(self) -> None:
        """Wait until a request may go out (at once while closed); the caller then reports how it went, with
        `answered` or `failed`, or `abandoned` when it was cut short before either."""
        loop = asyncio.get_running_loop()
        while self.state is not State.CLOSED:
            now = loop.time()
            bound = self.opened_at + outage_wait()
            if now >= bound:
                raise endpoint_down(self.endpoint, now - self.opened_at, self.last_failure)
            if self.state is State.OPEN and now >= self.probe_at:
                self.state = State.PROBING  # this request is the probe
                return
            wake = bound if self.state is State.PROBING else min(bound, self.probe_at)
            changed = self._changed
            with clock_stopped(), contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), timeout=max(0.0, wake - now))

    def answered(self) -> None:
        """The endpoint answered (a success or a final error: either way it is up)."""
        self.failures_in_row = 0
        if self.state is not State.CLOSED:
            down_for = asyncio.get_running_loop().time() - self.opened_at
            self.state = State.CLOSED
            self.backoff = self.first_backoff
            log.warning("%s answers again after %.0fs; the games waiting on it go on", self.endpoint, down_for,
                        extra={"endpoint": self.endpoint, "breaker": "closed"})
            self._signal()

    def failed(self, failure: str, retry_after: float | None = None) -> None:
        """A request to the endpoint failed in transport (class `failure`)."""
        self.failures_in_row += 1
        self.last_failure = failure
        now = asyncio.get_running_loop().time()
        if self.state is State.PROBING:
            self.backoff = min(self.max_backoff, 2 * self.backoff)
            self._open_until(now, retry_after)
        elif self.state is State.CLOSED and self.failures_in_row >= self.opens_after:
            self.opened_at = now
            self._open_until(now, retry_after)
            log.warning(
                "%s is down (%d transport failures in a row, the last %s): its games pause, with no request and no"
                " fallback, and it is tried again every %gs at most, for up to %gs", self.endpoint,
                self.failures_in_row, failure, self.max_backoff, outage_wait(),
                extra={"endpoint": self.endpoint, "breaker": "open"},
            )

    def abandoned(self) -> None:
        """The request admitted last was cut short (cancelled): a probe hands its turn to another waiter."""
        if self.state is State.PROBING:
            self.state = State.OPEN
            self.probe_at = 0.0
            self._signal()

    def _open_until(self, now: float, retry_after: float | None) -> None:
        self.state = State.OPEN
        wait = self.backoff * (0.5 + random.random() / 2)  # jitter: the workers' probes do not go out together
        self.probe_at = now + max(wait, retry_after or 0.0)
        self._signal()

    def _signal(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()


def endpoint_down(endpoint: str, seconds: float, last_failure: str) -> EndpointDown:
    """The error that stops a match: `endpoint` gave no answer for `seconds`, past the outage bound."""
    return EndpointDown(
        f"{endpoint} has not answered for {seconds:.0f}s (last failure: {last_failure}), past the outage bound of"
        f" {outage_wait():g}s"
    )


def outage_wait() -> float:
    """How long the seat being asked may wait on an endpoint that is down (its runner's setting)."""
    clock = current_clock()
    return clock.outage_wait if clock is not None else DEFAULT_OUTAGE_WAIT


_breakers: WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, Breaker]] = WeakKeyDictionary()


def breaker_for(endpoint: str, *, opens_after: int, backoff: float, max_backoff: float) -> Breaker:
    """The breaker of `endpoint` in the running loop, made at its first request (the first seat's settings)."""
    breakers = _breakers.setdefault(asyncio.get_running_loop(), {})
    found = breakers.get(endpoint)
    if found is None:
        found = breakers[endpoint] = Breaker(endpoint, opens_after=opens_after, backoff=backoff,
                                             max_backoff=max_backoff)
    return found
