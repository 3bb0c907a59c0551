"""What a player of Let's Take a Hike can do. Cards are card kinds (ints, see data.Cards), slots are indices.

Which copy of a card is used never matters, so commands name a kind and the engine picks the copy. Each field
says what it means to a player (`Field(description=...)` in `Annotated`: read by `meeplog schema` and the
schema sent to remote seats, at no cost to the kernel).
"""

from dataclasses import dataclass
from functools import cache
from typing import Annotated

from pydantic import Field

from meeplog.core.kernel import Command

KIND = "a card kind: the `id` of a card in your view"
HandItem = Annotated[int, Field(description=f"the item to put in, from your hand ({KIND})")]
Slot = Annotated[
    int,
    Field(
        description="the slot, as its place in your view's `backpack` list (with the bundled cards 0-6: top, front, "
        "left, right, bottom, left_hand, right_hand); the item must fit it"
    ),
]
BackpackCard = Annotated[int, Field(description=f"the backpack card to lose ({KIND})")]


@dataclass(frozen=True)
class PackCard(Command):
    """Setup: put an item from hand into an empty slot (free, not an action)."""

    card: HandItem
    slot: Slot


@dataclass(frozen=True)
class FinishPacking(Command):
    """Setup: this backpack is ready."""


@dataclass(frozen=True)
class Draw(Command):
    """One action: draw the top card of the draw pile into your hand."""


@dataclass(frozen=True)
class Place(Command):
    """Put an item from hand into a slot; an occupant returns to hand (one action, H27)."""

    card: HandItem
    slot: Slot


@dataclass(frozen=True)
class PlayHazard(Command):
    """One action: play a hazard from your hand on every other player (H28: even if it does nothing)."""

    card: Annotated[int, Field(description=f"the hazard to play, from your hand ({KIND})")]


@dataclass(frozen=True)
class StartHike(Command):
    """Instead of your actions: go on a hike as lead hiker; the others then join or stay out."""


@dataclass(frozen=True)
class EndTurn(Command):
    """End your turn before your last action: only offered when `allow_fewer_actions` is on (H25)."""


@dataclass(frozen=True)
class Discard(Command):
    """Discard a hand card to get back to the hand limit (H26)."""

    card: Annotated[int, Field(description=f"the hand card to discard ({KIND})")]


@dataclass(frozen=True)
class Drop(Command):
    """Lose a backpack card to a bear, a blister or a skunk."""

    card: BackpackCard


@dataclass(frozen=True)
class Join(Command):
    """Join the hike that was just started (your backpack must hold a card)."""


@dataclass(frozen=True)
class StayOut(Command):
    """Stay out of the hike: nothing that happens on it touches you."""


@dataclass(frozen=True)
class Pay(Command):
    """Discard these backpack cards (a multiset, sorted) to walk the revealed distance (H16)."""

    cards: Annotated[
        tuple[int, ...],
        Field(
            description="the backpack cards to discard, sorted, one entry per card (card kinds: the `id`s in your "
            "view); their boots add up to at least the revealed item's"
        ),
    ]


@dataclass(frozen=True)
class Continue(Command):
    """Stay on the hike: the next card is turned up."""


@dataclass(frozen=True)
class Abandon(Command):
    """Leave the hike, banking `take` of the revealed cards, and take your backpack back into hand (H18-H20)."""

    take: Annotated[
        int | None,
        Field(
            description=f"the revealed card you bank in your score pile ({KIND}); null: the last hiker banks them all; "
            "anyone else takes none (nothing left to take, an emptied backpack with `forced_abandon_collects` off, or "
            "by choice with `abandon_take_optional`)"
        ),
    ] = None


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
