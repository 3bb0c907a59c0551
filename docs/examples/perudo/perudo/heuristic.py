"""A hand-written Perudo player: bids what its own dice make likely, and doubts what they make unlikely.

It reads only its own cup and the public table. The other cups in the state it is handed are a random
draw (Rules.sample), so it treats them as unknown and reckons with the odds of the dice it cannot see.
`evaluate` turns the dice counts into every seat's chance of winning, for searches that cut playouts short.
"""

from __future__ import annotations

import math
import random
from functools import cache

from meeplog.core.evaluation import win_chances
from meeplog.core.kernel import Command

from .bids import lowest
from .commands import CALZA, DUDO, Bid, BidOn
from .legal import bidding
from .state import NO_BID, PerudoState

OPEN_AT = 0.6  # open with the most dice that are at least this likely to be there
CALZA_AT = 0.5  # call calza when the standing bid is at least this likely to be exact
# The evaluation: a softmax over dice counts, calibrated on heuristic games (docs/examples/perudo/README.md).
WIN_SPREAD = 1.0


class PerudoHeuristic:
    def choose(self, state: PerudoState, seat: int, legal: list[Command], rng: random.Random) -> Command:
        if len(legal) == 1:
            return legal[0]
        odds = Odds(state, seat)
        if state.bidding_on:  # the second step carries out the bid the first one planned
            return _planned(state, odds, state.bidding_on)
        faces = [command.face for command in legal if isinstance(command, BidOn)]
        plans = [_planned(state, odds, face) for face in faces]
        if state.quantity == NO_BID:
            return BidOn(max(plans, key=lambda bid: (bid.quantity, odds.at_least(bid))).face)
        standing = Bid(state.quantity, state.face)
        if CALZA in legal and odds.exactly(standing) >= CALZA_AT:
            return CALZA
        best = max(plans, key=odds.at_least, default=None)  # the first face among equals
        if best is None or 1 - odds.at_least(standing) > odds.at_least(best):
            return DUDO
        return BidOn(best.face)

    def evaluate(self, state: PerudoState) -> tuple[float, ...]:
        """Each seat's chance of winning: a softmax over the dice the seats still in have; none for those out."""
        living = [seat for seat, count in enumerate(state.counts) if count]
        chances = [0.0] * state.players
        for seat, chance in zip(living, win_chances([state.counts[seat] for seat in living], WIN_SPREAD),
                                strict=True):
            chances[seat] = chance
        return tuple(chances)


def _planned(state: PerudoState, odds: Odds, face: int) -> Bid:
    """The bid it would make on `face`: an opening names the most dice at least OPEN_AT likely to be there,
    a raise the fewest dice it may."""
    least = lowest(bidding(state), state.quantity, state.face, face)
    if state.quantity != NO_BID:
        return Bid(least, face)
    likely = [count for count in range(least, state.in_play + 1) if odds.at_least(Bid(count, face)) >= OPEN_AT]
    return Bid(max(likely, default=least), face)


class Odds:
    """How likely a bid is from one seat's view: its own dice are known, every other die is a fresh roll."""

    def __init__(self, state: PerudoState, seat: int) -> None:
        mine, wild, faces = state.cups[seat], state.wild, state.dice.faces
        unseen = state.in_play - len(mine)
        self.unseen = unseen
        self.held = [sum(1 for die in mine if die in (face, wild)) for face in range(faces + 1)]
        plain, with_aces = binomial(unseen, 1, faces), binomial(unseen, 2, faces)
        self.tables = [with_aces if wild is not None and face != wild else plain for face in range(faces + 1)]

    def at_least(self, bid: Bid) -> float:
        needed = bid.quantity - self.held[bid.face]
        return self.tables[bid.face].at_least[needed] if 0 < needed <= self.unseen else float(needed <= 0)

    def exactly(self, bid: Bid) -> float:
        needed = bid.quantity - self.held[bid.face]
        return self.tables[bid.face].exactly[needed] if 0 <= needed <= self.unseen else 0.0


class Binomial:
    """P(exactly k) and P(at least k) of n unseen dice count towards a bid, for k = 0 .. n."""

    def __init__(self, n: int, p: float) -> None:
        self.exactly = [math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]
        self.at_least = [sum(self.exactly[k:]) for k in range(n + 1)]


@cache
def binomial(unseen: int, counting: int, faces: int) -> Binomial:
    """The odds when `counting` faces of `faces` count (the face bid on, and aces while wild); shared, as a
    game only ever asks about a few dozen of them."""
    return Binomial(unseen, counting / faces)
