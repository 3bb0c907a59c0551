"""What a player of the Donkey game can do. Load cards are their values (1-10, one colour per player).

A played load card is named by (seat, slot): the seat that played it and its place among that seat's
cards this round (slot 1 exists only on a double donkey).

Each field says what it means to a player (`Field(description=...)` in `Annotated`: read by `meeplog schema`
and the schema sent to remote seats, at no cost to the kernel).
"""

from dataclasses import dataclass
from functools import cache
from typing import Annotated

from pydantic import Field

from meeplog.core.kernel import Command

Seat = Annotated[int, Field(description="the seat that played the card")]
Slot = Annotated[
    int,
    Field(
        description="the card's place among that seat's played cards this round: 0, or 1 for the second card on a "
        "double donkey"
    ),
]


@dataclass(frozen=True)
class Commit(Command):
    """Load the donkey: one card, or two on a double (ruling D7)."""

    cards: Annotated[
        tuple[int, ...],
        Field(description="the values (1-10) of the cards from your hand, sorted: one, or two on a double donkey"),
    ]


@dataclass(frozen=True)
class DeclareFavour(Command):
    """Sacrifice a favour card from hand (2, 4, 6, 8 or 10) to use that favour this round."""

    favour: Annotated[int, Field(description="the favour card's value, 2, 4, 6, 8 or 10, from your hand")]


@dataclass(frozen=True)
class NoFavour(Command):
    """Use no favour this round (or no more)."""


@dataclass(frozen=True)
class Peek(Command):
    """Look at another player's face-down load card (holey donkey, favour 10)."""

    seat: Seat
    slot: Slot


@dataclass(frozen=True)
class Accept(Command):
    """Contract: the donkey is not overloaded (public, for good); right if the loads stay within its limit."""


@dataclass(frozen=True)
class Refuse(Command):
    """Contract: the donkey is overloaded (public, for good); right if the loads go over its limit."""


@dataclass(frozen=True)
class Favour4Swap(Command):
    """Swap your played card in `slot` for `card` from your hand, face down (ruling D14)."""

    slot: Annotated[int, Field(description="which of your played cards goes back to hand: 0, or 1 on a double")]
    card: Annotated[int, Field(description="the value (1-10) of the hand card that takes its place")]


@dataclass(frozen=True)
class Favour4Keep(Command):
    """Favour 4: keep your played cards as they are."""


@dataclass(frozen=True)
class Favour6Adjust(Command):
    """Change the capacity (or the precision threshold) by `delta`: +step, -step or 0 (ruling D15)."""

    delta: Annotated[
        int, Field(description="+2, -2 or 0 (the step is in the data file); the precision threshold stays within 1-9")
    ]


@dataclass(frozen=True)
class Favour8Swap(Command):
    """A right acceptor gives one card it scores, `give`, for another player's card, `take` (ruling D16)."""

    give: Annotated[tuple[int, int], Field(description="the card you score and give, as [seat, slot]")]
    take: Annotated[tuple[int, int], Field(description="the other player's kept card you take, as [seat, slot]")]


@dataclass(frozen=True)
class Favour8Keep(Command):
    """Favour 8, accepted side: swap nothing."""


@dataclass(frozen=True)
class Favour8Pick(Command):
    """A right refuser chooses one card of the overloaded packet before the random draws (ruling D17)."""

    seat: Seat
    slot: Slot


NO_FAVOUR = NoFavour()
ACCEPT = Accept()
REFUSE = Refuse()
FAVOUR4_KEEP = Favour4Keep()
FAVOUR8_KEEP = Favour8Keep()
# Shared instances for the commands legal() lists on many steps (commands are immutable).
commit = cache(Commit)
declare_favour = cache(DeclareFavour)
peek = cache(Peek)
favour4_swap, favour6_adjust, favour8_pick = cache(Favour4Swap), cache(Favour6Adjust), cache(Favour8Pick)

COMMANDS = (
    Commit,
    DeclareFavour,
    NoFavour,
    Peek,
    Accept,
    Refuse,
    Favour4Swap,
    Favour4Keep,
    Favour6Adjust,
    Favour8Swap,
    Favour8Keep,
    Favour8Pick,
)
