"""Building worked Trekking situations: hikers, hands, cubes and rows chosen by name, then commands played."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from meeplog.core.kernel import Command, GameEvent
from meeplog.games.trekking import data
from meeplog.games.trekking.commands import PayCard, SetOff
from meeplog.games.trekking.events import Dealt, GameBegan, StartAirportChosen
from meeplog.games.trekking.rules import TrekkingRules, _routes
from meeplog.games.trekking.state import NO_ONE, PAY, TrekState

RULES = TrekkingRules()
DATA = data.DATA.load(None)
COLOURS = {name: index for index, name in enumerate(DATA.souvenirs.colours)}
# Default region tokens: NA 2, SA 3, EU 4, AF 5, AS 6, OC 2; the box keeps the rest.
TOKENS = (2, 3, 4, 5, 6, 2)
BOXED = (3, 4, 5, 6)


def loc(name: str) -> int:
    return DATA.location_index[name]


def card(name: str) -> int:
    """A trek card kind from its code, like ADV-2 (the tests' shorthand; players read "adventure 2")."""
    symbol, value = name.split("-")
    return DATA.trek_cards.symbols.index(symbol) * 3 + int(value) - 1


def cards(*names: str) -> tuple[int, ...]:
    return tuple(sorted(card(name) for name in names))


def hand_of(*names: str) -> list[int]:
    counts = [0] * DATA.kind_count
    for kind in cards(*names):
        counts[kind] += 1
    return counts


def world(
    positions: Iterable[str],
    hands: Iterable[Iterable[str]] | None = None,
    *,
    cubes: Mapping[str, str] | None = None,
    dest_row: Iterable[str] = ("petra", "giza", "uluru"),
    dest_deck: Iterable[str] | None = None,
    journeys: tuple[str, str] = ("A1", "B1"),
    trek_row: Iterable[str] = ("SCE-1", "ADV-1", "NAT-1", "HIS-1"),
    trek_deck: Iterable[str] | None = None,
    tokens: tuple[int, ...] = TOKENS,
    first: int = 0,
    **options: object,
) -> TrekState:
    """A game whose deal is exactly this; seat i stands on positions[i]; the first seat's turn begins.

    `dest_deck` lists the destination deck top first (default: the other cards in file order);
    `trek_deck` the trek deck top first (default: the rest of the 75 cards, sorted). Every location has
    no cube unless `cubes` names one.
    """
    positions = list(positions)
    hand_lists = [list(h) for h in hands] if hands is not None else [[] for _ in positions]
    config = RULES.configure(len(positions), first_player=first, **options)
    state = TrekState.empty(config, DATA, _routes(config.data_file, config.move_path))
    row = [loc(name) for name in dest_row]
    deck_top_first = [loc(name) for name in dest_deck] if dest_deck is not None else \
        [i for i in range(DATA.destination_count) if i not in row]
    trek_row_kinds = [card(name) for name in trek_row]
    if trek_deck is not None:
        trek_top_first = [card(name) for name in trek_deck]
    else:
        rest = list(DATA.trek_deck)
        for kind in [*trek_row_kinds, *(card(name) for hand in hand_lists for name in hand)]:
            rest.remove(kind)
        trek_top_first = rest
    board = [NO_ONE] * DATA.location_count
    for name, colour in (cubes or {}).items():
        board[loc(name)] = COLOURS[colour]
    RULES.evolve(state, GameBegan(first))
    RULES.evolve(state, Dealt(
        cubes=tuple(board),
        region_tokens=tokens,
        boxed_tokens=BOXED,
        dest_row=tuple(row),
        dest_deck=tuple(reversed(deck_top_first)),
        dest_top=deck_top_first[0] if deck_top_first else None,
        journeys=journeys,
        trek_row=tuple(trek_row_kinds),
        hands=tuple(cards(*hand) for hand in hand_lists),
        trek_deck=tuple(reversed(trek_top_first)),
    ))
    for offset in range(len(positions)):
        seat = (first + offset) % len(positions)
        RULES.evolve(state, StartAirportChosen(seat, loc(positions[seat])))
    return state


def do(state: TrekState, command: Command, seed: int = 0) -> list[GameEvent]:
    """The seat to act plays `command`."""
    return RULES.apply(state, state.active, command, random.Random(seed))


def pay(state: TrekState, *names: str) -> list[GameEvent]:
    """The seat to act pays the announced Move with these cards, one at a time in ascending order, and sets
    off if the last card leaves that to it."""
    events = [event for kind in cards(*names) for event in do(state, PayCard(kind))]
    if state.phase == PAY:
        events += do(state, SetOff())
    return events


def legal(state: TrekState) -> list[Command]:
    return RULES.legal(state, state.active)


def names(locations: Iterable[int]) -> set[str]:
    return {DATA.location_ids[i] for i in locations}


def of_type(events: Iterable[GameEvent], kind: type) -> list:
    return [event for event in events if isinstance(event, kind)]
