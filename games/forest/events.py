"""What happens in Old Man of the Forest. Only the deal hides anything: hands, set-aside cards, deck order."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache

from meeplog.core.kernel import GameEvent


@dataclass(frozen=True)
class Dealt(GameEvent):
    """A game of the match begins: first player, hands, cards set aside and the orangutan deck.

    Each seat sees its own hand and the display; the other hands, the set-aside cards and the
    deck's order stay hidden.
    """

    game: int
    first_player: int
    hands: tuple[tuple[int, ...] | None, ...]
    set_aside: tuple[int, ...] | None
    display: tuple[int, ...]
    deck: tuple[int, ...] | None

    def seen_by(self, seat: int) -> GameEvent:
        hands = tuple(hand if owner == seat else None for owner, hand in enumerate(self.hands))
        return dataclasses.replace(self, hands=hands, set_aside=None, deck=None)


@dataclass(frozen=True)
class CardPlayed(GameEvent):
    seat: int
    card: int


@dataclass(frozen=True)
class TrickRanked(GameEvent):
    """All cards are down: who came first and second (equal values rank by play order)."""

    first: int
    second: int


@dataclass(frozen=True)
class CardTaken(GameEvent):
    seat: int
    card: int


@dataclass(frozen=True)
class TakeDeclined(GameEvent):
    seat: int


@dataclass(frozen=True)
class CashedIn(GameEvent):
    """`paid` goes to the discard pile, `under` (the rest of the won pile) under the orangutan."""

    seat: int
    orangutan: int
    paid: tuple[int, ...]
    under: tuple[int, ...]


@dataclass(frozen=True)
class CashPassed(GameEvent):
    seat: int


@dataclass(frozen=True)
class RoundEnded(GameEvent):
    round: int
    discarded: tuple[int, ...]
    refill: tuple[int, ...]
    leader: int


@dataclass(frozen=True)
class GameScored(GameEvent):
    """One game of the match is over; its scores are banked before a redeal."""

    game: int
    scores: tuple[int, ...]


EVENTS = (Dealt, CardPlayed, TrickRanked, CardTaken, TakeDeclined, CashedIn, CashPassed, RoundEnded, GameScored)


# Shared instances for the events every playout step makes (events are immutable; building a frozen
# dataclass costs more than the rest of the step).
card_played = cache(CardPlayed)
trick_ranked = cache(TrickRanked)
card_taken = cache(CardTaken)
cash_passed = cache(CashPassed)
