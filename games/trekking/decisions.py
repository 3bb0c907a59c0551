"""`decide` for each phase: validate a command (IllegalCommand with a reason) and return the events it causes.

No handler changes the state. Randomness (the deal, trek draws and reshuffles) comes from the rng and
is written into events. A handler that completes the turn's action appends TurnEnded, unless the
game has just ended on the spot (`end_timing="immediate"`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from meeplog.core.kernel import Command, GameEvent, IllegalCommand
from meeplog.games.trekking.automatic import deal
from meeplog.games.trekking.cards import holds, is_pair, symbol_of, total_value
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
from meeplog.games.trekking.drawing import TrekDraws
from meeplog.games.trekking.events import (
    DestinationDealt,
    EffectSkipped,
    EndTriggered,
    Flew,
    FlightDeclined,
    JourneyBegan,
    JourneyDrew,
    Recoloured,
    StartAirportChosen,
    Trekked,
    Visited,
    Vp3Taken,
    drawing_began,
    route_announced,
    trek_card_drawn,
    trek_card_played,
    trek_card_taken,
    trekked,
    turn_ended,
)
from meeplog.games.trekking.evolve import evolve
from meeplog.games.trekking.legal import current_effect, effect_options, row_token, visitable_slot, waived_count
from meeplog.games.trekking.reach import may_pay_next, next_payment_cards, payment_lengths, pays_route, route_lengths
from meeplog.games.trekking.souvenirs import arrival_events, recolour_events
from meeplog.games.trekking.state import ACTION, AIRPORT, DRAW, EFFECT, FLY, NO_ONE, OVER, PAY, ROUTE, TrekState

Handler = Callable[[TrekState, int, Any, random.Random], list[GameEvent]]
AUTO_GAINS: Final = ("draw", "vp3")


# --- setup and the start of the turn ---------------------------------------------------------------


def choose_airport(state: TrekState, seat: int, command: ChooseStartAirport, rng: random.Random) -> list[GameEvent]:
    if command.airport not in state.free_airports():
        raise IllegalCommand(f"{state.data.place(command.airport)} is not a free airport")
    events: list[GameEvent] = [StartAirportChosen(seat, command.airport)]
    if state.position.count(NO_ONE) == 1 and not state.dealt:
        events.append(deal(state, rng))  # T3: the random setup is revealed once every hiker stands
    return events


def fly(state: TrekState, seat: int, command: Fly, rng: random.Random) -> list[GameEvent]:
    if command.airport not in state.free_airports():
        raise IllegalCommand(f"{state.data.place(command.airport)} is not a free airport")
    return [Flew(seat, state.position[seat], command.airport)]


def skip_fly(state: TrekState, seat: int, command: SkipFly, rng: random.Random) -> list[GameEvent]:
    return [FlightDeclined(seat)]


def move_to(state: TrekState, seat: int, command: MoveTo, rng: random.Random) -> list[GameEvent]:
    target = command.target
    if not (0 <= target < state.data.location_count and route_lengths(state, seat, target, first_only=True)):
        raise IllegalCommand(f"no set of your cards pays a route to {state.data.place(target)}: a route uses no link "
                             "twice, crosses no other hiker, and is exactly as long as the cards' values add up to")
    return [route_announced(seat, target)]


def pay_card(state: TrekState, seat: int, command: PayCard, rng: random.Random) -> list[GameEvent]:
    """One more card towards the Move; the hiker sets off at once when the cards pay a route and no card could
    be added towards a longer one."""
    hand, paid, kind = state.hands[seat], tuple(state.paying), command.card
    if not may_pay_next(state, seat, paid, kind):
        raise IllegalCommand(_payment_refusal(state, seat, kind, paid))
    events: list[GameEvent] = [trek_card_played(seat, kind)]
    rest = hand[:]
    rest[kind] -= 1
    played = (*paid, kind)
    if pays_route(state, seat, played) and not next_payment_cards(state, seat, rest, played, first_only=True):
        events += _set_off_events(state, seat, played)
    return events


def set_off(state: TrekState, seat: int, command: SetOff, rng: random.Random) -> list[GameEvent]:
    paid = tuple(state.paying)
    if not pays_route(state, seat, paid):
        raise IllegalCommand(f"the cards played add up to {total_value(paid)}, and no route to "
                             f"{state.data.place(state.heading)} is that long: play another card (PayCard)")
    return _set_off_events(state, seat, paid)


def _set_off_events(state: TrekState, seat: int, paid: tuple[int, ...]) -> list[GameEvent]:
    target = state.heading
    return [trekked(seat, state.position[seat], target, paid), *arrival_events(state, seat, target)]


def _payment_refusal(state: TrekState, seat: int, kind: int, paid: tuple[int, ...]) -> str:
    data = state.data
    if not 0 <= kind < data.kind_count or not state.hands[seat][kind]:
        return f"you hold no {data.card_name(kind) if 0 <= kind < data.kind_count else kind} card to play"
    if paid and kind < paid[-1]:
        return (f"play the Move's cards in ascending order (symbol, then value): after "
                f"{data.card_name(paid[-1])}, {data.card_name(kind)} cannot come")
    so_far = f"the {total_value(paid)} played so far plus " if paid else ""
    lengths = ", ".join(map(str, sorted(payment_lengths(state, seat, paid))))
    return (f"{so_far}{data.card_name(kind)} can be completed to none of the routes to "
            f"{data.place(state.heading)} your cards can pay ({lengths} links long)")


# --- the action ------------------------------------------------------------------------------------


def draw_two(state: TrekState, seat: int, command: DrawTwo, rng: random.Random) -> list[GameEvent]:
    events: list[GameEvent] = [drawing_began(seat)]
    draws = TrekDraws(state, rng, events)
    row = state.trek_row[:]
    draws.fill(row)
    if not _can_pick(row, draws):
        events.append(turn_ended(seat))  # T21: Draw Two is legal even when it yields nothing
    return events


def take_trek_card(state: TrekState, seat: int, command: TakeTrekCard, rng: random.Random) -> list[GameEvent]:
    if command.card == NO_ONE or command.card not in state.trek_row:
        raise IllegalCommand(f"no {state.data.card_name(command.card)} lies face up in the trek row")
    slot = state.trek_row.index(command.card)
    events: list[GameEvent] = [trek_card_taken(seat, slot, command.card)]
    draws = TrekDraws(state, rng, events)
    row = state.trek_row[:]
    row[slot] = NO_ONE
    draws.fill(row)  # the pick is replaced at once, before the next pick (4.6)
    return _after_pick(state, seat, row, draws)


def draw_trek_card(state: TrekState, seat: int, command: DrawTrekCard, rng: random.Random) -> list[GameEvent]:
    events: list[GameEvent] = []
    draws = TrekDraws(state, rng, events)
    if draws.draw(lambda card: trek_card_drawn(seat, card)) is None:
        raise IllegalCommand("the trek deck and the discard pile are both empty")
    return _after_pick(state, seat, state.trek_row, draws)


def _after_pick(state: TrekState, seat: int, row: list[int], draws: TrekDraws) -> list[GameEvent]:
    if state.picks_left == 1 or not _can_pick(row, draws):
        draws.events.append(turn_ended(seat))
    return draws.events


def _can_pick(row: list[int], draws: TrekDraws) -> bool:
    return draws.available() > 0 or any(card != NO_ONE for card in row)


def visit(state: TrekState, seat: int, command: Visit, rng: random.Random) -> list[GameEvent]:
    return _finish_action(state, seat, _visit_events(state, seat, command.paid, 0))


def journey(state: TrekState, seat: int, command: Journey, rng: random.Random) -> list[GameEvent]:
    index = state.data.journey_index.get(command.journey)
    if index is None or index not in state.journeys:
        in_play = ", ".join(state.data.journey[j].id for j in state.journeys)
        raise IllegalCommand(f"Journey card {command.journey} is not in play (in play: {in_play})")
    pair = tuple(sorted(command.pair))
    if not is_pair(pair) or not holds(state.hands[seat], pair):
        raise IllegalCommand("a Journey costs exactly two cards of one symbol from your hand")
    return _settle(state, seat, [JourneyBegan(seat, command.journey, (pair[0], pair[1]))], rng)


# --- Journey effects --------------------------------------------------------------------------------


def effect(state: TrekState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
    if isinstance(command, JourneyVisit):
        command = JourneyVisit(tuple(sorted(command.paid)))
    if command not in effect_options(state, seat):
        kind, amount = current_effect(state)
        raise IllegalCommand(f"the Journey effect now is {_effect_name(kind, amount)}: "
                             f"{type(command).__name__} does not fit it (or cannot be done); you may skip it")
    return _settle(state, seat, _effect_events(state, seat, command, rng), rng)


def _effect_events(state: TrekState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
    match command:
        case JourneyMove(target):
            events: list[GameEvent] = [Trekked(seat, state.position[seat], target, ())]
            if state.config.journey_move_collects:
                events.extend(arrival_events(state, seat, target))
            return events
        case JourneyFly(airport):
            return [Flew(seat, state.position[seat], airport)]
        case JourneyDraw():
            return _journey_draw(state, seat, current_effect(state)[1], rng)
        case JourneyVisit(paid):
            return _visit_events(state, seat, paid, current_effect(state)[1])
        case TakeVp3():
            return [Vp3Taken(seat)]
        case Recolor(source, target):
            return [Recoloured(seat, source, target), *recolour_events(state, seat, source, target)]
    kind, amount = current_effect(state)
    return [EffectSkipped(seat, _effect_name(kind, amount))]


def _journey_draw(state: TrekState, seat: int, count: int, rng: random.Random) -> list[GameEvent]:
    drawn: list[GameEvent] = []
    draws = TrekDraws(state, rng, drawn)
    draws.fill(state.trek_row[:])  # T21: a short row is topped up before any later draw
    taken = sum(1 for _ in range(count) if draws.draw(lambda card: trek_card_drawn(seat, card)) is not None)
    return [JourneyDrew(seat, taken), *drawn]


def _settle(state: TrekState, seat: int, events: list[GameEvent], rng: random.Random) -> list[GameEvent]:
    """Close the Journey once its last effect is resolved; with `journey_auto_gains`, take draws and 3s unasked."""
    if state.config.journey_auto_gains:
        scratch = state.clone()
        for event in events:
            evolve(scratch, event)
        while scratch.phase == EFFECT and scratch.effect < _effect_count(scratch) \
                and current_effect(scratch)[0] in AUTO_GAINS:
            automatic = _automatic_gain(scratch, seat, rng)
            for event in automatic:
                evolve(scratch, event)
            events.extend(automatic)
        done = scratch.phase == EFFECT and scratch.effect == _effect_count(scratch)
    else:
        done = state.phase == EFFECT and state.effect + 1 == _effect_count(state)
    return _finish_action(state, seat, events) if done else events


def _automatic_gain(state: TrekState, seat: int, rng: random.Random) -> list[GameEvent]:
    kind, amount = current_effect(state)
    if kind == "draw" and (state.trek_deck or any(state.trek_discard)):
        return _journey_draw(state, seat, amount, rng)
    if kind == "vp3" and state.threes_left:
        return [Vp3Taken(seat)]
    return [EffectSkipped(seat, _effect_name(kind, amount))]


def _effect_count(state: TrekState) -> int:
    return len(state.data.journey_effects[state.journey])


# --- visits and the end of the action -------------------------------------------------------------------


def _visit_events(state: TrekState, seat: int, paid: tuple[int, ...], discount: int) -> list[GameEvent]:
    slot = visitable_slot(state, seat)
    if slot == NO_ONE:
        raise IllegalCommand("the destination card of your location is not in the row, so it cannot be visited")
    data = state.data
    destination = state.position[seat]
    requirement = data.requirements[destination]
    paid = tuple(sorted(paid))
    given = [0] * len(requirement)
    for kind in paid:
        if not 0 <= kind < data.kind_count:
            raise IllegalCommand(f"{kind} is not a trek card")
        given[symbol_of(kind)] += 1
    waived = waived_count(state, requirement, discount)
    short = [need - got for need, got in zip(requirement, given)]
    if not holds(state.hands[seat], paid) or min(short) < 0 or sum(short) != waived:
        symbols = ", ".join(data.destination[destination].requirement)
        also = f", ignoring {waived} of them" if waived else ""
        raise IllegalCommand(f"{data.destination[destination].name} needs exactly {symbols}{also}, "
                             "paid with cards from your hand")
    waived_symbols = tuple(symbol for symbol, missing in enumerate(short) for _ in range(missing))
    events: list[GameEvent] = [Visited(seat, destination, slot, paid, waived_symbols, row_token(state, slot))]
    if state.dest_deck:
        top = state.dest_deck[-2] if state.config.dest_deck_top_public and len(state.dest_deck) > 1 else None
        events.append(DestinationDealt(state.dest_deck[-1], top))
    if len(state.visited[seat]) + 1 == data.end.destination_cards and not state.end_triggered:
        events.append(EndTriggered(seat, "destinations"))
    return events


def _finish_action(state: TrekState, seat: int, events: list[GameEvent]) -> list[GameEvent]:
    over = state.config.end_timing == "immediate" and any(isinstance(e, EndTriggered) for e in events)
    if not over:
        events.append(turn_ended(seat))
    return events


def _effect_name(kind: str, amount: int) -> str:
    return {"move": f"move up to {amount}", "draw": f"draw {amount}", "visit": f"visit ignoring {amount}",
            "fly": "fly", "vp3": "take a 3 VP token", "recolor": "recolour a souvenir"}[kind]


HANDLERS: Final[dict[tuple[str, type], Handler]] = {
    (AIRPORT, ChooseStartAirport): choose_airport,
    (FLY, Fly): fly,
    (FLY, SkipFly): skip_fly,
    (ROUTE, MoveTo): move_to,
    (PAY, PayCard): pay_card,
    (PAY, SetOff): set_off,
    (ACTION, DrawTwo): draw_two,
    (ACTION, Visit): visit,
    (ACTION, Journey): journey,
    (DRAW, TakeTrekCard): take_trek_card,
    (DRAW, DrawTrekCard): draw_trek_card,
    **{(EFFECT, kind): effect for kind in (JourneyMove, JourneyFly, JourneyDraw, JourneyVisit, TakeVp3, Recolor,
                                           SkipEffect)},
}

EXPECTED: Final = {
    AIRPORT: "choose a free starting airport",
    FLY: "fly to a free airport or skip the flight",
    ROUTE: "announce the destination of your Move (MoveTo)",
    PAY: "play the cards that pay the announced route, one at a time (PayCard), then SetOff if asked",
    ACTION: "take an action: DrawTwo, Visit or Journey",
    DRAW: "pick a trek card from the row or the deck",
    EFFECT: "resolve the current Journey effect or skip it",
    OVER: "the game is over",
}


def decide(state: TrekState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
    """The events of the active seat's command, by the handler of its phase."""
    if state.phase == OVER:
        raise IllegalCommand("the game is over")
    if seat != state.active:
        raise IllegalCommand(f"it is seat {state.active}'s turn, not seat {seat}'s")
    handler = HANDLERS.get((state.phase, type(command)))
    if handler is None:
        raise IllegalCommand(f"{type(command).__name__} is not allowed now: {EXPECTED[state.phase]}")
    return handler(state, seat, command, rng)
