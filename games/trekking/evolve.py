"""`evolve`: the only code that changes a Trekking state, one event at a time, never drawing randomness.

The steps nobody decides are taken here, from the state alone: a turn starts with the flight only if
the hiker can fly, the Move is skipped when no card set pays any route (T13), and a turn ends into the
next seat's, the end of the game (T28) or the round cap (T29).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from meeplog.core.kernel import GameEvent
from meeplog.games.trekking.events import (
    Dealt,
    DestinationDealt,
    DrawingBegan,
    EffectSkipped,
    EndTriggered,
    Flew,
    FlightDeclined,
    GameBegan,
    JourneyBegan,
    JourneyDrew,
    Recoloured,
    RegionBonusTaken,
    RouteAnnounced,
    SouvenirCollected,
    StartAirportChosen,
    TileChanged,
    TrekCardDrawn,
    TrekCardPlayed,
    TrekCardTaken,
    TrekDeckShuffled,
    Trekked,
    TrekRowFilled,
    TurnEnded,
    Visited,
    Vp3Taken,
)
from meeplog.games.trekking.reach import can_fly, can_move
from meeplog.games.trekking.state import ACTION, AIRPORT, DRAW, EFFECT, FLY, NO_ONE, OVER, PAY, ROUTE, TrekState


def evolve(state: TrekState, event: GameEvent) -> None:
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise TypeError(f"not a Trekking the World event: {event!r}")
    handler(state, event)


# --- turn flow ------------------------------------------------------------------------------------


def _begin_turn(state: TrekState, seat: int) -> None:
    state.active = seat
    state.heading = state.journey = NO_ONE
    state.effect = state.picks_left = 0
    if can_fly(state, seat):
        state.phase = FLY
    else:
        _enter_move(state)


def _enter_move(state: TrekState) -> None:
    state.phase = ROUTE if can_move(state, state.active) else ACTION


def _start_if_ready(state: TrekState) -> None:
    if state.dealt and NO_ONE not in state.position:
        _begin_turn(state, state.first_player)


def _spend(state: TrekState, seat: int, cards: tuple[int, ...]) -> None:
    """Cards played go face up to the discard pile."""
    for kind in cards:
        _leave_hand(state, seat, kind)
        state.trek_discard[kind] += 1


def _leave_hand(state: TrekState, seat: int, kind: int) -> None:
    """A card leaves the hand; what was known of the hand can only shrink."""
    state.hands[seat][kind] -= 1
    known = state.known[seat]
    if known[kind]:
        known[kind] -= 1


def _next_effect(state: TrekState) -> None:
    state.effect += 1


# --- handlers -------------------------------------------------------------------------------------


def _game_began(state: TrekState, event: GameBegan) -> None:
    state.first_player = state.active = event.first_player
    state.phase = AIRPORT
    state.round = 1


def _airport_chosen(state: TrekState, event: StartAirportChosen) -> None:
    state.place_hiker(event.seat, event.airport)
    state.active = (event.seat + 1) % state.players
    _start_if_ready(state)


def _dealt(state: TrekState, event: Dealt) -> None:
    data = state.data
    state.cubes = list(event.cubes)
    left = [0] * len(data.region)
    for location, colour in enumerate(event.cubes):
        if colour != NO_ONE:
            left[data.region_of[location]] += 1
    state.cubes_left = left
    state.region_token = list(event.region_tokens or ())
    state.boxed_tokens = list(event.boxed_tokens or ())
    state.dest_row = list(event.dest_row)
    state.dest_deck = list(event.dest_deck or ())
    state.journeys = tuple(data.journey_index[j] for j in event.journeys)
    state.trek_row = list(event.trek_row)
    state.trek_deck = list(event.trek_deck or ())
    for seat, hand in enumerate(event.hands):
        for kind in hand or ():
            state.hands[seat][kind] += 1
    state.threes_left = data.vp_tokens.threes
    state.fives_left = data.vp_tokens.fives
    state.dealt = True
    _start_if_ready(state)


def _flew(state: TrekState, event: Flew) -> None:
    state.place_hiker(event.seat, event.airport)
    if state.phase == EFFECT:
        _next_effect(state)
    elif state.config.fly_replaces_move:
        state.phase = ACTION
    else:
        _enter_move(state)


def _flight_declined(state: TrekState, event: FlightDeclined) -> None:
    _enter_move(state)


def _route_announced(state: TrekState, event: RouteAnnounced) -> None:
    state.heading = event.target
    state.phase = PAY


def _card_played(state: TrekState, event: TrekCardPlayed) -> None:
    _leave_hand(state, event.seat, event.card)
    state.paying.append(event.card)


def _trekked(state: TrekState, event: Trekked) -> None:
    for kind in event.cards:  # the cards played towards the Move, out of the hand already
        state.trek_discard[kind] += 1
    state.paying = []
    state.place_hiker(event.seat, event.target)
    if state.phase == EFFECT:
        _next_effect(state)
    else:
        state.heading = NO_ONE
        state.phase = ACTION


def _souvenir(state: TrekState, event: SouvenirCollected) -> None:
    state.cubes[event.location] = NO_ONE
    state.cubes_left[state.data.region_of[event.location]] -= 1
    state.suitcases[event.seat][event.colour] += 1


def _tile(state: TrekState, event: TileChanged) -> None:
    state.tile_holder[event.colour] = event.holder


def _region_bonus(state: TrekState, event: RegionBonusTaken) -> None:
    state.region_taker[event.region] = event.seat


def _end_triggered(state: TrekState, event: EndTriggered) -> None:
    state.end_triggered = True
    if state.config.end_timing == "immediate":
        state.phase = OVER


def _drawing(state: TrekState, event: DrawingBegan) -> None:
    state.phase = DRAW
    state.picks_left = 2


def _row_filled(state: TrekState, event: TrekRowFilled) -> None:
    state.trek_deck.pop()
    state.trek_row[event.slot] = event.card


def _card_taken(state: TrekState, event: TrekCardTaken) -> None:
    state.trek_row[event.slot] = NO_ONE
    state.hands[event.seat][event.card] += 1
    state.known[event.seat][event.card] += 1
    state.picks_left -= 1


def _card_drawn(state: TrekState, event: TrekCardDrawn) -> None:
    state.trek_deck.pop()
    assert event.card is not None, "the state is folded from the true events, whose drawn card is known"
    state.hands[event.seat][event.card] += 1
    if state.phase == DRAW:
        state.picks_left -= 1


def _shuffled(state: TrekState, event: TrekDeckShuffled) -> None:
    state.trek_deck = list(event.order or ())
    state.trek_discard = [0] * state.data.kind_count


def _visited(state: TrekState, event: Visited) -> None:
    _spend(state, event.seat, event.paid)
    row = state.dest_row
    state.dest_row = [NO_ONE, *row[: event.slot], *row[event.slot + 1:]]
    state.visited[event.seat].append(event.destination)
    if event.token:
        state.vp_tokens[event.seat].append(event.token)
        if event.token == 5:
            state.fives_left -= 1
        else:
            state.threes_left -= 1
    if state.phase == EFFECT:
        _next_effect(state)


def _destination_dealt(state: TrekState, event: DestinationDealt) -> None:
    state.dest_deck.pop()
    state.dest_row[0] = event.card


def _journey_began(state: TrekState, event: JourneyBegan) -> None:
    _spend(state, event.seat, event.pair)
    state.phase = EFFECT
    state.journey = state.data.journey_index[event.journey]
    state.effect = 0


def _journey_drew(state: TrekState, event: JourneyDrew) -> None:
    _next_effect(state)


def _vp3(state: TrekState, event: Vp3Taken) -> None:
    state.threes_left -= 1
    state.vp_tokens[event.seat].append(3)
    _next_effect(state)


def _recoloured(state: TrekState, event: Recoloured) -> None:
    suitcase = state.suitcases[event.seat]
    suitcase[event.source] -= 1
    suitcase[event.target] += 1
    _next_effect(state)


def _effect_skipped(state: TrekState, event: EffectSkipped) -> None:
    _next_effect(state)


def _turn_ended(state: TrekState, event: TurnEnded) -> None:
    config = state.config
    if state.end_triggered and config.end_timing == "end_of_turn":
        state.phase = OVER
        return
    following = (event.seat + 1) % state.players
    if following == state.first_player:
        if state.end_triggered and config.end_timing == "end_of_round":
            state.phase = OVER
            return
        if config.max_rounds is not None and state.round >= config.max_rounds:
            state.phase = OVER
            state.ended_by_cap = True
            return
        state.round += 1
    _begin_turn(state, following)


_HANDLERS: Final[dict[type, Callable[[TrekState, Any], None]]] = {
    GameBegan: _game_began,
    StartAirportChosen: _airport_chosen,
    Dealt: _dealt,
    Flew: _flew,
    FlightDeclined: _flight_declined,
    RouteAnnounced: _route_announced,
    TrekCardPlayed: _card_played,
    Trekked: _trekked,
    SouvenirCollected: _souvenir,
    TileChanged: _tile,
    RegionBonusTaken: _region_bonus,
    EndTriggered: _end_triggered,
    DrawingBegan: _drawing,
    TrekRowFilled: _row_filled,
    TrekCardTaken: _card_taken,
    TrekCardDrawn: _card_drawn,
    TrekDeckShuffled: _shuffled,
    Visited: _visited,
    DestinationDealt: _destination_dealt,
    JourneyBegan: _journey_began,
    JourneyDrew: _journey_drew,
    Vp3Taken: _vp3,
    Recoloured: _recoloured,
    EffectSkipped: _effect_skipped,
    TurnEnded: _turn_ended,
}
