"""What a run may still spend on priced models, shared by every process that asks them: `--max-cost` never passes
its cap (DESIGN.md section 11).

The tournament's process starts a purse at what its earlier runs spent and hands it to its workers. Before a priced
request goes out, the most it can cost is reserved: its body's length in tokens at the input price (a token is at
least a byte of the text it stands for), plus the answer's token limit at the output price. If that would pass the
cap the request is not sent: the seat raises SpendCapReached, and the run stops, resumable with a higher cap. Once
the answer's real tokens are known the reservation is settled to them. The purse is one double in shared memory
under its lock, so reserving is a few microseconds, whatever the number of workers.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.context import BaseContext
from typing import Protocol

from meeplog.core.players import CannotPlay

TOKENS_PER_PRICE = 1_000_000  # a model's prices are per million tokens


class SpendCapReached(CannotPlay):
    """A priced request could cost more than what is left under the run's cap: it was not sent, and the run stops
    (a tournament before its next game), to be resumed with a higher cap."""


class SharedFloat(Protocol):
    value: float

    def get_lock(self) -> object: ...


class Purse:
    """A run's spend so far (settled and reserved) and its cap, shared between processes."""

    def __init__(self, shared: SharedFloat, cap: float) -> None:
        self.shared = shared
        self.cap = cap

    @classmethod
    def new(cls, context: BaseContext, spent: float, cap: float) -> Purse:
        return cls(context.Value("d", spent), cap)  # type: ignore[arg-type]

    @property
    def spent(self) -> float:
        return self.shared.value

    def add(self, amount: float) -> None:
        """Count `amount` spent already (an earlier run's exchanges of a game being played again)."""
        with self.shared.get_lock():  # type: ignore[attr-defined]
            self.shared.value += amount

    def reserve(self, most: float) -> bool:
        """Set `most` aside if it fits under the cap; whether it did."""
        with self.shared.get_lock():  # type: ignore[attr-defined]
            if self.shared.value + most > self.cap:
                return False
            self.shared.value += most
            return True

    def settle(self, reserved: float, spent: float) -> None:
        """Replace a reservation by what the request really cost."""
        with self.shared.get_lock():  # type: ignore[attr-defined]
            self.shared.value += spent - reserved


_purse: list[Purse] = []  # this process's, when its run has a cap


def use_purse(purse: Purse | None) -> None:
    """Make `purse` this process's (a worker's start, a test); None: no cap."""
    _purse[:] = [purse] if purse is not None else []


@contextmanager
def reserved(most: float | None, who: str) -> Iterator[list[float]]:
    """Reserve `most` (None: an unpriced request) for the block; the block puts what the request really cost in the
    list it is given, which settles the reservation (nothing put: it cost nothing). SpendCapReached if the purse
    cannot hold `most`."""
    purse = _purse[0] if _purse and most is not None else None
    if purse is not None and most is not None and not purse.reserve(most):
        raise SpendCapReached(
            f"the next request of {who} could cost up to {most:.4g} and {purse.spent:.4g} of --max-cost"
            f" {purse.cap:g} is spent or set aside, so it was not sent"
        )
    spent: list[float] = []
    try:
        yield spent
    finally:
        if purse is not None and most is not None:
            purse.settle(most, sum(spent))
