"""Endpoints down and back, as a tournament's process says them: one line when a model's server or an agent's
URL goes down, one when it answers again, however many workers noticed.

Each worker process has its own circuit breaker per endpoint (players/breaker.py), which logs its state changes
to the logger ENDPOINTS_LOGGER. A worker sends those records up the queue its games' progress travels on
(`send_outages_to`); the tournament process reads them there, beside the records, and `Outages` turns the changes
of all its workers into the lines a person reads: the first worker to find an endpoint down says so, the last one
to find it back says that.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from typing import Protocol

from meeplog.core.players import ENDPOINTS_LOGGER


@dataclass(frozen=True)
class EndpointChanged:
    """A breaker of one worker opened or closed; `line` is what it logged."""

    worker: int  # the process id
    endpoint: str
    down: bool
    line: str


class Putter(Protocol):
    def put(self, item: object) -> None: ...


class _ToTournament(logging.Handler):
    """Sends each breaker record of this worker to the tournament process."""

    def __init__(self, queue: Putter) -> None:
        super().__init__(logging.WARNING)
        self.queue = queue

    def emit(self, record: logging.LogRecord) -> None:
        down = getattr(record, "breaker", None) == "open"
        self.queue.put(EndpointChanged(os.getpid(), str(getattr(record, "endpoint", "")), down, record.getMessage()))


def send_outages_to(queue: Putter) -> None:
    """Route this worker's breaker lines to `queue` (the progress queue), once per process and queue."""
    logger = logging.getLogger(ENDPOINTS_LOGGER)
    logger.handlers[:] = [handler for handler in logger.handlers if not isinstance(handler, _ToTournament)]
    logger.addHandler(_ToTournament(queue))
    logger.propagate = False


class Outages:
    """The endpoints down in any worker; `line` says what a change means for the whole tournament."""

    def __init__(self) -> None:
        self._down: dict[str, set[int]] = {}  # endpoint -> the workers that find it down

    def line(self, change: EndpointChanged) -> str | None:
        """The line to print for `change`, or None when it changes nothing a person needs to know."""
        workers = self._down.setdefault(change.endpoint, set())
        was_down = bool(workers)
        if change.down:
            workers.add(change.worker)
        else:
            workers.discard(change.worker)
        if change.down and not was_down:
            return change.line
        if not change.down and was_down and not workers:
            return change.line
        return None

    @property
    def down(self) -> list[str]:
        return sorted(endpoint for endpoint, workers in self._down.items() if workers)
