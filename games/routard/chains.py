"""Which of a seat's decisions carry on the one before (Rules.continues), so that a model may plan them at once.

An amount is chosen in steps (games/routard/amounts.py: a bracket, then an amount in it), and a sale is opened
before its lot is chosen. Narrowing shows the seat nothing new, and neither do the sealed bids of a round
answered at the same time (their amounts are hidden); opening a sale shows nothing either. A die rolled, a card
drawn or an open bid ends the chain.
"""

from __future__ import annotations

from collections.abc import Sequence

from meeplog.core.kernel import GameEvent
from meeplog.games.routard.events import AmountNarrowed, BidSealed, SaleOpened

QUIET = (AmountNarrowed, BidSealed, SaleOpened)
"""The events that tell the seat nothing it could not foresee when it decided."""


def continues(pending: Sequence[int], seat: int, events: Sequence[GameEvent]) -> bool:
    return seat in pending and all(isinstance(event, QUIET) for event in events)
