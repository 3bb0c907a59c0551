"""What a player of Old Man of the Forest can do. Cards are ints (see ForestData); orangutans are indices.

Each field says what it means to a player (`Field(description=...)` in `Annotated`: read by `meeplog schema`
and the schema sent to remote seats, at no cost to the kernel).
"""

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Annotated

from pydantic import Field

from meeplog.core.kernel import Command

CARD = (
    "a card id, the `id` of a card in your view (suit * 10 + value - 1; suits red, blue, yellow, green, deforestation)"
)


@dataclass(frozen=True)
class PlayCard(Command):
    """Play a card from your hand to this round's trick (the leader first, then clockwise)."""

    card: Annotated[int, Field(description=f"the card to play, from your hand: {CARD}")]


@dataclass(frozen=True)
class TakeCard(Command):
    """As first or second highest, take a played card that is not your own into your won pile."""

    card: Annotated[int, Field(description=f"the played card to take, from the trick: {CARD}")]


@dataclass(frozen=True)
class DeclineTake(Command):
    """As second highest, take no card (and so cash in nothing this round): only offered when `second_must_take`
    is off (ruling O4)."""


@dataclass(frozen=True)
class CashIn(Command):
    """Claim an orangutan of the display with your whole won pile: `paid` meets its requirement exactly and is
    discarded, every other won card goes under the orangutan (-1 point each)."""

    orangutan: Annotated[int, Field(description="the orangutan to claim: the `id` of one in the display")]
    paid: Annotated[
        tuple[int, ...],
        Field(
            description="the won cards that pay its requirement exactly, one per suit it names or per `any`: card ids "
            "from your won pile"
        ),
    ]


@dataclass(frozen=True)
class PassCash(Command):
    """Do not cash in now: keep collecting cards in your won pile."""


PASS_CASH = PassCash()
# Shared instances for the commands legal() lists on every step (commands are immutable).
play_card = cache(PlayCard)
take_card = cache(TakeCard)
cash_in = lru_cache(maxsize=4096)(CashIn)  # bounded: payments are combinations of won cards

COMMANDS = (PlayCard, TakeCard, DeclineTake, CashIn, PassCash)
