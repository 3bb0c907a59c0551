"""`sample`: a full state drawn from what one seat knows, for search players (§5.18).

Every draw pile is reshuffled, and the sealed bids and amount brackets the seat has not seen are
redrawn. The piles are sorted first, so the result depends on what the seat knows and the rng alone.
"""

from __future__ import annotations

import random

from meeplog.games.routard.amounts import redraw_brackets
from meeplog.games.routard.legal import options
from meeplog.games.routard.state import RoutardState


def sample(state: RoutardState, seat: int, rng: random.Random) -> RoutardState:
    sampled = state.clone()
    for deck, pile in sampled.draw.items():
        shuffled = sorted(pile)
        rng.shuffle(shuffled)
        sampled.draw[deck] = tuple(shuffled)
    auction = sampled.auction
    if auction is not None and auction.bids:
        bids = list(auction.bids)
        for other in auction.bidders:
            if other != seat and bids[other] is not None:
                bids[other] = _guess_bid(sampled, other, rng)
        sampled.auction = auction.but(bids=tuple(bids))
    for other in sorted(sampled.narrowed):
        if other != seat:
            redraw_brackets(sampled, other, options, rng)
    return sampled


def _guess_bid(state: RoutardState, seat: int, rng: random.Random) -> int:
    auction = state.auction
    assert auction is not None
    step_size = state.config.auction_bid_step
    lowest = max(-(-auction.floor // step_size) * step_size, step_size)
    choices = [0, *range(lowest, state.players[seat].money + 1, step_size)]
    return rng.choice(choices)
