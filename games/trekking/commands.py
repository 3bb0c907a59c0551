"""What a player of Trekking the World can do. Locations are ints, trek cards kinds, colours indices (TrekData).

The Move follows the rulebook's steps: announce the destination (MoveTo), then play the cards whose values
add up to a route's length one at a time (PayCard), and set off (SetOff) when more cards could still be
played. Other choices of cards (a Visit's, a Journey's pair) are sorted tuples of kinds: their lists are
bounded by the data, not by the hand.

Each field says what it means to a player (`Field(description=...)` in `Annotated`: read by `meeplog schema`
and the schema sent to remote seats, at no cost to the kernel).
"""

from dataclasses import dataclass
from typing import Annotated

from pydantic import Field

from meeplog.core.kernel import Command

KIND = "a trek card kind: symbol * 3 + value - 1, the `kind` of a card in your view"
Airport = Annotated[
    int,
    Field(
        description="the airport's location number (airports are numbered after the 48 destinations: 48-53 with the "
        "bundled map); no hiker may stand on it"
    ),
]
Target = Annotated[
    int,
    Field(
        description="the location to end the move on, by number: a destination's `location` in your view, or an "
        "airport (numbered after the destinations)"
    ),
]
Payment = Annotated[
    tuple[int, ...],
    Field(
        description=f"the hand cards paid, sorted, one entry per card ({KIND}): exactly the destination card's "
        "required symbols, any values"
    ),
]


@dataclass(frozen=True)
class ChooseStartAirport(Command):
    """Setup: choose the airport your hiker starts on, in turn from the first player."""

    airport: Airport


@dataclass(frozen=True)
class Fly(Command):
    """Start of turn, from the airport you stand on: fly to any airport with no hiker (free)."""

    airport: Airport


@dataclass(frozen=True)
class SkipFly(Command):
    """Start of turn, on an airport: do not fly."""


@dataclass(frozen=True)
class MoveTo(Command):
    """The Move: announce its destination, then pay trek cards adding up to a route's number of links."""

    target: Target


@dataclass(frozen=True)
class PayCard(Command):
    """Play one card of this kind towards the announced Move; kinds go in ascending order (one order per payment)."""

    card: Annotated[int, Field(description=f"the hand card to play ({KIND}), no lower than the cards played before")]


@dataclass(frozen=True)
class SetOff(Command):
    """Walk the announced Move with the cards played, when they already add up to a route's length."""


@dataclass(frozen=True)
class DrawTwo(Command):
    """The action: draw two trek cards, each from the face-up row or the deck (asked one at a time)."""


@dataclass(frozen=True)
class TakeTrekCard(Command):
    """A Draw Two pick from the face-up trek row, by kind: two face-up cards of one kind are the same choice."""

    card: Annotated[int, Field(description=f"the face-up row card to take ({KIND}); of two alike, the leftmost")]


@dataclass(frozen=True)
class DrawTrekCard(Command):
    """A Draw Two pick from the top of the trek deck."""


@dataclass(frozen=True)
class Visit(Command):
    """The action: visit the destination you stand on (its card must be in the row), paying its symbols."""

    paid: Payment


@dataclass(frozen=True)
class Journey(Command):
    """The action: discard two trek cards of one symbol to use a Journey card's effects, in order."""

    journey: Annotated[
        str, Field(description="the Journey card, by its `id` in your view's `journey_cards` (A1-A6, B1-B6)")
    ]
    pair: Annotated[tuple[int, int], Field(description=f"the two hand cards discarded, of one symbol, sorted ({KIND})")]


@dataclass(frozen=True)
class JourneyMove(Command):
    """Journey effect `move:X`: move free along a route of 1 to X links, under the Move's restrictions."""

    target: Target


@dataclass(frozen=True)
class JourneyFly(Command):
    """Journey effect `fly`: fly from anywhere to any airport with no hiker."""

    airport: Airport


@dataclass(frozen=True)
class JourneyDraw(Command):
    """Journey effect `draw:X`: draw X trek cards from the deck."""


@dataclass(frozen=True)
class JourneyVisit(Command):
    """Journey effect `visit:-X`: visit the destination you stand on, X of its symbols unpaid."""

    paid: Annotated[
        tuple[int, ...],
        Field(
            description=f"the hand cards paid, sorted, one entry per card ({KIND}): the destination's required symbols "
            "less the ones waived, any values"
        ),
    ]


@dataclass(frozen=True)
class TakeVp3(Command):
    """Journey effect `vp3`: take a 3-VP token."""


@dataclass(frozen=True)
class Recolor(Command):
    """Journey effect `recolor`: turn one souvenir cube of your suitcase into another colour."""

    source: Annotated[
        int,
        Field(
            description="the colour of the cube you give up, by its place in `souvenir_colours` (0-3: red, blue, "
            "yellow, white)"
        ),
    ]
    target: Annotated[int, Field(description="the colour it becomes, by its place in `souvenir_colours`")]


@dataclass(frozen=True)
class SkipEffect(Command):
    """Skip the Journey card's current effect (the only choice when it cannot be done)."""


COMMANDS = (
    ChooseStartAirport,
    Fly,
    SkipFly,
    MoveTo,
    PayCard,
    SetOff,
    DrawTwo,
    TakeTrekCard,
    DrawTrekCard,
    Visit,
    Journey,
    JourneyMove,
    JourneyFly,
    JourneyDraw,
    JourneyVisit,
    TakeVp3,
    Recolor,
    SkipEffect,
)
