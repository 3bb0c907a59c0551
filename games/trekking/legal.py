"""Who must decide (`pending`: the active seat), every legal command of that seat, phase by phase, and the
options of the current Journey effect."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from meeplog.core.kernel import GAME_OVER, ONE_SEAT, Command, Pending
from meeplog.games.trekking.cards import pairs, symbol_payments
from meeplog.games.trekking.commands import (
    ChooseStartAirport,
    DrawTrekCard,
    DrawTwo,
    Fly,
    Journey,
    JourneyDraw,
    JourneyFly,
    JourneyMove,
    JourneyVisit,
    MoveTo,
    PayCard,
    Recolor,
    SetOff,
    SkipEffect,
    SkipFly,
    TakeTrekCard,
    TakeVp3,
    Visit,
)
from meeplog.games.trekking.data import Effect
from meeplog.games.trekking.reach import free_move_targets, move_targets, next_payment_cards, pays_route
from meeplog.games.trekking.state import ACTION, AIRPORT, DRAW, EFFECT, FLY, NO_ONE, OVER, PAY, ROUTE, TrekState

SKIP_EFFECT: Final = SkipEffect()
SKIP_FLY: Final = SkipFly()
DRAW_TWO: Final = DrawTwo()
DRAW_TREK_CARD: Final = DrawTrekCard()
SET_OFF: Final = SetOff()


class _Interned(dict[Any, Command]):
    """Commands are immutable, so each distinct one is built once and shared: playouts list them all the time."""

    def __init__(self, make: Callable[[Any], Command]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Command:
        command = self[key] = self.make(key)
        return command


MOVE_TO: Final = _Interned(MoveTo)
PAY_CARD: Final = _Interned(PayCard)
TAKE_TREK_CARD: Final = _Interned(TakeTrekCard)
VISIT: Final = _Interned(Visit)
FLY_TO: Final = _Interned(Fly)
JOURNEY: Final = _Interned(lambda key: Journey(*key))  # key: (journey id, pair)


def pending(state: TrekState) -> Pending:
    return GAME_OVER if state.phase == OVER else ONE_SEAT[state.active]


def legal(state: TrekState, seat: int) -> list[Command]:
    phase = state.phase
    if seat != state.active:
        return []
    if phase == ROUTE:
        return [MOVE_TO[target] for target in state.routes.locations(move_targets(state, seat))]
    if phase == PAY:
        return payment_options(state, seat)
    if phase == ACTION:
        return action_options(state, seat)
    if phase == DRAW:
        return draw_options(state)
    if phase == EFFECT:
        return effect_options(state, seat)
    if phase == FLY:
        return [SKIP_FLY, *(FLY_TO[airport] for airport in state.free_airports())]
    if phase == AIRPORT:
        return [ChooseStartAirport(airport) for airport in state.free_airports()]
    return []


def payment_options(state: TrekState, seat: int) -> list[Command]:
    """The Move's cards, one at a time: setting off once they pay a route, or another card towards a longer one."""
    paid = tuple(state.paying)
    options: list[Command] = [SET_OFF] if pays_route(state, seat, paid) else []
    options.extend(PAY_CARD[kind] for kind in next_payment_cards(state, seat, state.hands[seat], paid))
    return options


def action_options(state: TrekState, seat: int) -> list[Command]:
    options: list[Command] = [DRAW_TWO]
    options.extend(VISIT[paid] for paid in visit_payments(state, seat, 0))
    hand_pairs = pairs(state.hands[seat], len(state.data.trek_cards.symbols))
    for journey in state.journeys:
        name = state.data.journey[journey].id
        options.extend(JOURNEY[name, pair] for pair in hand_pairs)
    return options


def draw_options(state: TrekState) -> list[Command]:
    options: list[Command] = [TAKE_TREK_CARD[card] for card in sorted(set(state.trek_row)) if card != NO_ONE]
    if state.trek_deck or any(state.trek_discard):
        options.append(DRAW_TREK_CARD)
    return options


def current_effect(state: TrekState) -> Effect:
    return state.data.journey_effects[state.journey][state.effect]


def effect_options(state: TrekState, seat: int) -> list[Command]:
    """What the current Journey effect allows; skipping is always allowed (T26)."""
    kind, amount = current_effect(state)
    options: list[Command] = []
    if kind == "move":
        options = [JourneyMove(target) for target in state.routes.locations(free_move_targets(state, seat, amount))]
    elif kind == "fly":
        options = [JourneyFly(airport) for airport in state.free_airports()]
    elif kind == "draw":
        if state.trek_deck or any(state.trek_discard):
            options = [JourneyDraw()]
    elif kind == "visit":
        options = [JourneyVisit(paid) for paid in visit_payments(state, seat, amount)]
    elif kind == "vp3":
        if state.threes_left:
            options = [TakeVp3()]
    else:
        suitcase = state.suitcases[seat]
        colours = range(len(suitcase))
        options = [Recolor(source, target) for source in colours if suitcase[source] for target in colours
                   if target != source]
    options.append(SKIP_EFFECT)
    return options


def visitable_slot(state: TrekState, seat: int) -> int:
    """The row slot of the card of the seat's location, or NO_ONE (T23: only that card, never the deck top)."""
    where = state.position[seat]
    if where >= state.data.destination_count:
        return NO_ONE
    row = state.dest_row
    return row.index(where) if where in row else NO_ONE


def visit_payments(state: TrekState, seat: int, discount: int) -> list[tuple[int, ...]]:
    """The card sets that Visit the seat's location, ignoring up to `discount` symbols (T23, T27)."""
    if visitable_slot(state, seat) == NO_ONE:
        return []
    requirement = state.data.requirements[state.position[seat]]
    return symbol_payments(state.hands[seat], requirement, waived_count(state, requirement, discount))


def waived_count(state: TrekState, requirement: tuple[int, ...], discount: int) -> int:
    """How many symbols a `visit(-X)` ignores: X, but never below the configured minimum paid (T27)."""
    needed = sum(requirement)
    return min(discount, max(0, needed - state.config.visit_discount_min_paid))


def row_token(state: TrekState, slot: int) -> int:
    """T24: the rightmost card pays a 5 (a 3 once the 5s are gone), the second rightmost a 3, while they last."""
    tokens = state.data.row_tokens
    from_right = len(state.dest_row) - 1 - slot
    if from_right == 0 and state.fives_left:
        return tokens.rightmost
    if from_right <= 1 and state.threes_left:
        return tokens.second
    return 0
