"""What one seat of Trekking the World may know, as plain data: TrekView's fields (view.py).

view.py validates it into the model; the environments read it as it is, into an observation vector at every
step, so it is compiled with mypyc (a hot module, core/compiled.py), and kept apart from the pydantic models,
which mypyc does not compile.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from meeplog.games.trekking.data import DATA, Effect, TrekData
from meeplog.games.trekking.legal import current_effect, row_token
from meeplog.games.trekking.state import EFFECT, NO_ONE, OVER, TrekState


def view_data(state: TrekState, seat: int) -> dict[str, Any]:
    """The view as plain data: TrekView's fields."""
    tables = _tables(state.config.data_file)
    colours, card = tables.colours, tables.cards
    tile_values = tables.tile_values_for_two if state.players == 2 else tables.tile_values
    return {
        "seat": seat,
        "phase": state.phase,
        "to_act": state.active if state.phase != OVER else None,
        "round": state.round,
        "first_player": state.first_player,
        "end_triggered": state.end_triggered,
        "hand": [card[kind] for kind, count in enumerate(state.hands[seat]) for _ in range(count)],
        "trek_row": [card[kind] if kind != NO_ONE else None for kind in state.trek_row],
        "trek_deck_size": len(state.trek_deck),
        "trek_discard": {tables.card_names[kind]: count for kind, count in enumerate(state.trek_discard) if count},
        "destination_row": [
            {"slot": slot, "card": tables.destinations[location] if location != NO_ONE else None,
             "token": row_token(state, slot)}
            for slot, location in enumerate(state.dest_row)
        ],
        "destination_deck_size": len(state.dest_deck),
        "destination_deck_top": tables.destinations[state.dest_deck[-1]]
        if state.config.dest_deck_top_public and state.dest_deck
        else None,
        "journey_cards": [tables.journeys[j] for j in state.journeys],
        "journey_in_progress": tables.journey_ids[state.journey] if state.phase == EFFECT else None,
        "current_effect": effect_text(current_effect(state)) if state.phase == EFFECT else None,
        "announced_target": state.heading if state.heading != NO_ONE else None,
        "move_payment": [card[kind] for kind in state.paying],
        "picks_left": state.picks_left,
        "cubes": {location: colours[colour] for location, colour in enumerate(state.cubes) if colour != NO_ONE},
        "tiles": [
            {
                "colour": colours[c],
                "name": name,
                "value": tile_values[c],
                "holder": state.tile_holder[c] if state.tile_holder[c] != NO_ONE else None,
            }
            for c, name in enumerate(tables.tile_names)
        ],
        "regions": [
            {
                "id": region_id,
                "name": name,
                "cubes_left": state.cubes_left[r] if state.cubes_left else 0,
                "token_taken_by": _seat_or_none(state.region_taker[r]),
                "token_value": state.region_token[r] if state.region_taker[r] == seat else None,
            }
            for r, (region_id, name) in enumerate(tables.regions)
        ],
        "threes_left": state.threes_left,
        "fives_left": state.fives_left,
        "souvenir_colours": list(colours),
        "seats": [_seat_public(state, tables, other) for other in range(state.players)],
    }


def effect_text(effect: Effect) -> str:
    kind, amount = effect
    return f"{kind}:{'-' if kind == 'visit' else ''}{amount}" if amount else kind


def _seat_public(state: TrekState, tables: _Tables, seat: int) -> dict[str, Any]:
    where, visited = state.position[seat], state.visited[seat]
    return {
        "seat": seat,
        "location": where if where != NO_ONE else None,
        "location_name": tables.location_names[where] if where != NO_ONE else None,
        "hand_size": state.hand_size(seat),
        "known_cards": [tables.card_names[kind] for kind, count in enumerate(state.known[seat]) for _ in range(count)],
        "suitcase": list(state.suitcases[seat]),
        "destinations": [tables.destinations[location]["name"] for location in visited],
        "destination_vp": sum(tables.destination_vps[location] for location in visited),
        "vp_tokens": list(state.vp_tokens[seat]),
    }


def _seat_or_none(seat: int) -> int | None:
    return seat if seat != NO_ONE else None


class _Tables:
    """The parts of a view that depend only on the data, by number: built once per data file, as views are
    asked for at every step of a leak check and of an environment (nothing writes to their dicts)."""

    def __init__(self, data: TrekData) -> None:
        self.colours: tuple[str, ...] = tuple(data.souvenirs.colours)
        self.card_names = tuple(data.card_name(kind) for kind in range(data.kind_count))
        self.cards = tuple({"kind": kind, "name": name} for kind, name in enumerate(self.card_names))
        self.destinations = tuple(
            {"location": location, "name": card.name, "region": card.region, "requires": list(card.requirement),
             "vp": card.vp}
            for location, card in enumerate(data.destination)
        )
        self.destination_vps = tuple(card.vp for card in data.destination)
        self.location_names: tuple[str, ...] = data.location_names
        self.journeys = tuple(
            {"id": card.id, "name": card.name, "effects": [effect_text(e) for e in effects]}
            for card, effects in zip(data.journey, data.journey_effects)
        )
        self.journey_ids = tuple(card.id for card in data.journey)
        self.tile_names = tuple(tile.name for tile in data.tile)
        self.tile_values = data.tile_values(3)  # the same from 3 players on
        self.tile_values_for_two = data.tile_values(2)
        self.regions = tuple((region.id, region.name) for region in data.region)


@cache
def _tables(path: str | None) -> _Tables:
    return _Tables(DATA.load(path))
