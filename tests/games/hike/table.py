"""Building worked Let's Take a Hike situations: hands, backpacks and a draw pile written with card names."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from pathlib import Path

from meeplog.core.kernel import Command, GameEvent
from meeplog.games.hike.cards import Cards
from meeplog.games.hike.commands import Join, StartHike
from meeplog.games.hike.data import DATA_FILE, load
from meeplog.games.hike.events import BearCame
from meeplog.games.hike.rules import HikeRules
from meeplog.games.hike.state import EMPTY, TURN, HikeState

RULES = HikeRules()
CARDS = load()


def c(name: str) -> int:
    """A card by name."""
    return CARDS.names.index(name)


def cs(*names: str) -> tuple[int, ...]:
    return tuple(sorted(c(name) for name in names))


def slot(name: str) -> int:
    return CARDS.slot_names.index(name)


def named(cards: Iterable[int | None]) -> list[str]:
    return ["?" if card is None else CARDS.names[card] for card in cards]


def table(
    hands: list[list[str]],
    *,
    packs: list[Mapping[str, str]] | None = None,
    draw: Iterable[str] = (),
    discard: Iterable[str] = (),
    current: int = 0,
    first: int = 0,
    scores: list[list[str]] | None = None,
    data_file: Path = DATA_FILE,
    **options: object,
) -> HikeState:
    """A game after setup, at the start of `current`'s turn, laid out exactly as given.

    Packs map slot names to card names; the draw pile is listed top card first.
    """
    config = RULES.configure(len(hands), data_file=str(data_file), **options)
    cards: Cards = load(Path(config.data_file))
    state = HikeState.empty(config, cards)
    names = list(cards.names)
    state.hands = [sorted(names.index(n) for n in hand) for hand in hands]
    for seat, pack in enumerate(packs or []):
        for where, card in pack.items():
            state.packs[seat][cards.slot_names.index(where)] = names.index(card)
    state.draw = [names.index(n) for n in reversed(list(draw))]
    state.discard = [names.index(n) for n in discard]
    state.scores = [[names.index(n) for n in pile] for pile in (scores or [[] for _ in hands])]
    state.packing_done = [True] * len(hands)
    state.pack_shown = [True] * len(hands)
    state.first_player = first
    state.phase = TURN
    state.current = current
    state.actions_left = config.actions_per_turn
    return state


def do(state: HikeState, seat: int, command: Command, seed: int = 0) -> list[GameEvent]:
    return RULES.apply(state, seat, command, random.Random(seed))


def pack_of(state: HikeState, seat: int) -> dict[str, str]:
    return {state.cards.slot_names[s]: state.cards.names[card]
            for s, card in enumerate(state.packs[seat]) if card != EMPTY}


def hand_of(state: HikeState, seat: int) -> list[str]:
    return named(state.hands[seat])


def of_type(events: list[GameEvent], kind: type) -> list:
    return [event for event in events if isinstance(event, kind)]


def waiting(state: HikeState) -> int:
    """The one seat that must decide now."""
    seats = RULES.pending(state).seats
    assert len(seats) == 1, seats
    return seats[0]


def bear_hike(max_has_spray: bool) -> tuple[HikeState, BearCame, int, int, int]:
    """Aaron leads Max and Doug and turns up a bear: Aaron 8 boots, Max 5, Doug 10 with bear spray."""
    aaron, max_, doug = 0, 1, 2
    max_pack = {"front": "bear spray", "top": "frying pan"} if max_has_spray else \
        {"bottom": "sleeping bag", "left_hand": "walking stick"}
    state = table(
        hands=[[], [], []],
        packs=[
            {"bottom": "tent", "front": "frying pan", "left_hand": "walking stick"},  # 8 with the stick in hand
            max_pack,  # 5
            {"bottom": "tent", "top": "sleeping bag", "front": "bear spray"},  # 10, bear spray
        ],
        draw=["bear"] + ["compass"] * 10,
        current=aaron,
    )
    do(state, aaron, StartHike())
    do(state, max_, Join())
    events = do(state, doug, Join())
    return state, of_type(events, BearCame)[0], aaron, max_, doug
