"""`sample`: a full state drawn from what one seat knows, for search players: the cards the seat has not
seen are redealt among the other hands and the set-aside pile, and the orangutan deck is reshuffled."""

from __future__ import annotations

import random

from meeplog.core.draws import shuffle
from meeplog.games.forest.state import ForestState


def sample(state: ForestState, seat: int, rng: random.Random) -> ForestState:
    sampled = state.clone()
    # Shuffle from a canonical (sorted) order, so the draw depends only on what `seat` knows.
    unseen = sorted([card for other, hand in enumerate(state.hands) if other != seat for card in hand]
                    + state.set_aside)
    shuffle(rng, unseen)
    start = 0
    for other, hand in enumerate(sampled.hands):
        if other != seat:
            hand[:] = sorted(unseen[start:start + len(hand)])
            start += len(hand)
    sampled.set_aside = sorted(unseen[start:])
    sampled.deck.sort()
    shuffle(rng, sampled.deck)
    return sampled
