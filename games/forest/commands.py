"""What a player of Old Man of the Forest can do. Cards are ints (see ForestData); orangutans are indices."""

from dataclasses import dataclass
from functools import cache, lru_cache

from meeplog.core.kernel import Command


@dataclass(frozen=True)
class PlayCard(Command):
    card: int


@dataclass(frozen=True)
class TakeCard(Command):
    card: int


@dataclass(frozen=True)
class DeclineTake(Command):
    """Only offered to the second-highest player when `second_must_take` is off (ruling O4)."""


@dataclass(frozen=True)
class CashIn(Command):
    orangutan: int
    paid: tuple[int, ...]


@dataclass(frozen=True)
class PassCash(Command):
    pass


PASS_CASH = PassCash()
# Shared instances for the commands legal() lists on every step (commands are immutable).
play_card = cache(PlayCard)
take_card = cache(TakeCard)
cash_in = lru_cache(maxsize=4096)(CashIn)  # bounded: payments are combinations of won cards

COMMANDS = (PlayCard, TakeCard, DeclineTake, CashIn, PassCash)
