"""What a player of the Donkey game can do. Load cards are their values (1-10, one colour per player).

A played load card is named by (seat, slot): the seat that played it and its place among that seat's
cards this round (slot 1 exists only on a double donkey).
"""

from dataclasses import dataclass
from functools import cache

from meeplog.core.kernel import Command


@dataclass(frozen=True)
class Commit(Command):
    """Load the donkey: one card, or two on a double (ruling D7)."""

    cards: tuple[int, ...]


@dataclass(frozen=True)
class DeclareFavour(Command):
    """Sacrifice a favour card from hand (2, 4, 6, 8 or 10) to use that favour this round."""

    favour: int


@dataclass(frozen=True)
class NoFavour(Command):
    pass


@dataclass(frozen=True)
class Peek(Command):
    """Look at another player's face-down load card (holey donkey, favour 10)."""

    seat: int
    slot: int


@dataclass(frozen=True)
class Accept(Command):
    pass


@dataclass(frozen=True)
class Refuse(Command):
    pass


@dataclass(frozen=True)
class Favour4Swap(Command):
    """Swap your played card in `slot` for `card` from your hand, face down (ruling D14)."""

    slot: int
    card: int


@dataclass(frozen=True)
class Favour4Keep(Command):
    pass


@dataclass(frozen=True)
class Favour6Adjust(Command):
    """Change the capacity (or the precision threshold) by `delta`: +step, -step or 0 (ruling D15)."""

    delta: int


@dataclass(frozen=True)
class Favour8Swap(Command):
    """A right acceptor gives one card it scores, `give`, for another player's card, `take` (ruling D16)."""

    give: tuple[int, int]
    take: tuple[int, int]


@dataclass(frozen=True)
class Favour8Keep(Command):
    pass


@dataclass(frozen=True)
class Favour8Pick(Command):
    """A right refuser chooses one card of the overloaded packet before the random draws (ruling D17)."""

    seat: int
    slot: int


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

COMMANDS = (Commit, DeclareFavour, NoFavour, Peek, Accept, Refuse, Favour4Swap, Favour4Keep, Favour6Adjust,
            Favour8Swap, Favour8Keep, Favour8Pick)
