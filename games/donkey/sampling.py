"""What each seat knows about cards it cannot see, and redrawing the unseen cards for one seat (`sample`).

A seat knows the value of another seat's face-down card exactly when it peeked at it (`known`, a set
of slot ids). When that card is then swapped back into its owner's hand by favour 4, the peeker
still knows where it went: into the hand, from which it can only have moved into a card placed later
(`held`: (owner, value) -> the slot id of the replacing card). Everything else about another seat's
colour is public: its values minus the cards shown face up, sacrificed as favours or revealed.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Final

from meeplog.games.donkey.state import CONTRACT, FAVOUR, LOAD, POST, DonkeyState

LOADS_HIDDEN: Final = frozenset((LOAD, FAVOUR, CONTRACT, POST))


def forget_public(state: DonkeyState, owner: int, value: int) -> None:
    """A card became public (revealed, face up, sacrificed): nobody needs to track it any longer."""
    key = (owner, value)
    for held in state.held:
        if held:
            held.pop(key, None)


def note_swap(state: DonkeyState, owner: int, old: int, new: int, face_up: bool) -> None:
    """Favour 4 replaced slot `old` by `new`; whoever had seen `old` now knows its card is back in hand."""
    returned = state.value(old)
    for seat in range(state.players):
        if seat != owner and (face_up or old in state.known[seat]):
            state.known[seat].discard(old)
            state.held[seat][owner, returned] = new


def hidden_slots(state: DonkeyState, owner: int) -> list[int]:
    """The slot ids of `owner`'s cards that are placed face down and not yet revealed, oldest first."""
    ids = [i for i in state.played[owner] if i not in state.face_up] if state.phase in LOADS_HIDDEN else []
    ids += [i for _, pile in state.lost for i in pile[owner]]
    ids += state.buried[owner]
    return sorted(ids)


def sample(state: DonkeyState, seat: int, rng: random.Random) -> DonkeyState:
    """A full state drawn from what `seat` knows, independent of anything it does not.

    Every random draw starts from a canonical (sorted) order, so two worlds `seat` cannot tell apart
    give the same sample with the same generator.
    """
    sampled = state.clone()
    for owner in range(state.players):
        if owner != seat:
            _redeal_colour(sampled, seat, owner, rng)
    for observer in range(state.players):
        if observer != seat:
            _redraw_memories(sampled, seat, observer, rng)
    _redeal_draws(sampled, seat, rng)
    _reshuffle_donkeys(sampled, rng)
    return sampled


def _redeal_colour(state: DonkeyState, seat: int, owner: int, rng: random.Random) -> None:
    """Redistribute `owner`'s unseen cards over its hand and face-down slots, keeping `seat`'s knowledge."""
    slots = hidden_slots(state, owner)
    known = state.known[seat]
    free_slots = [i for i in slots if i not in known]
    hand = state.hands[owner]
    values = sorted(hand + [state.value(i) for i in free_slots])
    positions = [-1 - k for k in range(len(hand))] + free_slots  # negative: a place in the hand
    placed: dict[int, int] = {}
    tracked = sorted(((since, value) for (who, value), since in state.held[seat].items()
                      if who == owner and value in values), reverse=True)
    for since, value in tracked:  # most recent first: each allows a subset of what the next allows
        choice = rng.choice([p for p in positions if p not in placed and (p < 0 or p > since)])
        placed[choice] = value
        values.remove(value)
    rest = [p for p in positions if p not in placed]
    rng.shuffle(values)
    placed.update(zip(rest, values))
    state.hands[owner] = sorted(v for p, v in placed.items() if p < 0)
    for position, value in placed.items():
        if position >= 0:
            state.slots[position] = (owner, value)


def _redraw_memories(state: DonkeyState, seat: int, observer: int, rng: random.Random) -> None:
    """Another observer's memories of returned cards, redrawn where `seat` cannot know their values.

    `seat` knows which card `observer` peeked and that it was swapped back, but not its value unless
    `seat` shares the memory or owns the card; the redrawn value is one of the owner's cards that can
    be in hand or placed since, in the sampled world.
    """
    mine, memories = state.held[seat], state.held[observer]
    unknown = sorted((since, owner, value) for (owner, value), since in memories.items()
                     if owner != seat and mine.get((owner, value)) != since)
    for _, owner, value in unknown:
        del memories[owner, value]
    for since, owner, _ in unknown:  # ordered by what `seat` knows: when, and whose card
        taken = {value for (who, value) in memories if who == owner}
        taken |= {state.value(i) for i in state.known[observer] if state.slots[i][0] == owner}
        candidates = sorted(
            [v for v in state.hands[owner] if v not in taken]
            + [state.value(i) for i in hidden_slots(state, owner) if i > since and state.value(i) not in taken]
        )
        if candidates:
            memories[owner, rng.choice(candidates)] = since


def _redeal_draws(state: DonkeyState, seat: int, rng: random.Random) -> None:
    """Under owner-only scored piles, the other refusers' random draws are redealt among them (D28)."""
    if state.config.scored_pile_visibility != "owner":
        return
    for index, record in enumerate(state.history):
        others = [owner for owner, cards in enumerate(record.draws) if owner != seat and cards]
        if not others:
            continue
        pool = sorted(value for owner in others for value in record.draws[owner] or ())
        rng.shuffle(pool)
        redrawn = list(record.draws)
        for owner in others:
            drawn = record.draws[owner] or ()
            for value in drawn:
                state.scored[owner].remove(value)
            dealt, pool = tuple(pool[:len(drawn)]), pool[len(drawn):]
            redrawn[owner] = dealt
            state.scored[owner].extend(dealt)
            state.scored[owner].sort()
        state.history[index] = dataclasses.replace(record, draws=tuple(redrawn))


def _reshuffle_donkeys(state: DonkeyState, rng: random.Random) -> None:
    """The deck, the box and (unless revealed) the donkeys removed by doubles share one unseen pool."""
    removed = [] if state.config.reveal_double_removed else state.removed
    pool = sorted(state.deck + state.box + removed)
    rng.shuffle(pool)
    deck, box = len(state.deck), len(state.box)
    state.deck, state.box = pool[:deck], pool[deck:deck + box]
    if not state.config.reveal_double_removed:
        state.removed = pool[deck + box:]
