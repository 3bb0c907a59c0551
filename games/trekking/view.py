"""What one seat of Trekking the World may know (digest 4.14): public board and rows, its own hand and tokens.

Other hands show only their size and the cards known to be in them (taken from the face-up row and not
played since); region tokens show their value only to their taker; deck orders never show.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from meeplog.core.kernel import Pending
from meeplog.games.trekking.plain_view import effect_text, view_data  # noqa: F401 (narration reads effect_text here)
from meeplog.games.trekking.state import TrekState


class Card(BaseModel, frozen=True):
    """A trek card."""

    kind: int = Field(description="the card's kind, the number commands name it by: symbol * 3 + value - 1")
    name: str = Field(
        description="its symbol and value, like ADV-2 (symbols SCE scenery, ADV adventure, NAT nature, HIS history, "
        "WAT water; values 1-3, the links it walks)"
    )


class DestinationCard(BaseModel, frozen=True):
    """A destination card: a location to visit for victory points."""

    location: int = Field(description="the location it sits on, by number")
    name: str = Field(description="the place's name")
    region: str = Field(description="the region the place is in")
    requires: list[str] = Field(description="the symbols a Visit pays, one trek card each, any values")
    vp: int = Field(description="the victory points it scores")


class RowSlot(BaseModel, frozen=True):
    """A slot of the destination row."""

    slot: int = Field(description="the slot's place in the row, from 0 (the rightmost slots earn VP tokens)")
    card: DestinationCard | None = Field(description="the destination card in it; null: empty")
    token: int = Field(description="the VP token a Visit of this slot would earn now (0: none)")


class JourneyCard(BaseModel, frozen=True):
    """A Journey card in play: paid with two trek cards of one symbol."""

    id: str = Field(description="its id, the name `Journey` commands give it (A1-A6, B1-B6)")
    name: str = Field(description="its title")
    effects: list[str] = Field(
        description="its effects in order, each skippable: move:X (up to X links free), fly, draw:X (from the deck), "
        "visit:-X (a Visit with X symbols unpaid), vp3 (a 3-VP token), recolor (one of your cubes)"
    )


class Tile(BaseModel, frozen=True):
    """A colour tile: held by the player with the most cubes of its colour (at least 2)."""

    colour: str = Field(description="the souvenir colour it rewards")
    name: str = Field(description="the tile's name")
    value: int = Field(description="the victory points it scores its holder at the end")
    holder: int | None = Field(description="the seat holding it; null: nobody")


class Region(BaseModel, frozen=True):
    """A region of the map and its secret bonus token."""

    id: str = Field(description="the region's id")
    name: str = Field(description="the region's name")
    cubes_left: int = Field(
        description="souvenir cubes still on its locations; whoever takes the last one takes its token"
    )
    token_taken_by: int | None = Field(description="the seat that took its token; null: still on the board")
    token_value: int | None = Field(description="the token's victory points, shown only to the seat that took it")


class SeatPublic(BaseModel, frozen=True):
    """What the table knows of one hiker."""

    seat: int = Field(description="the player's seat number")
    location: int | None = Field(
        description="the location the hiker stands on, by number; null before choosing a starting airport"
    )
    location_name: str | None = Field(description="that location's name")
    hand_size: int = Field(description="trek cards in the player's hand")
    known_cards: list[str] = Field(
        description="cards known to be in that hand: taken from the face-up row and not played since"
    )
    suitcase: list[int] = Field(description="souvenir cubes per colour, in the order of `souvenir_colours`")
    destinations: list[str] = Field(description="the destinations the player visited")
    destination_vp: int = Field(description="the victory points of those destinations")
    vp_tokens: list[int] = Field(description="the VP tokens the player took (5s and 3s)")


class TrekView(BaseModel, frozen=True):
    """What one seat knows at a decision of Trekking the World."""

    seat: int = Field(description="your seat number")
    phase: str = Field(
        description="airport (choosing starting airports), fly, route (announce the move), pay (play the move's "
        "cards), action, draw (Draw Two's picks), effect (a Journey's effects) or over"
    )
    to_act: int | None = Field(description="the seat that must decide now; null once the game is over")
    round: int = Field(description="the round being played, from 1")
    first_player: int = Field(description="the seat that plays first each round")
    end_triggered: bool = Field(
        description="a fifth destination or the fifth region token was taken: the game ends after this turn"
    )
    hand: list[Card] = Field(description="your trek cards, by kind (no hand limit)")
    trek_row: list[Card | None] = Field(description="the face-up trek row, slot by slot; null: an empty slot")
    trek_deck_size: int = Field(description="trek cards left in the deck")
    trek_discard: dict[str, int] = Field(description="the discard pile: card name -> copies")
    destination_row: list[RowSlot] = Field(description="the destination row, the cards that can be visited")
    destination_deck_size: int = Field(description="destination cards left in the deck")
    destination_deck_top: DestinationCard | None = Field(
        description="the deck's top card, public but not visitable; null if hidden or none"
    )
    journey_cards: list[JourneyCard] = Field(description="the two Journey cards in play for the whole game")
    journey_in_progress: str | None = Field(description="the id of the Journey card being resolved; null: none")
    current_effect: str | None = Field(description="the Journey effect to do or skip now, like move:2; null: none")
    announced_target: int | None = Field(description="the location announced for the move in progress; null: none")
    move_payment: list[Card] = Field(description="the cards played towards the announced move so far, out of the hand")
    picks_left: int = Field(description="picks left in Draw Two")
    cubes: dict[int, str] = Field(description="the souvenir cubes on the board: location number -> colour")
    tiles: list[Tile] = Field(description="the colour tiles")
    regions: list[Region] = Field(description="the regions of the map")
    threes_left: int = Field(description="3-VP tokens left")
    fives_left: int = Field(description="5-VP tokens left")
    souvenir_colours: list[str] = Field(description="the souvenir colours, in the order suitcases count them")
    seats: list[SeatPublic] = Field(description="every hiker, by seat number from 0, you included")

    @classmethod
    def plain(cls, state: TrekState, seat: int, pending: Pending) -> dict[str, Any]:
        """This view as plain data, without the model (PlainView: what the environments' vectors read)."""
        return view_data(state, seat)


def view(state: TrekState, seat: int) -> TrekView:
    """Built as plain data and validated once, so that the environments can take the data alone."""
    return TrekView.model_validate(view_data(state, seat))
