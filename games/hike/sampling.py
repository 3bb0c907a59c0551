"""Redrawing what one seat cannot see (for ISMCTS and the heuristic), consistently with what it knows.

Hidden from an observer: the other hands beyond the cards everybody saw go into them, the draw pile
(its order always; its contents too unless it is the reshuffled discard pile), backpacks still being
packed in secret, and, in the face-down variant, backpack cards not turned up. Face-down cards are
redrawn so that each fits its slot, avoids what its owner showed it lacks, and lets a hiker who is
paying right now pay without a match.

A sample depends only on what the observer knows and on `rng`: the unseen cards are pooled and sorted
before any draw, so two states the observer cannot tell apart give the same sample.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Final

from meeplog.core.draws import shuffle
from meeplog.games.hike.packs import weight
from meeplog.games.hike.state import EMPTY, MEET, SETUP, HikeState

ATTEMPTS: Final = 30

Slot = tuple[int, int]  # (seat, slot)


def sample(state: HikeState, observer: int, rng: random.Random) -> HikeState:
    sampled = state.clone()
    others = [seat for seat in range(state.players) if seat != observer]
    if state.phase == SETUP:
        for seat in others:
            if not state.pack_shown[seat]:
                _unpack(sampled, seat)
    hidden_hand = {seat: len(sampled.hands[seat]) - len(state.known[seat]) for seat in others}
    unseen = Counter(card for seat in others for card in sampled.hands[seat]) - Counter(
        card for seat in others for card in state.known[seat])
    if not state.reshuffled:
        unseen.update(state.draw)
    face_down = [(seat, slot) for seat in others for slot, card in enumerate(sampled.packs[seat])
                 if card != EMPTY and not sampled.shows(seat, slot)]
    leftovers = _redraw_face_down(sampled, observer, face_down, unseen, rng)
    start = 0
    for seat in others:
        size = hidden_hand[seat]
        sampled.hands[seat] = sorted(state.known[seat] + leftovers[start:start + size])
        start += size
    if state.reshuffled:
        sampled.draw = sorted(state.draw)
        shuffle(rng, sampled.draw)
    else:
        sampled.draw = leftovers[start:]
    return sampled


def _unpack(state: HikeState, seat: int) -> None:
    """A backpack packed in secret is, to the others, cards still in hand."""
    pack = state.packs[seat]
    state.hands[seat] = sorted(state.hands[seat] + [card for card in pack if card != EMPTY])
    pack[:] = [EMPTY] * len(pack)


def _redraw_face_down(state: HikeState, observer: int, face_down: list[Slot], unseen: Counter[int],
                      rng: random.Random) -> list[int]:
    """Fill the face-down slots from the unseen cards plus their own; return the cards left over, shuffled.

    If no consistent drawing turns up in a few tries (a paying hiker too light each time), the face-down
    cards stay as they are: a rare peek, preferred to a state the rules could not continue from.
    """
    pool = unseen + Counter(state.packs[seat][slot] for seat, slot in face_down)
    for _ in range(ATTEMPTS if face_down else 1):
        chosen = _assign(state, observer, face_down, pool, rng)
        if chosen is not None and _payer_can_pay(state, observer, face_down, chosen):
            for (seat, slot), card in zip(face_down, chosen):
                state.packs[seat][slot] = card
            return _shuffled(pool - Counter(chosen), rng)
    return _shuffled(unseen, rng)


def _shuffled(cards: Counter[int], rng: random.Random) -> list[int]:
    drawn = sorted(cards.elements())
    shuffle(rng, drawn)
    return drawn


def _assign(state: HikeState, observer: int, face_down: list[Slot], pool: Counter[int],
            rng: random.Random) -> list[int] | None:
    """A random card for every face-down slot, drawn like cards from the pool, with every slot's limits.

    Each slot tries the cards in an order weighted by copies left (as a blind draw would); when none
    is left that fits, an earlier slot gives its card up for another (an augmenting path), so a
    consistent filling is found whenever one exists.
    """
    kinds = sorted(pool)
    filling = _Filling([_allowed(state, observer, seat, slot, kinds) for seat, slot in face_down], pool)
    for index in range(len(face_down)):
        if not filling.place(index, _draw_order(filling.allowed[index], filling.left, rng), set()):
            return None
    return filling.chosen


def _draw_order(kinds: list[int], left: Counter[int], rng: random.Random) -> list[int]:
    """The kinds in the order a blind draw would meet them: weighted by copies left (Efraimidis-Spirakis)."""
    keys = {kind: rng.random() ** (1 / left[kind]) if left[kind] else 0.0 for kind in kinds}
    return sorted(kinds, key=lambda kind: -keys[kind])


class _Filling:
    """A matching of face-down slots to card kinds with limited copies (Kuhn's augmenting paths)."""

    def __init__(self, allowed: list[list[int]], pool: Counter[int]) -> None:
        self.allowed = allowed
        self.left = Counter(pool)
        self.holders: dict[int, list[int]] = {kind: [] for kind in pool}
        self.chosen = [EMPTY] * len(allowed)

    def place(self, index: int, order: list[int], visited: set[int]) -> bool:
        """Give slot `index` one of `order`: a copy left, or one freed by moving its holder to another card."""
        for kind in order:
            if self.left[kind] > 0:
                self._give(index, kind)
                return True
        for kind in order:
            if kind in visited:
                continue
            visited.add(kind)
            for other in list(self.holders[kind]):
                # `other` keeps its copy while it looks elsewhere, so no copy is ever promised twice
                if self.place(other, [k for k in self.allowed[other] if k != kind], visited):
                    self.holders[kind].remove(other)
                    self.left[kind] += 1
                    self._give(index, kind)
                    return True
        return False

    def _give(self, index: int, kind: int) -> None:
        self.left[kind] -= 1
        self.holders[kind].append(index)
        self.chosen[index] = kind


def _allowed(state: HikeState, observer: int, seat: int, slot: int, kinds: list[int]) -> list[int]:
    cards, lacks = state.cards, set(state.lacks[seat])
    if _paying(state, observer) == seat:
        lacks.add(state.revealed)
    return [kind for kind in kinds if cards.fits(kind, slot) and kind not in lacks]


def _paying(state: HikeState, observer: int) -> int:
    """The hiker other than the observer asked to pay right now, or -1."""
    if state.tasks or state.step != MEET or not state.queue or state.queue[0] == observer:
        return -1
    return state.queue[0]


def _payer_can_pay(state: HikeState, observer: int, face_down: list[Slot], chosen: list[int]) -> bool:
    """A hiker asked to pay has shown it carries enough boots (and, by `_allowed`, no match)."""
    payer = _paying(state, observer)
    if payer < 0:
        return True
    pack = list(state.packs[payer])
    for (seat, slot), card in zip(face_down, chosen):
        if seat == payer:
            pack[slot] = card
    return weight(state.cards, pack) >= state.cards.boots[state.revealed]
