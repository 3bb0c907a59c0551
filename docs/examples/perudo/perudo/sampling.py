"""A full state drawn from what one seat knows (for ISMCTS and the heuristic): the other cups rolled again.

The seat knows its own dice, how many dice every other seat has, and everything public. The bids made
so far hint at the hidden dice but bind nothing (they may be bluffs), so every other cup is re-rolled
uniformly, in seat order. The draw reads nothing the seat cannot see, so two states it cannot tell apart
give the same sample.
"""

from __future__ import annotations

import random

from .automatic import roll
from .state import PerudoState


def sample(state: PerudoState, seat: int, rng: random.Random) -> PerudoState:
    sampled = state.clone()
    faces = range(1, state.dice.faces + 1)
    for other, count in enumerate(state.counts):
        if other != seat and count:
            sampled.cups[other] = roll(rng, faces, count)
    return sampled
