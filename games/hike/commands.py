"""What a player of Let's Take a Hike can do. Cards are card kinds (ints, see data.Cards), slots are indices.

Which copy of a card is used never matters, so commands name a kind and the engine picks the copy.
"""

from dataclasses import dataclass
from functools import cache

from meeplog.core.kernel import Command


@dataclass(frozen=True)
class PackCard(Command):
    """Setup: put an item from hand into an empty slot (free, not an action)."""

    card: int
    slot: int


@dataclass(frozen=True)
class FinishPacking(Command):
    """Setup: this backpack is ready."""


@dataclass(frozen=True)
class Draw(Command):
    pass


@dataclass(frozen=True)
class Place(Command):
    """Put an item from hand into a slot; an occupant returns to hand (one action, H27)."""

    card: int
    slot: int


@dataclass(frozen=True)
class PlayHazard(Command):
    card: int


@dataclass(frozen=True)
class StartHike(Command):
    pass


@dataclass(frozen=True)
class EndTurn(Command):
    """Only offered when `allow_fewer_actions` is on (H25)."""


@dataclass(frozen=True)
class Discard(Command):
    """Discard a hand card to get back to the hand limit (H26)."""

    card: int


@dataclass(frozen=True)
class Drop(Command):
    """Lose a backpack card to a bear, a blister or a skunk."""

    card: int


@dataclass(frozen=True)
class Join(Command):
    pass


@dataclass(frozen=True)
class StayOut(Command):
    pass


@dataclass(frozen=True)
class Pay(Command):
    """Discard these backpack cards (a multiset, sorted) to walk the revealed distance (H16)."""

    cards: tuple[int, ...]


@dataclass(frozen=True)
class Continue(Command):
    pass


@dataclass(frozen=True)
class Abandon(Command):
    """Leave the hike taking `take` from the revealed cards (None: nothing, or all of them when last: H20)."""

    take: int | None = None


COMMANDS = (
    PackCard,
    FinishPacking,
    Draw,
    Place,
    PlayHazard,
    StartHike,
    EndTurn,
    Discard,
    Drop,
    Join,
    StayOut,
    Pay,
    Continue,
    Abandon,
)


# Shared instances of the commands legal() lists decision after decision: commands are immutable, card
# kinds and slots are few, and a frozen dataclass costs more to build than to look up.
DRAW, START_HIKE, END_TURN, FINISH_PACKING = Draw(), StartHike(), EndTurn(), FinishPacking()
JOIN, STAY_OUT, CONTINUE = Join(), StayOut(), Continue()
pack_card, place, play_hazard = cache(PackCard), cache(Place), cache(PlayHazard)
discard, drop, abandon = cache(Discard), cache(Drop), cache(Abandon)
