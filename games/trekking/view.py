"""What one seat of Trekking the World may know (digest 4.14): public board and rows, its own hand and tokens.

Other hands show only their size and the cards known to be in them (taken from the face-up row and not
played since); region tokens show their value only to their taker; deck orders never show.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import BaseModel, Field

from meeplog.core.kernel import Pending
from meeplog.games.trekking.data import DATA, Effect
from meeplog.games.trekking.legal import current_effect, row_token
from meeplog.games.trekking.state import EFFECT, NO_ONE, OVER, TrekState


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


def view_data(state: TrekState, seat: int) -> dict[str, Any]:
    """The view as plain data: TrekView's fields."""
    data = state.data
    colours = data.souvenirs.colours
    tile_values = data.tile_values(state.players)
    return {
        "seat": seat,
        "phase": state.phase,
        "to_act": state.active if state.phase != OVER else None,
        "round": state.round,
        "first_player": state.first_player,
        "end_triggered": state.end_triggered,
        "hand": _cards(state, state.hands[seat]),
        "trek_row": [_card(state, kind) if kind != NO_ONE else None for kind in state.trek_row],
        "trek_deck_size": len(state.trek_deck),
        "trek_discard": {data.card_name(kind): count for kind, count in enumerate(state.trek_discard) if count},
        "destination_row": [
            {"slot": slot, "card": _destination(state, card) if card != NO_ONE else None,
             "token": row_token(state, slot)}
            for slot, card in enumerate(state.dest_row)
        ],
        "destination_deck_size": len(state.dest_deck),
        "destination_deck_top": _destination(state, state.dest_deck[-1])
        if state.config.dest_deck_top_public and state.dest_deck
        else None,
        "journey_cards": [_journey(state.config.data_file, j) for j in state.journeys],
        "journey_in_progress": data.journey[state.journey].id if state.phase == EFFECT else None,
        "current_effect": effect_text(current_effect(state)) if state.phase == EFFECT else None,
        "announced_target": state.heading if state.heading != NO_ONE else None,
        "move_payment": [_card(state, kind) for kind in state.paying],
        "picks_left": state.picks_left,
        "cubes": {location: colours[colour] for location, colour in enumerate(state.cubes) if colour != NO_ONE},
        "tiles": [
            {
                "colour": colours[c],
                "name": tile.name,
                "value": tile_values[c],
                "holder": state.tile_holder[c] if state.tile_holder[c] != NO_ONE else None,
            }
            for c, tile in enumerate(data.tile)
        ],
        "regions": [
            {
                "id": region.id,
                "name": region.name,
                "cubes_left": state.cubes_left[r] if state.cubes_left else 0,
                "token_taken_by": _seat_or_none(state.region_taker[r]),
                "token_value": state.region_token[r] if state.region_taker[r] == seat else None,
            }
            for r, region in enumerate(data.region)
        ],
        "threes_left": state.threes_left,
        "fives_left": state.fives_left,
        "souvenir_colours": list(colours),
        "seats": [_seat_public(state, other) for other in range(state.players)],
    }


def effect_text(effect: Effect) -> str:
    kind, amount = effect
    return f"{kind}:{'-' if kind == 'visit' else ''}{amount}" if amount else kind


def _seat_public(state: TrekState, seat: int) -> dict[str, Any]:
    data, where = state.data, state.position[seat]
    return {
        "seat": seat,
        "location": where if where != NO_ONE else None,
        "location_name": data.location_names[where] if where != NO_ONE else None,
        "hand_size": state.hand_size(seat),
        "known_cards": [data.card_name(kind) for kind, count in enumerate(state.known[seat]) for _ in range(count)],
        "suitcase": list(state.suitcases[seat]),
        "destinations": [data.destination[card].name for card in state.visited[seat]],
        "destination_vp": sum(data.destination[card].vp for card in state.visited[seat]),
        "vp_tokens": list(state.vp_tokens[seat]),
    }


def _seat_or_none(seat: int) -> int | None:
    return seat if seat != NO_ONE else None


def _card(state: TrekState, kind: int) -> dict[str, Any]:
    return _card_data(state.config.data_file, kind)


def _cards(state: TrekState, counts: list[int]) -> list[dict[str, Any]]:
    return [_card(state, kind) for kind, count in enumerate(counts) for _ in range(count)]


def _destination(state: TrekState, location: int) -> dict[str, Any]:
    return _destination_data(state.config.data_file, location)


# The parts of a view that depend only on the data are built once: views are asked for at every step of a
# leak check and of an environment, and nothing writes to their dicts.


@cache
def _card_data(path: str | None, kind: int) -> dict[str, Any]:
    return {"kind": kind, "name": DATA.load(path).card_name(kind)}


@cache
def _destination_data(path: str | None, location: int) -> dict[str, Any]:
    card = DATA.load(path).destination[location]
    return {"location": location, "name": card.name, "region": card.region, "requires": list(card.requirement),
            "vp": card.vp}


@cache
def _journey(path: str | None, journey: int) -> dict[str, Any]:
    data = DATA.load(path)
    card = data.journey[journey]
    return {"id": card.id, "name": card.name, "effects": [effect_text(e) for e in data.journey_effects[journey]]}
