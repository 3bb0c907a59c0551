"""`describe`: each event or command as one line of a travel diary.

Events may come redacted (a card drawn unseen, a region token's secret value); the line then says what
the reader may know. Names come from the data; the state is only read for what an event leaves implicit.
"""

from __future__ import annotations

from meeplog.core.kernel import Command, GameEvent
from meeplog.games.trekking.cards import hand_sums, total_value
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
from meeplog.games.trekking.state import NO_ONE, TrekState
from meeplog.games.trekking.view import effect_text

END_WHEN = {
    "end_of_turn": "the trip ends when this turn is over",
    "immediate": "the trip ends right here",
    "end_of_round": "the trip ends when this round is over",
}


def describe(state: TrekState, item: GameEvent | Command) -> str:
    line = _event(state, item) if isinstance(item, GameEvent) else _command(state, item)
    return line if line is not None else repr(item)


def _event(state: TrekState, event: GameEvent) -> str | None:
    data = state.data
    match event:
        case GameBegan(first):
            return f"The expedition begins: seat {first} sets off first."
        case StartAirportChosen(seat, airport):
            return f"Seat {seat} lands at {state.data.place(airport)}, ready to explore."
        case Dealt():
            return _dealt(state, event)
        case Flew(seat, origin, airport):
            return f"Seat {seat} flies from {state.data.place(origin)} to {state.data.place(airport)}."
        case FlightDeclined(seat):
            return f"Seat {seat} stays on the ground."
        case RouteAnnounced(seat, target):
            return f"Seat {seat} announces a trek to {state.data.place(target)}."
        case TrekCardPlayed(seat, card):
            return f"Seat {seat} plays {data.card_name(card)} for the trek."
        case Trekked(seat, origin, target, ()):
            return f"Seat {seat} wanders from {state.data.place(origin)} to {state.data.place(target)} free of charge."
        case Trekked(seat, origin, target, cards):
            links = total_value(cards)
            return (f"Seat {seat} treks {links} link{'s' if links > 1 else ''} from {state.data.place(origin)} "
                    f"to {state.data.place(target)}, playing {_cards(state, cards)}.")
        case SouvenirCollected(seat, location, colour):
            return f"At {state.data.place(location)}, seat {seat} packs a {data.souvenirs.colours[colour]} souvenir."
        case TileChanged(colour, holder, previous):
            return _tile(state, colour, holder, previous)
        case RegionBonusTaken(seat, region, value):
            worth = f"worth {value}" if value is not None else "its value kept secret"
            return (f"Seat {seat} took the last souvenir of {data.region[region].name} and pockets its "
                    f"region bonus token ({worth}).")
        case EndTriggered(seat, reason):
            why = (f"seat {seat} has visited a fifth destination" if reason == "destinations"
                   else "five region bonus tokens are gone")
            return f"The end is in sight: {why}, and {END_WHEN[state.config.end_timing]}."
        case DrawingBegan(seat):
            return f"Seat {seat} rests and gathers two trek cards."
        case TrekRowFilled(slot, card):
            return f"{data.card_name(card)} is turned face up in trek row slot {slot}."
        case TrekCardTaken(seat, slot, card):
            return f"Seat {seat} takes {data.card_name(card)} from trek row slot {slot}."
        case TrekCardDrawn(seat, int() as card):
            return f"Seat {seat} draws {data.card_name(card)} from the deck."
        case TrekCardDrawn(seat):
            return f"Seat {seat} draws a trek card from the deck."
        case TrekDeckShuffled():
            return "The discard pile is shuffled into a fresh trek deck."
        case Visited():
            return _visited(state, event)
        case DestinationDealt(card, top):
            nxt = f"; {data.destination[top].name} shows on top of the deck" if top is not None else ""
            return f"{data.destination[card].name} joins the destination row{nxt}."
        case JourneyBegan(seat, journey, pair):
            chosen = data.journey[data.journey_index[journey]]
            return f"Seat {seat} sets out on the Journey \u201c{chosen.name}\u201d, spending {_cards(state, pair)}."
        case JourneyDrew(seat, count):
            return f"Seat {seat} draws {count} trek card{'s' if count != 1 else ''} from the deck."
        case Vp3Taken(seat):
            return f"Seat {seat} takes a 3 VP token."
        case Recoloured(seat, source, target):
            colours = data.souvenirs.colours
            return f"Seat {seat}'s {colours[source]} souvenir gets lost in transit and turns up {colours[target]}."
        case EffectSkipped(seat, effect):
            return f"Seat {seat} lets \u201c{effect}\u201d pass."
        case TurnEnded(seat):
            return f"Seat {seat} makes camp for the night (round {state.round})."
    return None


