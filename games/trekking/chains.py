"""Which of a seat's decisions carry on the one before (Rules.continues), so that a model may plan them at once.

A turn is taken in steps: a flight or not, the Move announced and paid a card at a time and set off, one
action, a Journey's effects one by one. A step shows the seat only what it chose and what follows from public
facts (the cube where it stops, a tile changing hands, the end triggered), so the next step carries on. What
shows something new ends the chain: a region token's secret value, a trek card drawn, the row or the
destination row filled from a deck, a deck shuffled.
"""

from __future__ import annotations

from collections.abc import Sequence

from meeplog.core.kernel import GameEvent
from meeplog.games.trekking.events import (
    DrawingBegan,
    EffectSkipped,
    EndTriggered,
    Flew,
    FlightDeclined,
    JourneyBegan,
    Recoloured,
    RouteAnnounced,
    SouvenirCollected,
    TileChanged,
    TrekCardPlayed,
    Trekked,
    Vp3Taken,
)
from meeplog.games.trekking.state import TrekState

QUIET = (
    DrawingBegan,
    EffectSkipped,
    EndTriggered,
    FlightDeclined,
    Flew,
    JourneyBegan,
    Recoloured,
    RouteAnnounced,
    SouvenirCollected,
    TileChanged,
    Trekked,
    TrekCardPlayed,
    Vp3Taken,
)
"""The events that tell the seat nothing it could not foresee when it decided."""


def continues(state: TrekState, seat: int, events: Sequence[GameEvent]) -> bool:
    return state.active == seat and all(isinstance(event, QUIET) for event in events)
