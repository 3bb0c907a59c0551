"""What happens in a game of Perudo, and who sees what.

Only the dice under a cup are secret, and only until the cups are lifted: `DiceRolled` shows a seat its
own dice and everyone else how many it rolled; `CupsLifted` then shows every die to everyone. The rolls
are drawn by `decide` from the rng it is handed and written here, so folding the events needs no rng.
"""

from __future__ import annotations

from dataclasses import dataclass

from meeplog.core.kernel import GameEvent, PrivateEvent


@dataclass(frozen=True)
class RoundStarted(GameEvent):
    round: int
    starter: int
    palifico: bool  # P11: aces are not wild in this round, and every bid keeps the opening face


@dataclass(frozen=True)
class DiceRolled(PrivateEvent):
    """A seat shakes its cup. The others see `dice` as None: they know the count, not the faces."""

    secret = ("dice",)
    seat: int
    count: int
    dice: tuple[int, ...] | None


@dataclass(frozen=True)
class FaceChosen(GameEvent):
    """The first step of a bid, public as the bid will be: the same seat names the quantity next."""

    seat: int
    face: int


@dataclass(frozen=True)
class BidMade(GameEvent):
    seat: int
    quantity: int
    face: int


@dataclass(frozen=True)
class DudoCalled(GameEvent):
    seat: int
    bidder: int


@dataclass(frozen=True)
class CalzaCalled(GameEvent):
    seat: int
    bidder: int


@dataclass(frozen=True)
class CupsLifted(GameEvent):
    """Every die on the table, seat by seat, and how many count towards the standing bid."""

    cups: tuple[tuple[int, ...], ...]
    quantity: int
    face: int
    count: int


@dataclass(frozen=True)
class DieLost(GameEvent):
    """`left` dice remain to the seat; at 0 it is out of the game."""

    seat: int
    left: int


@dataclass(frozen=True)
class DieWon(GameEvent):
    """A right calza gives a die back (never above the dice a player started with, P9)."""

    seat: int
    left: int


EVENTS = (RoundStarted, DiceRolled, FaceChosen, BidMade, DudoCalled, CalzaCalled, CupsLifted, DieLost, DieWon)
