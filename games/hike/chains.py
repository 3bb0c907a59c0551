"""Which of a seat's decisions carry on the one before (Rules.continues), so that a model may plan them at once.

A backpack is packed an item at a time, and a turn's actions are taken one by one. Packing, and placing an
item or discarding one from the seat's own hand, show it nothing new; the others' packing, done at the same
time and face down, shows only that they packed. A card drawn, a hazard, a backpack shown or a hike's card
turned up ends the chain.
"""

from __future__ import annotations

from collections.abc import Sequence

from meeplog.core.kernel import GameEvent
from meeplog.games.hike.events import Discarded, DonePacking, Packed, Placed

PACKING = (Packed, DonePacking)  # anyone's: backpacks are packed at the same time, face down
OWN = (Placed, Discarded)  # the seat's own
"""The events that tell the seat nothing it could not foresee when it decided."""


def continues(pending: Sequence[int], seat: int, events: Sequence[GameEvent]) -> bool:
    return seat in pending and all(
        isinstance(event, PACKING) or (isinstance(event, OWN) and event.seat == seat) for event in events
    )
