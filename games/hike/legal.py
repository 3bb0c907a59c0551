"""Who must decide now (`pending`) and every command they may give (`legal`), step by step of the game."""

from __future__ import annotations

from functools import cache, lru_cache

from meeplog.core.kernel import GAME_OVER, ONE_SEAT, Command, Pending, seats_together
from meeplog.games.hike import commands as cmd
from meeplog.games.hike.cards import Cards
from meeplog.games.hike.commands import Pay
from meeplog.games.hike.packs import contents, heaviest_cards, is_empty, payments
from meeplog.games.hike.state import (
    DECIDE,
    DOWN,
    EMPTY,
    HAND,
    HEAVY,
    HIKE,
    JOIN,
    MEET,
    SETUP,
    SMELL,
    TURN,
    HikeState,
    Task,
    rotation,
)


def pending(state: HikeState) -> Pending:
    if state.tasks:
        return ONE_SEAT[state.tasks[0][1]]
    phase = state.phase
    if phase == TURN:
        return ONE_SEAT[state.current]
    if phase == HIKE:
        return ONE_SEAT[state.queue[0]] if state.queue else GAME_OVER
    if phase == SETUP:
        waiting = [seat for seat in packing_order(state) if not state.packing_done[seat]]
        if not waiting:
            return GAME_OVER
        if state.config.setup_backpacks == "sequential":
            return ONE_SEAT[waiting[0]]
        return seats_together(waiting)
    return GAME_OVER


def packing_order(state: HikeState) -> tuple[int, ...]:
    return rotation(state.first_player, state.players)


def legal(state: HikeState, seat: int) -> list[Command]:
    """The commands of `seat`, none unless it is a seat that must decide now."""
    if seat not in pending(state).seats:
        return []
    return options(state, seat)


def options(state: HikeState, seat: int) -> list[Command]:
    if state.tasks:
        return task_moves(state, state.tasks[0])
    if state.phase == SETUP:
        return packing_moves(state, seat)
    if state.phase == TURN:
        return turn_moves(state, seat)
    if state.step == JOIN:
        return [cmd.JOIN, cmd.STAY_OUT]
    if state.step == MEET:
        distance = state.cards.boots[state.revealed]
        held = tuple(sorted(contents(state.packs[seat])))
        return list(_payment_moves(state.cards, held, distance, state.config.payment_minimal_only))
    if state.step == DECIDE:
        return trail_moves(state, seat)
    return []


@lru_cache(maxsize=1 << 12)
def _payment_moves(cards: Cards, held: tuple[int, ...], distance: int, minimal_only: bool) -> tuple[Pay, ...]:
    """Keyed by what the pack holds, not where: the payments depend on the cards alone. Unlike the turn's
    moves (remembered once, now made afresh), this pays on games it has not seen: 1,335 hits for 1,188
    misses over 300 random games."""
    return tuple(Pay(chosen) for chosen in payments(cards, held, distance, minimal_only))


def packing_moves(state: HikeState, seat: int) -> list[Command]:
    cards, pack = state.cards, state.packs[seat]
    moves: list[Command] = [
        cmd.pack_card(card, slot)
        for card in sorted(set(state.hands[seat]))
        if cards.is_item(card)
        for slot in cards.slots_for(card)
        if pack[slot] == EMPTY
    ]
    moves.append(cmd.FINISH_PACKING)
    return moves


def turn_moves(state: HikeState, seat: int) -> list[Command]:
    """Made afresh each time: remembered by hand and pack, they were found again for one decision in twelve
    of a random game, and the keys cost more than the moves."""
    if state.actions_left <= 0:
        return []
    config, cards, pack = state.config, state.cards, state.packs[seat]
    fresh = state.actions_left == config.actions_per_turn
    face_up = state.face_up[seat] if config.hidden_backpacks else None
    moves: list[Command] = [cmd.DRAW] if state.draw else []
    plays = _plays(cards)
    for card in sorted(set(state.hands[seat])):
        for slot, play in plays[card]:
            if slot == EMPTY or swap_changes_something(card, pack[slot], face_up is not None and face_up[slot]):
                moves.append(play)
    if fresh and (not config.leader_needs_backpack or any(card != EMPTY for card in pack)):
        moves.append(cmd.START_HIKE)
    if config.allow_fewer_actions and not fresh:
        moves.append(cmd.END_TURN)
    return moves


@cache
def _plays(cards: Cards) -> tuple[tuple[tuple[int, Command], ...], ...]:
    """Per card, the turn's commands that play it, with the slot each fills: a hazard's one play (slot
    EMPTY), an item's placements. A table read per card instead of a cached call per command."""
    return tuple(
        tuple((slot, cmd.place(card, slot)) for slot in cards.slots_for(card)) if cards.is_item(card)
        else ((EMPTY, cmd.play_hazard(card)),)
        for card in range(len(cards.names))
    )


def swap_changes_something(card: int, occupant: int, occupant_face_up: bool) -> bool:
    """Swapping a card for the same card changes nothing, except turning a face-up copy face down (H31)."""
    return occupant != card or occupant_face_up


def task_moves(state: HikeState, task: Task) -> list[Command]:
    kind, seat, _ = task
    if kind == HAND:
        return [cmd.discard(card) for card in sorted(set(state.hands[seat]))]
    if kind == HEAVY:
        return [cmd.drop(card) for card in heaviest_cards(state.cards, state.packs[seat])]
    return [cmd.drop(card) for card in sorted(set(contents(state.packs[seat])))]


def trail_moves(state: HikeState, seat: int) -> list[Command]:
    """H4, H18-H20: continue, or abandon taking one revealed card (all of them when last)."""
    config = state.config
    empty = is_empty(state.packs[seat])
    moves: list[Command] = [] if empty or state.trail_ended else [cmd.CONTINUE]
    collects = not empty or config.forced_abandon_collects
    if not collects or not state.pool or len(state.hikers) == 1:
        moves.append(cmd.abandon(None))
        return moves
    moves.extend(cmd.abandon(card) for card in sorted(set(state.pool)))
    if config.abandon_take_optional:
        moves.append(cmd.abandon(None))
    return moves
def expected(state: HikeState) -> str:
    """What the deciding seat is being asked, in words."""
    names = state.cards.names
    if state.tasks:
        kind, _, arg = state.tasks[0]
        return {
            HAND: f"discard a card from hand down to {state.hand_limit}",
            DOWN: f"drop backpack cards to the bear until it weighs {arg} boots or less",
            HEAVY: f"drop your heaviest backpack card to the {names[arg]}",
            SMELL: "drop one backpack card to the skunk (the rest goes back to hand)",
        }[kind]
    if state.phase == SETUP:
        return "pack an item from hand into an empty slot, or finish packing"
    if state.phase == TURN:
        return f"take an action ({state.actions_left} left): draw, place an item or play a hazard" + (
            ", or go on a hike" if state.actions_left == state.config.actions_per_turn else "")
    if state.step == JOIN:
        return "join the hike or stay out"
    if state.step == MEET:
        card = state.revealed
        return f"pay {state.cards.boots[card]} boots from your backpack for the {names[card]}"
    if state.step == DECIDE:
        return "continue the hike or abandon it"
    return "the game is over"
