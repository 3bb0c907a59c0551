"""The steps the game takes by itself: the deal, and between decisions the reveals, matches, busts,
hazards and turn ends (`next_event`, asked by `decide` until a player has to choose again)."""

from __future__ import annotations

import random

from meeplog.core.draws import shuffle
from meeplog.core.kernel import GameEvent
from meeplog.games.hike.events import (
    Busted,
    Dealt,
    HikeEnded,
    LeaderChanged,
    Matched,
    PackShown,
    Reshuffled,
    Revealed,
    TrailEnded,
    TurnEnded,
    turn_ended,
)
from meeplog.games.hike.hazards import resolve
from meeplog.games.hike.legal import packing_order, turn_moves
from meeplog.games.hike.packs import contents, slot_holding, weight
from meeplog.games.hike.scoring import final_event
from meeplog.games.hike.state import EMPTY, END, ENDING, MEET, OVER, REVEAL, SETUP, TURN, HikeState


def deal(state: HikeState, rng: random.Random) -> Dealt:
    """Shuffle, deal seven each, and pick the first player at random (setup steps 3-5 and 8)."""
    deck = list(state.cards.deck)
    shuffle(rng, deck)
    size = state.cards.deal
    hands = tuple(tuple(sorted(deck[i * size:(i + 1) * size])) for i in range(state.players))
    return Dealt(rng.randrange(state.players), hands, tuple(deck[state.players * size:]))


def next_event(state: HikeState, rng: random.Random) -> GameEvent | None:
    """The next automatic event, or None when a player must decide (or the game is over)."""
    phase = state.phase
    if phase == OVER or state.tasks:
        return None
    if state.hazard is not None:
        return resolve(state, rng)
    if phase == ENDING:
        return final_event(state, rng)
    if phase == SETUP:
        return _show_pack(state)
    if phase == TURN:
        return _end_of_turn(state)
    return _hike_step(state, rng)


def _show_pack(state: HikeState) -> PackShown | None:
    ready = all(state.packing_done) or state.config.setup_backpacks == "sequential"
    for seat in packing_order(state):
        if ready and state.packing_done[seat] and not state.pack_shown[seat]:
            return PackShown(seat, tuple(state.packs[seat]), state.config.hidden_backpacks)
    return None


def _end_of_turn(state: HikeState) -> TurnEnded | None:
    """A turn ends after its actions, or earlier when no action is left (an empty draw pile, H23)."""
    seat = state.current
    if state.actions_left > 0 and (state.draw or turn_moves(state, seat)):
        return None
    return turn_ended(seat, (seat + 1) % state.players)


def _hike_step(state: HikeState, rng: random.Random) -> GameEvent | None:
    if state.hikers and state.leader not in state.hikers:
        return LeaderChanged(state.clockwise(state.leader, state.hikers)[0])
    step = state.step
    if step == REVEAL:
        if state.draw:
            return Revealed(state.draw[-1], len(state.draw) - 1)
        if state.discard:
            order = list(state.discard)
            shuffle(rng, order)
            return Reshuffled(tuple(order), len(order))
        return TrailEnded()
    if step == MEET:
        return meeting(state, state.queue[0])
    if step == END:
        lead = state.current
        over = state.ends_game or not state.draw
        return HikeEnded(lead, tuple(state.pool), (lead + 1) % state.players, over)
    return None


def meeting(state: HikeState, seat: int) -> GameEvent | None:
    """The revealed item against one hiker's backpack: a match, a bust, or None when the hiker must pay."""
    cards, card, pack = state.cards, state.revealed, state.packs[seat]
    slot = slot_holding(pack, {card}, state.face_up[seat])
    if slot != EMPTY:
        return Matched(seat, slot, card)
    distance = cards.boots[card]
    if weight(cards, pack) < distance:
        slots = tuple(s for s, c in enumerate(pack) if c != EMPTY)
        return Busted(seat, distance, slots, tuple(sorted(contents(pack))))
    return None
