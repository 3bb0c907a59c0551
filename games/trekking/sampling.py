"""`sample`: a full state drawn from what one seat knows, for search players (digest 4.14).

Redrawn: the other hands beyond their publicly known cards (the sizes stay), the trek deck order, the
destination deck below its public top, and every region token value the seat has not seen. Each pool is
put in a canonical order before shuffling, so the sample depends only on the seat's knowledge.
"""

from __future__ import annotations

import random

from meeplog.core.draws import shuffle
from meeplog.games.trekking.state import TrekState


def sample(state: TrekState, seat: int, rng: random.Random) -> TrekState:
    sampled = state.clone()
    if not state.dealt:
        return sampled
    _redeal_trek_cards(state, sampled, seat, rng)
    hidden = len(state.dest_deck) - (1 if state.config.dest_deck_top_public and state.dest_deck else 0)
    below = sorted(state.dest_deck[:hidden])
    shuffle(rng, below)
    sampled.dest_deck[:hidden] = below
    _redraw_region_tokens(state, sampled, seat, rng)
    return sampled

def _redeal_trek_cards(state: TrekState, sampled: TrekState, seat: int, rng: random.Random) -> None:
    pool = list(state.trek_deck)
    others = [other for other in range(state.players) if other != seat]
    for other in others:
        known = state.known[other]
        for kind, count in enumerate(state.hands[other]):
            pool.extend([kind] * (count - known[kind]))
    pool.sort()
    shuffle(rng, pool)
    for other in others:
        hand = state.known[other][:]
        for _ in range(state.hand_size(other) - sum(hand)):
            hand[pool.pop()] += 1
        sampled.hands[other] = hand
    sampled.trek_deck = pool

def _redraw_region_tokens(state: TrekState, sampled: TrekState, seat: int, rng: random.Random) -> None:
    unseen_regions = [region for region, taker in enumerate(state.region_taker) if taker != seat]
    pool = sorted([state.region_token[region] for region in unseen_regions] + state.boxed_tokens)
    shuffle(rng, pool)
    for region in unseen_regions:
        sampled.region_token[region] = pool.pop()
    sampled.boxed_tokens = sorted(pool)
