"""What one seat of Trekking the World may know (digest 4.14): public board and rows, its own hand and tokens.

Other hands show only their size and the cards known to be in them (taken from the face-up row and not
played since); region tokens show their value only to their taker; deck orders never show.
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel

from meeplog.games.trekking.data import DATA, Effect
from meeplog.games.trekking.legal import current_effect, row_token
from meeplog.games.trekking.state import EFFECT, NO_ONE, OVER, TrekState


class Card(BaseModel, frozen=True):
    kind: int
    name: str


class DestinationCard(BaseModel, frozen=True):
    location: int
    name: str
    region: str
    requires: list[str]
    vp: int


class RowSlot(BaseModel, frozen=True):
    slot: int
    card: DestinationCard | None
    token: int  # the VP token a Visit of this slot would earn now


class JourneyCard(BaseModel, frozen=True):
    id: str
    name: str
    effects: list[str]


class Tile(BaseModel, frozen=True):
    colour: str
    name: str
    value: int
    holder: int | None


class Region(BaseModel, frozen=True):
    id: str
    name: str
    cubes_left: int
    token_taken_by: int | None
    token_value: int | None  # only for the seat that took it


class SeatPublic(BaseModel, frozen=True):
    seat: int
    location: int | None
    location_name: str | None
    hand_size: int
    known_cards: list[str]  # taken from the face-up row and not played since
    suitcase: list[int]  # cubes per colour, in the order of `souvenir_colours`
    destinations: list[str]
    destination_vp: int
    vp_tokens: list[int]


class TrekView(BaseModel, frozen=True):
    seat: int
    phase: str
    to_act: int | None
    round: int
    first_player: int
    end_triggered: bool
    hand: list[Card]
    trek_row: list[Card | None]
    trek_deck_size: int
    trek_discard: dict[str, int]  # card name -> copies in the discard pile
    destination_row: list[RowSlot]
    destination_deck_size: int
    destination_deck_top: DestinationCard | None
    journey_cards: list[JourneyCard]
    journey_in_progress: str | None
    current_effect: str | None
    announced_target: int | None
    move_payment: list[Card]  # the cards played towards the announced Move so far, out of the hand
    picks_left: int
    cubes: dict[int, str]  # location -> colour of the souvenir cube on it
    tiles: list[Tile]
    regions: list[Region]
    threes_left: int
    fives_left: int
    souvenir_colours: list[str]
    seats: list[SeatPublic]


def view(state: TrekState, seat: int) -> TrekView:
    data = state.data
    colours = data.souvenirs.colours
    tile_values = data.tile_values(state.players)
    return TrekView(
        seat=seat,
        phase=state.phase,
        to_act=state.active if state.phase != OVER else None,
        round=state.round,
        first_player=state.first_player,
        end_triggered=state.end_triggered,
        hand=_cards(state, state.hands[seat]),
        trek_row=[_card(state, kind) if kind != NO_ONE else None for kind in state.trek_row],
        trek_deck_size=len(state.trek_deck),
        trek_discard={data.card_name(kind): count for kind, count in enumerate(state.trek_discard) if count},
        destination_row=[
            RowSlot(slot=slot, card=_destination(state, card) if card != NO_ONE else None,
                    token=row_token(state, slot))
            for slot, card in enumerate(state.dest_row)
        ],
        destination_deck_size=len(state.dest_deck),
        destination_deck_top=_destination(state, state.dest_deck[-1])
        if state.config.dest_deck_top_public and state.dest_deck else None,
        journey_cards=[_journey(state.config.data_file, j) for j in state.journeys],
        journey_in_progress=data.journey[state.journey].id if state.phase == EFFECT else None,
        current_effect=effect_text(current_effect(state)) if state.phase == EFFECT else None,
        announced_target=state.heading if state.heading != NO_ONE else None,
        move_payment=[_card(state, kind) for kind in state.paying],
        picks_left=state.picks_left,
        cubes={location: colours[colour] for location, colour in enumerate(state.cubes) if colour != NO_ONE},
        tiles=[
            Tile(colour=colours[c], name=tile.name, value=tile_values[c],
                 holder=state.tile_holder[c] if state.tile_holder[c] != NO_ONE else None)
            for c, tile in enumerate(data.tile)
        ],
        regions=[
            Region(id=region.id, name=region.name, cubes_left=state.cubes_left[r] if state.cubes_left else 0,
                   token_taken_by=_seat_or_none(state.region_taker[r]),
                   token_value=state.region_token[r] if state.region_taker[r] == seat else None)
            for r, region in enumerate(data.region)
        ],
        threes_left=state.threes_left,
        fives_left=state.fives_left,
        souvenir_colours=list(colours),
        seats=[_seat_public(state, other) for other in range(state.players)],
    )


def effect_text(effect: Effect) -> str:
    kind, amount = effect
    return f"{kind}:{'-' if kind == 'visit' else ''}{amount}" if amount else kind


def _seat_public(state: TrekState, seat: int) -> SeatPublic:
    data, where = state.data, state.position[seat]
    return SeatPublic(
        seat=seat,
        location=where if where != NO_ONE else None,
        location_name=data.location_names[where] if where != NO_ONE else None,
        hand_size=state.hand_size(seat),
        known_cards=[data.card_name(kind) for kind, count in enumerate(state.known[seat]) for _ in range(count)],
        suitcase=list(state.suitcases[seat]),
        destinations=[data.destination[card].name for card in state.visited[seat]],
        destination_vp=sum(data.destination[card].vp for card in state.visited[seat]),
        vp_tokens=list(state.vp_tokens[seat]),
    )


def _seat_or_none(seat: int) -> int | None:
    return seat if seat != NO_ONE else None


def _card(state: TrekState, kind: int) -> Card:
    return _card_model(state.config.data_file, kind)


def _cards(state: TrekState, counts: list[int]) -> list[Card]:
    return [_card(state, kind) for kind, count in enumerate(counts) for _ in range(count)]


def _destination(state: TrekState, location: int) -> DestinationCard:
    return _destination_model(state.config.data_file, location)


# The parts of a view that depend only on the data are built once: views are asked for at every step of a
# leak check, and a frozen model can be shared.


@cache
def _card_model(path: str | None, kind: int) -> Card:
    return Card(kind=kind, name=DATA.load(path).card_name(kind))


@cache
def _destination_model(path: str | None, location: int) -> DestinationCard:
    card = DATA.load(path).destination[location]
    return DestinationCard(location=location, name=card.name, region=card.region, requires=list(card.requirement),
                           vp=card.vp)


@cache
def _journey(path: str | None, journey: int) -> JourneyCard:
    data = DATA.load(path)
    card = data.journey[journey]
    return JourneyCard(id=card.id, name=card.name, effects=[effect_text(e) for e in data.journey_effects[journey]])
