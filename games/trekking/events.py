"""What happens in Trekking the World. Locations and destination cards are ints, trek cards kinds (TrekData).

Hidden: deck orders, the region tokens still on the board or in the box, other players' hands and the
cards they draw from the deck, and the value of a region token to everyone but its taker.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache, lru_cache

from meeplog.core.kernel import GameEvent, HiddenEvent, PrivateEvent


@dataclass(frozen=True)
class GameBegan(GameEvent):
    first_player: int


@dataclass(frozen=True)
class StartAirportChosen(GameEvent):
    seat: int
    airport: int


@dataclass(frozen=True)
class Dealt(GameEvent):
    """The random setup: cubes, region tokens, destination deck and row, Journey cards, trek deck and hands.

    Public: the cubes, the rows, the Journey cards in play and (T7) the destination deck's top card.
    Each seat sees its own hand; deck orders and region token values stay hidden from everyone.
    """

    cubes: tuple[int, ...]
    region_tokens: tuple[int, ...] | None
    boxed_tokens: tuple[int, ...] | None
    dest_row: tuple[int, ...]
    dest_deck: tuple[int, ...] | None
    dest_top: int | None
    journeys: tuple[str, ...]
    trek_row: tuple[int, ...]
    hands: tuple[tuple[int, ...] | None, ...]
    trek_deck: tuple[int, ...] | None

    def seen_by(self, seat: int) -> GameEvent:
        hands = tuple(hand if owner == seat else None for owner, hand in enumerate(self.hands))
        return dataclasses.replace(
            self, hands=hands, region_tokens=None, boxed_tokens=None, dest_deck=None, trek_deck=None
        )


@dataclass(frozen=True)
class Flew(GameEvent):
    seat: int
    origin: int
    airport: int


@dataclass(frozen=True)
class FlightDeclined(GameEvent):
    seat: int


@dataclass(frozen=True)
class RouteAnnounced(GameEvent):
    seat: int
    target: int


@dataclass(frozen=True)
class TrekCardPlayed(GameEvent):
    """A card put down towards the announced Move: it leaves the hand now and is discarded when the hiker sets off."""

    seat: int
    card: int


@dataclass(frozen=True)
class Trekked(GameEvent):
    """The hiker walked from `origin` to `target`, paying `cards`, the ones played towards the Move (none for a
    Journey's free move)."""

    seat: int
    origin: int
    target: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class SouvenirCollected(GameEvent):
    seat: int
    location: int
    colour: int


@dataclass(frozen=True)
class TileChanged(GameEvent):
    """A Most Souvenirs tile changed hands; `holder` -1 means it went back beside the board (T19)."""

    colour: int
    holder: int
    previous: int


@dataclass(frozen=True)
class RegionBonusTaken(PrivateEvent):
    """The last cube of a region was picked up; only the taker learns the token's value."""

    secret = ("value",)

    seat: int
    region: int
    value: int | None


@dataclass(frozen=True)
class EndTriggered(GameEvent):
    """The fifth region token or a player's fifth destination card: the game ends after this turn (T28)."""

    seat: int
    reason: str


@dataclass(frozen=True)
class DrawingBegan(GameEvent):
    seat: int


@dataclass(frozen=True)
class TrekRowFilled(GameEvent):
    slot: int
    card: int


@dataclass(frozen=True)
class TrekCardTaken(GameEvent):
    seat: int
    slot: int
    card: int


@dataclass(frozen=True)
class TrekCardDrawn(PrivateEvent):
    secret = ("card",)

    seat: int
    card: int | None


@dataclass(frozen=True)
class TrekDeckShuffled(HiddenEvent):
    """The discard pile became the new trek deck, in this order (top last), seen by nobody."""

    secret = ("order",)

    order: tuple[int, ...] | None


@dataclass(frozen=True)
class Visited(GameEvent):
    """`destination` left row slot `slot` for the seat, paid with `paid`; `waived` symbols were ignored."""

    seat: int
    destination: int
    slot: int
    paid: tuple[int, ...]
    waived: tuple[int, ...]
    token: int


@dataclass(frozen=True)
class DestinationDealt(GameEvent):
    """The destination deck's top card went to the row's leftmost slot; `top` is the new top if it shows."""

    card: int
    top: int | None


@dataclass(frozen=True)
class JourneyBegan(GameEvent):
    seat: int
    journey: str
    pair: tuple[int, int]


@dataclass(frozen=True)
class JourneyDrew(GameEvent):
    """A Journey's draw effect; the TrekCardDrawn events that follow carry the cards."""

    seat: int
    count: int


@dataclass(frozen=True)
class Vp3Taken(GameEvent):
    seat: int


@dataclass(frozen=True)
class Recoloured(GameEvent):
    seat: int
    source: int
    target: int


@dataclass(frozen=True)
class EffectSkipped(GameEvent):
    seat: int
    effect: str


@dataclass(frozen=True)
class TurnEnded(GameEvent):
    seat: int


EVENTS = (
    GameBegan,
    StartAirportChosen,
    Dealt,
    Flew,
    FlightDeclined,
    RouteAnnounced,
    TrekCardPlayed,
    Trekked,
    SouvenirCollected,
    TileChanged,
    RegionBonusTaken,
    EndTriggered,
    DrawingBegan,
    TrekRowFilled,
    TrekCardTaken,
    TrekCardDrawn,
    TrekDeckShuffled,
    Visited,
    DestinationDealt,
    JourneyBegan,
    JourneyDrew,
    Vp3Taken,
    Recoloured,
    EffectSkipped,
    TurnEnded,
)


# Shared instances of the events every turn makes: events are immutable, their fields take few values (seats,
# cards, slots, places), and a frozen dataclass costs more to build than to look up. Bounded where paid
# cards multiply them.
route_announced, trek_card_played, trek_card_taken = cache(RouteAnnounced), cache(TrekCardPlayed), cache(TrekCardTaken)
trek_card_drawn, trek_row_filled = cache(TrekCardDrawn), cache(TrekRowFilled)
drawing_began, turn_ended = cache(DrawingBegan), cache(TurnEnded)
trekked = lru_cache(maxsize=1 << 14)(Trekked)
