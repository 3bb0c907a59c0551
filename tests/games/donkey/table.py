"""Building worked Donkey situations: a chosen donkey deck, then rounds played with chosen cards and contracts."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from meeplog.core.kernel import Command, GameEvent
from meeplog.games.donkey.automatic import play_on
from meeplog.games.donkey.commands import ACCEPT, NO_FAVOUR, REFUSE, Commit, DeclareFavour
from meeplog.games.donkey.data import load
from meeplog.games.donkey.events import Dealt
from meeplog.games.donkey.rules import DonkeyRules
from meeplog.games.donkey.state import CONTRACT, FAVOUR, LOAD, DonkeyState

RULES = DonkeyRules()
DATA = load()
FILLER = ("normal",) * 8


def start(deck: Iterable[str], players: int = 4, first: int = 0, **options: object) -> DonkeyState:
    """A game whose donkey deck is `deck` (top first, padded with normal donkeys to eight), first round revealed."""
    deck = tuple(deck)
    deck = deck + FILLER[: max(0, 8 - len(deck))]
    config = RULES.configure(players, **options)
    state = DonkeyState.empty(config, DATA)
    RULES.evolve(state, Dealt(first, deck, ("normal",) * 12))
    settle(state)
    return state


def settle(state: DonkeyState, seed: int = 0) -> list[GameEvent]:
    """Run the automatic steps (as decide would after a decision)."""
    return play_on(state, random.Random(seed))


def do(state: DonkeyState, seat: int, command: Command, seed: int = 0) -> list[GameEvent]:
    return RULES.apply(state, seat, command, random.Random(seed))


def commit_all(state: DonkeyState, loads: Mapping[int, tuple[int, ...] | int]) -> list[GameEvent]:
    """Every seat commits its load, in the order the rules ask for."""
    events: list[GameEvent] = []
    round_number = state.round
    while state.phase == LOAD and state.round == round_number:
        seat = RULES.pending(state).seats[0]
        cards = loads[seat]
        events += do(state, seat, Commit(cards if isinstance(cards, tuple) else (cards,)))
    return events


def favours(state: DonkeyState, declared: Mapping[int, int] | None = None) -> list[GameEvent]:
    """The favour round: seats in `declared` sacrifice that card, the others ask none."""
    declared = declared or {}
    events: list[GameEvent] = []
    while state.phase == FAVOUR:
        seat = RULES.pending(state).seats[0]
        favour = declared.get(seat)
        used = favour is not None and favour in state.hands[seat] and favour not in state.favours[seat]
        events += do(state, seat, DeclareFavour(favour) if used else NO_FAVOUR)
    return events


def contracts(state: DonkeyState, accepts: Mapping[int, bool] | Iterable[bool], seed: int = 0) -> list[GameEvent]:
    """Each seat accepts or refuses when its turn comes (no peeking)."""
    choice = dict(accepts) if isinstance(accepts, Mapping) else dict(enumerate(accepts))
    events: list[GameEvent] = []
    while state.phase == CONTRACT:
        seat = RULES.pending(state).seats[0]
        events += do(state, seat, ACCEPT if choice[seat] else REFUSE, seed)
    return events


def play_round(state: DonkeyState, loads: Mapping[int, tuple[int, ...] | int], accepts: Iterable[bool],
               declared: Mapping[int, int] | None = None, seed: int = 0) -> list[GameEvent]:
    """A whole plain round: loads, favours (none unless declared), contracts; favours 4/6/8 are left pending."""
    events = commit_all(state, loads)
    events += favours(state, declared)
    events += contracts(state, list(accepts), seed)
    return events


def lowest(state: DonkeyState) -> dict[int, tuple[int, ...]]:
    """Every seat's lowest card(s), as many as the donkey takes: a quick way through filler rounds."""
    return {seat: tuple(hand[: state.cards_each]) for seat, hand in enumerate(state.hands)}


def scores(state: DonkeyState) -> list[int]:
    return [sum(pile) for pile in state.scored]


def of_type(events: Iterable[GameEvent], kind: type) -> list:
    return [event for event in events if isinstance(event, kind)]
