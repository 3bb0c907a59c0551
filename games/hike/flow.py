"""Who decides next, and the automatic steps in between (reveals, matches, busts, hazards, turn ends).

`decide` applies a player's event, then keeps asking `next_event` for the automatic consequences until a
player has to choose again, so the state is always left at a decision point (or over).
"""

from __future__ import annotations

import random

from core.kernel import GAME_OVER, GameEvent, Pending
from games.hike.events import (
    Busted,
    HikeEnded,
    LeaderChanged,
    Matched,
    PackShown,
    Reshuffled,
    Revealed,
    TrailEnded,
    TurnEnded,
)
from games.hike.hazards import resolve
from games.hike.moves import turn_moves
from games.hike.packs import contents, slot_holding, weight
from games.hike.scoring import final_event
from games.hike.state import EMPTY, END, ENDING, HIKE, MEET, OVER, REVEAL, SETUP, TURN, HikeState


def pending(state: HikeState) -> Pending:
    if state.tasks:
        return Pending.single(state.tasks[0][1])
    phase = state.phase
    if phase == TURN:
        return Pending.single(state.current)
    if phase == HIKE:
        return Pending.single(state.queue[0]) if state.queue else GAME_OVER
    if phase == SETUP:
        waiting = [seat for seat in packing_order(state) if not state.packing_done[seat]]
        if not waiting:
            return GAME_OVER
        if state.config.setup_backpacks == "sequential":
            return Pending.single(waiting[0])
        return Pending.together(waiting)
    return GAME_OVER


def packing_order(state: HikeState) -> list[int]:
    return state.clockwise(state.first_player, list(range(state.players)))


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
    return TurnEnded(seat, (seat + 1) % state.players)


def _hike_step(state: HikeState, rng: random.Random) -> GameEvent | None:
    if state.hikers and state.leader not in state.hikers:
        return LeaderChanged(state.clockwise(state.leader, state.hikers)[0])
    step = state.step
    if step == REVEAL:
        if state.draw:
            return Revealed(state.draw[-1], len(state.draw) - 1)
        if state.discard:
            order = list(state.discard)
            rng.shuffle(order)
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

