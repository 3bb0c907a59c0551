"""Which of a seat's decisions carry on the one before (Rules.continues), so that a model may plan them at once.

The seat that takes a card from the trick (or declines it) then decides whether to cash in: taking shows it
nothing new, as the trick's cards were face up. Every other decision follows a card played by someone else.
"""

from __future__ import annotations

from collections.abc import Sequence

from meeplog.core.kernel import GameEvent
from meeplog.games.forest.events import CardTaken, TakeDeclined

QUIET = (CardTaken, TakeDeclined)
"""The events that tell the seat nothing it could not foresee when it decided."""


def continues(seat: int, events: Sequence[GameEvent]) -> bool:
    return bool(events) and all(isinstance(event, QUIET) and event.seat == seat for event in events)
