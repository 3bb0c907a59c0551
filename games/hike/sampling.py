"""Redrawing what one seat cannot see (for ISMCTS and the heuristic), consistently with what it knows.

Hidden from an observer: the other hands beyond the cards everybody saw go into them, the draw pile
(its order always; its contents too unless it is the reshuffled discard pile), backpacks still being
packed in secret, and, in the face-down variant, backpack cards not turned up. Face-down cards are
redrawn so that each fits its slot, avoids what its owner showed it lacks, and lets a hiker who is
paying right now pay without a match. If no such draw turns up quickly, those cards stay as they are.
"""

from __future__ import annotations

import random
from collections import Counter

from games.hike.packs import weight
from games.hike.state import EMPTY, MEET, SETUP, HikeState

ATTEMPTS = 30

Slot = tuple[int, int]  # (seat, slot)


def sample(state: HikeState, observer: int, rng: random.Random) -> HikeState:
    sampled = state.clone()
    others = [seat for seat in range(state.players) if seat != observer]
    if state.phase == SETUP:
        for seat in others:
            if not state.pack_shown[seat]:
                _unpack(sampled, seat)
    hidden_hand = {seat: list((Counter(sampled.hands[seat]) - Counter(state.known[seat])).elements())
                   for seat in others}
    unseen = [card for seat in others for card in hidden_hand[seat]]
    if not state.reshuffled:
        unseen += state.draw
    face_down = [(seat, slot) for seat in others for slot, card in enumerate(sampled.packs[seat])
                 if card != EMPTY and not sampled.shows(seat, slot)]
    leftovers = _redraw_face_down(sampled, observer, face_down, unseen, rng)
    start = 0
    for seat in others:
        size = len(hidden_hand[seat])
        sampled.hands[seat] = sorted(state.known[seat] + leftovers[start:start + size])
        start += size
    if state.reshuffled:
        sampled.draw = list(state.draw)
        rng.shuffle(sampled.draw)
    else:
        sampled.draw = leftovers[start:]
    return sampled


def _unpack(state: HikeState, seat: int) -> None:
    """A backpack packed in secret is, to the others, cards still in hand."""
    pack = state.packs[seat]
    state.hands[seat] = sorted(state.hands[seat] + [card for card in pack if card != EMPTY])
    pack[:] = [EMPTY] * len(pack)


def _redraw_face_down(state: HikeState, observer: int, face_down: list[Slot], unseen: list[int],
                      rng: random.Random) -> list[int]:
    """Fill the face-down slots from the unseen cards plus their own; return the cards left over, shuffled."""
    if not face_down:
        rng.shuffle(unseen)
        return unseen
    pool = unseen + [state.packs[seat][slot] for seat, slot in face_down]
    for _ in range(ATTEMPTS):
        rng.shuffle(pool)
        chosen = _greedy_fill(state, face_down, pool)
        if chosen is not None and _payer_can_pay(state, observer, face_down, chosen):
            rest = Counter(pool) - Counter(chosen)
            for (seat, slot), card in zip(face_down, chosen, strict=True):
                state.packs[seat][slot] = card
            leftovers = list(rest.elements())
            rng.shuffle(leftovers)
            return leftovers
    rng.shuffle(unseen)
    return unseen


def _greedy_fill(state: HikeState, face_down: list[Slot], pool: list[int]) -> list[int] | None:
    cards = state.cards
    free = list(pool)
    chosen = []
    for seat, slot in face_down:
        lacks = state.lacks[seat]
        pick = next((i for i, card in enumerate(free) if cards.fits(card, slot) and card not in lacks), None)
        if pick is None:
            return None
        chosen.append(free.pop(pick))
    return chosen


def _payer_can_pay(state: HikeState, observer: int, face_down: list[Slot], chosen: list[int]) -> bool:
    """A hiker asked to pay has shown it has no match and enough boots."""
    if state.tasks or state.step != MEET or not state.queue or state.queue[0] == observer:
        return True
    payer = state.queue[0]
    pack = list(state.packs[payer])
    for (seat, slot), card in zip(face_down, chosen, strict=True):
        if seat == payer:
            pack[slot] = card
    return state.revealed not in pack and weight(state.cards, pack) >= state.cards.boots[state.revealed]
