"""Which bids may follow the standing one, and how many dice on the table count towards a bid (P4-P8).

Whatever the standing bid, the bids that may follow it on one face are every quantity from a lowest one
up to the dice in play (P7). So a face is open to a raise when its lowest quantity is within the dice in
play, and a round's bidding depends on four things only (`Bidding`): the command lists are built once
and shared, as a search asks for them at every step of every playout.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import NamedTuple

from .commands import Bid, BidOn
from .data import Dice
from .state import NO_BID


class Bidding(NamedTuple):
    """How bids rank in a round (a named tuple: built on every step, and a cache key)."""

    in_play: int  # dice on the table: no bid goes above it (P7)
    faces: int
    wild: int | None  # the face counting as any other this round (aces), or None
    fixed: bool  # palifico: after the opening bid, the face stays (P11)


def matching(cups: Iterable[Sequence[int]], face: int, wild: int | None) -> int:
    """Dice showing `face`, the wild ones included (P8)."""
    return sum(1 for cup in cups for die in cup if die in (face, wild))


def half_up(quantity: int) -> int:
    return -(-quantity // 2)


def lowest(bidding: Bidding, quantity: int, face: int, to: int) -> int:
    """The fewest dice a bid on face `to` may name after `quantity` dice showing `face` (NO_BID: the opening);
    more than the dice in play when no bid on `to` may follow."""
    wild, never = bidding.wild, bidding.in_play + 1
    if quantity == NO_BID:
        return never if to == wild else 1  # the opening is not on aces while they are wild (P6)
    if bidding.fixed:
        return quantity + 1 if to == face else never
    if wild is not None and to == wild:
        return quantity + 1 if face == wild else half_up(quantity)  # onto aces: half, rounded up (P5)
    if wild is not None and face == wild:
        return 2 * quantity + 1  # off aces: twice as many, plus one (P5)
    return quantity if to > face else quantity + 1  # more dice, or as many on a higher face (P4)


@cache
def faces_open(bidding: Bidding, quantity: int, face: int) -> tuple[BidOn, ...]:
    """The first step of every bid that may follow: the faces some quantity can still be bid on."""
    return tuple(BidOn(to) for to in range(1, bidding.faces + 1)
                 if lowest(bidding, quantity, face, to) <= bidding.in_play)


@cache
def quantities(bidding: Bidding, quantity: int, face: int, to: int) -> tuple[Bid, ...]:
    """The second step: every bid on face `to` that may follow, fewest dice first."""
    return tuple(Bid(count, to) for count in range(lowest(bidding, quantity, face, to), bidding.in_play + 1))


def why_not(bidding: Bidding, dice: Dice, quantity: int, face: int, bid: Bid | BidOn) -> str:
    """Why `bid` may not follow the standing bid: the reason a refused player (or model) is told."""
    if not 1 <= bid.face <= dice.faces:
        return f"a die shows 1 to {dice.faces}, not {bid.face}"
    if isinstance(bid, Bid) and not 1 <= bid.quantity <= bidding.in_play:
        return f"bid for 1 to {bidding.in_play} dice: there are no more in play"
    if quantity == NO_BID:
        return f"the opening bid may not be on {dice.plurals[bid.face]} while they are wild"
    standing, wild, plural = dice.say(quantity, face), bidding.wild, dice.plurals[bid.face]
    least = lowest(bidding, quantity, face, bid.face)
    if bidding.fixed and bid.face != face:
        return f"this round is palifico: every bid stays on {dice.plurals[face]}"
    if least > bidding.in_play:
        return f"after {standing}, a bid on {plural} would need more than the {bidding.in_play} dice in play"
    if wild is not None and bid.face == wild != face:
        return f"after {standing}, a bid on {plural} needs at least {least} of them (half, rounded up)"
    if wild is not None and face == wild != bid.face:
        return f"after {standing}, leaving {dice.plurals[wild]} takes at least {least} dice (twice as many, plus one)"
    return (f"after {standing}, a bid on {plural} needs at least {least} of them: more dice, or as many on a "
            "higher face")
