"""What a player of Trekking the World can do. Locations are ints, trek cards kinds, colours indices (TrekData).

The Move follows the rulebook's steps: announce the destination (MoveTo), then play the cards whose values
add up to a route's length one at a time (PayCard), and set off (SetOff) when more cards could still be
played. Other choices of cards (a Visit's, a Journey's pair) are sorted tuples of kinds: their lists are
bounded by the data, not by the hand.
"""

from dataclasses import dataclass

from meeplog.core.kernel import Command


@dataclass(frozen=True)
class ChooseStartAirport(Command):
    airport: int


@dataclass(frozen=True)
class Fly(Command):
    airport: int


@dataclass(frozen=True)
class SkipFly(Command):
    pass


@dataclass(frozen=True)
class MoveTo(Command):
    target: int


@dataclass(frozen=True)
class PayCard(Command):
    """Play one card of this kind towards the announced Move; kinds go in ascending order (one order per payment)."""

    card: int


@dataclass(frozen=True)
class SetOff(Command):
    """Walk the announced Move with the cards played, when they already add up to a route's length."""


@dataclass(frozen=True)
class DrawTwo(Command):
    pass


@dataclass(frozen=True)
class TakeTrekCard(Command):
    """A Draw Two pick from the face-up trek row, by kind: two face-up cards of one kind are the same choice."""

    card: int


@dataclass(frozen=True)
class DrawTrekCard(Command):
    """A Draw Two pick from the top of the trek deck."""


@dataclass(frozen=True)
class Visit(Command):
    paid: tuple[int, ...]


@dataclass(frozen=True)
class Journey(Command):
    journey: str
    pair: tuple[int, int]


@dataclass(frozen=True)
class JourneyMove(Command):
    target: int


@dataclass(frozen=True)
class JourneyFly(Command):
    airport: int


@dataclass(frozen=True)
class JourneyDraw(Command):
    pass


@dataclass(frozen=True)
class JourneyVisit(Command):
    paid: tuple[int, ...]


@dataclass(frozen=True)
class TakeVp3(Command):
    pass


@dataclass(frozen=True)
class Recolor(Command):
    source: int
    target: int


@dataclass(frozen=True)
class SkipEffect(Command):
    pass


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