def _dealt(state: TrekState, event: Dealt) -> str:
    data = state.data
    cubes = sum(1 for colour in event.cubes if colour != NO_ONE)
    row = ", ".join(f"{data.destination[card].name} ({data.destination[card].vp} VP)" for card in event.dest_row)
    journeys = "; ".join(
        f"{data.journey[data.journey_index[j]].name} ("
        f"{', '.join(effect_text(e) for e in data.journey_effects[data.journey_index[j]])})"
        for j in event.journeys
    )
    top = f"; next destination: {data.destination[event.dest_top].name}" if event.dest_top is not None else ""
    hands = "; ".join(f"seat {seat} holds {_cards(state, hand)}" for seat, hand in enumerate(event.hands)
                      if hand is not None)
    trek_row = ", ".join(data.card_name(card) for card in event.trek_row)
    line = (f"{cubes} souvenirs are scattered over the world. Destination row: {row}{top}. "
            f"Journey cards: {journeys}. Trek row: {trek_row}.")
    return f"{line} {hands[0].upper()}{hands[1:]}." if hands else line  # capitalize() would lower the card names


def _tile(state: TrekState, colour: int, holder: int, previous: int) -> str:
    tile = state.data.tile[colour].name
    if holder == NO_ONE:
        return f"The {tile} tile goes back beside the board."
    if previous == NO_ONE:
        return f"Seat {holder} claims the {tile} tile."
    return f"Seat {holder} takes the {tile} tile from seat {previous}."


def _visited(state: TrekState, event: Visited) -> str:
    card = state.data.destination[event.destination]
    payment = f"paying {_cards(state, event.paid)}" if event.paid else "paying nothing"
    if event.waived:
        payment += f", {'/'.join(state.data.trek_cards.symbols[s] for s in event.waived)} waived"
    bonus = f" and earns a {event.token} VP token" if event.token else ""
    return f"Seat {event.seat} visits {card.name} ({card.vp} VP), {payment}{bonus}."


def _command(state: TrekState, command: Command) -> str | None:
    data = state.data
    match command:
        case ChooseStartAirport(airport):
            return f"start at {state.data.place(airport)}"
        case Fly(airport):
            return f"fly to {state.data.place(airport)}"
        case SkipFly():
            return "stay on the ground"
        case MoveTo(target):
            return f"trek to {state.data.place(target)}{_route_lengths(state, target)}"
        case PayCard(card):
            links = total_value((*state.paying, card))
            return f"play {data.card_name(card)} for the trek ({links} link{'s' if links != 1 else ''} paid with it)"
        case SetOff():
            links = total_value(tuple(state.paying))
            return (f"set off for {state.data.place(state.heading)} with the cards played "
                    f"({links} link{'s' if links != 1 else ''})")
        case DrawTwo():
            return "draw two trek cards"
        case TakeTrekCard(card):
            return f"take {data.card_name(card)} from the trek row"
        case DrawTrekCard():
            return "draw from the trek deck"
        case Visit(paid) | JourneyVisit(paid):
            here = state.position[state.active]
            return f"visit {state.data.place(here)} paying {_cards(state, paid) if paid else 'nothing'}"
        case Journey(journey, pair):
            name = data.journey[data.journey_index[journey]].name if journey in data.journey_index else journey
            return f"journey \u201c{name}\u201d spending {_cards(state, pair)}"
        case JourneyMove(target):
            return f"wander for free to {state.data.place(target)} ({_shortest(state, target)} links away)"
        case JourneyFly(airport):
            return f"fly for free to {state.data.place(airport)}"
        case JourneyDraw():
            return "draw trek cards from the deck"
        case TakeVp3():
            return "take a 3 VP token"
        case Recolor(source, target):
            colours = data.souvenirs.colours
            return f"turn a {colours[source]} souvenir {colours[target]}"
        case SkipEffect():
            return "skip this effect"
    return None


def _route_lengths(state: TrekState, target: int) -> str:
    """What a Move to `target` may cost: the route lengths the active hand can pay, and the shortest route, so that
    a reader of the legal commands (a model) can plan; nothing where no route is payable (a Move already made).
    Lengths past the route tables (a hoarded hand) would each need a search, so they are only said to exist."""
    seat, routes = state.active, state.routes
    start, blocked = state.position[seat], state.blocked_for(seat)
    sums = hand_sums(state.hands[seat])
    lengths = [n for n in sums if n <= routes.table_length and routes.reaches(start, blocked, n, target)]
    if not lengths:
        return ""
    paid = f"{', '.join(map(str, lengths[:-1]))} or {lengths[-1]}" if len(lengths) > 1 else str(lengths[0])
    links = "link" if lengths == [1] else "links"
    longer = f", or more than {routes.table_length} not counted here" if sums[-1] > routes.table_length else ""
    return f" (the hand can pay a route of {paid} {links}{longer}; the shortest route is {_shortest(state, target)})"


def _shortest(state: TrekState, target: int) -> int:
    """The fewest links from the active hiker to `target`, around the hikers in the way."""
    seat = state.active
    return state.routes.distances_from(state.position[seat], state.blocked_for(seat))[target]


def _cards(state: TrekState, cards: tuple[int, ...]) -> str:
    return ", ".join(state.data.card_name(card) for card in cards) or "no cards"
