"""Waiting out a store that cannot be reached (a database restarting, a network cut), for every writer.

The library itself waits a couple of seconds for a connection; past that a call is tried again with backoff
for STORE_PATIENCE seconds, so a PostgreSQL restart costs a tournament a pause, never its games. Whoever
watches is told once when the store has kept a call waiting SLOW_STORE seconds (or failed), and once when it
answers again: one line each, however many calls waited. Where nobody watches (a worker saving its own
games), a call costs the call alone: a store that answers at once never meets the retrying machinery.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Protocol, TypeVar

from eventsourcing.persistence import IntegrityError, InterfaceError, OperationalError
from tenacity import Retrying, retry_if_exception_type, stop_after_delay, wait_exponential

STORE_PATIENCE = 300.0  # seconds a run waits for a store that stopped answering before it gives up
SLOW_STORE = 3.0  # a store call this long says so: the store has stopped answering, or is very busy
UNREACHABLE = (OperationalError, InterfaceError)  # the library's errors for a database that cannot be reached
T = TypeVar("T")


class StoreWatcher(Protocol):
    def store_unreachable(self, reason: str) -> None: ...

    def store_back(self) -> None: ...


def patiently(call: Callable[[], T], watcher: StoreWatcher | None = None) -> T:
    """`call`, waiting out a store that cannot be reached, telling `watcher` (if any) as the module says."""
    if watcher is None:
        try:
            return call()
        except UNREACHABLE:
            return _retrying(call, lambda _reason: None)
    told = threading.Event()

    def tell(reason: str) -> None:
        if not told.is_set():
            told.set()
            watcher.store_unreachable(reason)

    slow = threading.Timer(SLOW_STORE, tell, (f"no answer for {SLOW_STORE:g} s",))
    slow.daemon = True
    slow.start()
    try:
        result = _retrying(call, tell)
    finally:
        slow.cancel()
    if told.is_set():
        watcher.store_back()
    return result


def saved_patiently(save: Callable[[], None], landed: Callable[[], bool], watcher: StoreWatcher | None = None) -> None:
    """`save`, waiting out a store that cannot be reached as `patiently` does, and saved once.

    A connection lost during a commit leaves unknown whether the commit happened. When it did, the save tried
    again (by `patiently`, or by the library itself, which retries an insert a few times before it gives up)
    is refused for records the store holds already; `landed` then says whether they are this save's own, and
    if so the save is done. A refusal for other records is a conflict with another writer, and raised."""

    def attempt() -> None:
        try:
            save()
        except IntegrityError:
            if not landed():
                raise

    patiently(attempt, watcher)


def _retrying(call: Callable[[], T], tell: Callable[[str], None]) -> T:
    """`call`, tried again with backoff for STORE_PATIENCE seconds while the store cannot be reached; `tell`
    hears why before each wait."""
    return Retrying(
        retry=retry_if_exception_type(UNREACHABLE), wait=wait_exponential(multiplier=0.5, max=10),
        stop=stop_after_delay(STORE_PATIENCE), reraise=True,
        before_sleep=lambda state: tell(_first_line(state.outcome.exception() if state.outcome else None)),
    )(call)


def _first_line(error: BaseException | None) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
