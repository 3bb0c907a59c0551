"""What a command decides: the event it causes (or why it is refused), then the automatic events that
follow it until a player must choose again, so the state is always left at a decision point (or over)."""

from __future__ import annotations

import random

from meeplog.core.kernel import Command, GameEvent, IllegalCommand
from meeplog.games.hike.automatic import next_event
from meeplog.games.hike.commands import (
    Abandon,
    Continue,
    Discard,
    Draw,
    Drop,
    EndTurn,
    FinishPacking,
    Join,
    PackCard,
    Pay,
    Place,
    PlayHazard,
    StartHike,
    StayOut,
)
from meeplog.games.hike.events import (
    Abandoned,
    Continued,
    Discarded,
    DonePacking,
    Dropped,
    HazardPlayed,
    HikeStarted,
    Joined,
    Packed,
    Paid,
    Skunked,
    StayedOut,
    drew,
    packed,
    placed,
    turn_ended,
)
from meeplog.games.hike.evolve import evolve
from meeplog.games.hike.legal import expected, pending, swap_changes_something, trail_moves
from meeplog.games.hike.packs import heaviest_cards, is_empty, is_payment, slot_holding
from meeplog.games.hike.state import DECIDE, DOWN, EMPTY, HAND, HEAVY, JOIN, MEET, SETUP, SMELL, TURN, HikeState, Task


def decide(state: HikeState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
    """The command's event, then the kernel's own events until someone must decide again: `apply` on a
    scratch copy (playouts, searches and the Game call `apply` itself)."""
    return apply(state.clone(), seat, command, rng)


def apply(state: HikeState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
    """What decide and then evolve do, in one pass: each event is folded into `state` as it is made, so the
    scratch copy and the second fold are spared (Rules.apply, for playouts, searches and the Game)."""
    first = _checked_event(state, seat, command)
    evolve(state, first)
    return [first, *_play_on(state, rng)]


def _checked_event(state: HikeState, seat: int, command: Command) -> GameEvent:
    waiting = pending(state).seats
    if seat not in waiting:
        raise IllegalCommand(f"it is not seat {seat}'s decision (waiting for seat {waiting[0]})" if waiting
                             else "the game is over")
    return event_for(state, seat, command)


def _play_on(state: HikeState, rng: random.Random) -> list[GameEvent]:
    """The kernel's own events until a player must choose again (or the game is over), folded into `state`."""
    events: list[GameEvent] = []
    while (following := next_event(state, rng)) is not None:
        events.append(following)
        evolve(state, following)
    return events


def event_for(state: HikeState, seat: int, command: Command) -> GameEvent:
    if state.tasks:
        return _task_event(state, state.tasks[0], command)
    phase, step = state.phase, state.step
    if phase == SETUP and isinstance(command, PackCard):
        return _pack(state, seat, command)
    if phase == SETUP and isinstance(command, FinishPacking):
        return DonePacking(seat)
    if phase == TURN and isinstance(command, (Draw, Place, PlayHazard, StartHike, EndTurn)):
        return _action(state, seat, command)
    if step == JOIN and isinstance(command, (Join, StayOut)):
        return Joined(seat) if isinstance(command, Join) else StayedOut(seat)
    if step == MEET and isinstance(command, Pay):
        return _pay(state, seat, command)
    if step == DECIDE and isinstance(command, (Continue, Abandon)):
        return _continue_or_abandon(state, seat, command)
    raise IllegalCommand(f"{type(command).__name__} is not allowed now: {expected(state)}")


def _pack(state: HikeState, seat: int, command: PackCard) -> Packed:
    _check_item_for_slot(state, seat, command.card, command.slot)
    occupant = state.packs[seat][command.slot]
    if occupant != EMPTY:
        raise IllegalCommand(f"the {state.cards.slot_names[command.slot]} slot already holds "
                             f"{state.cards.names[occupant]}: while packing, use an empty slot")
    return packed(seat, command.card, command.slot)


def _check_item_for_slot(state: HikeState, seat: int, card: int, slot: int) -> None:
    cards = state.cards
    _check_in_hand(state, seat, card)
    if not cards.is_item(card):
        raise IllegalCommand(f"{cards.names[card]} is a hazard: hazards never go in the backpack")
    if not 0 <= slot < cards.slot_count:
        raise IllegalCommand(f"there is no slot {slot}; slots are 0-{cards.slot_count - 1}")
    if not cards.fits(card, slot):
        allowed = ", ".join(cards.slot_names[s] for s in cards.slots_for(card))
        raise IllegalCommand(f"{cards.names[card]} cannot go in the {cards.slot_names[slot]} slot, only: {allowed}")


def _check_in_hand(state: HikeState, seat: int, card: int) -> None:
    if card not in state.hands[seat]:
        name = state.cards.names[card] if 0 <= card < len(state.cards.names) else f"card {card}"
        raise IllegalCommand(f"{name} is not in your hand")


def _action(state: HikeState, seat: int, command: Command) -> GameEvent:
    config = state.config
    fresh = state.actions_left == config.actions_per_turn
    if isinstance(command, Draw):
        if not state.draw:
            raise IllegalCommand("the draw pile is empty")
        return drew(seat, state.draw[-1], len(state.draw) - 1)
    if isinstance(command, Place):
        _check_item_for_slot(state, seat, command.card, command.slot)
        slot_up = config.hidden_backpacks and state.face_up[seat][command.slot]
        if not swap_changes_something(command.card, state.packs[seat][command.slot], slot_up):
            raise IllegalCommand(f"that slot already holds {state.cards.names[command.card]}")
        returned = state.packs[seat][command.slot]
        hidden = config.hidden_backpacks
        return placed(seat, command.card, command.slot, returned, hidden,
                      hidden and returned != EMPTY and state.face_up[seat][command.slot])
    if isinstance(command, PlayHazard):
        _check_in_hand(state, seat, command.card)
        if state.cards.is_item(command.card):
            raise IllegalCommand(f"{state.cards.names[command.card]} is an item, not a hazard")
        return HazardPlayed(seat, command.card)
    if isinstance(command, StartHike):
        if not fresh:
            raise IllegalCommand("a hike replaces the three actions: start it before taking any")
        if config.leader_needs_backpack and is_empty(state.packs[seat]):
            raise IllegalCommand("you need at least one card in your backpack to lead a hike")
        return HikeStarted(seat)
    if not config.allow_fewer_actions:
        raise IllegalCommand(f"a turn is exactly {config.actions_per_turn} actions")
    if fresh:
        raise IllegalCommand("take at least one action before ending the turn")
    return turn_ended(seat, (seat + 1) % state.players)


def _task_event(state: HikeState, task: Task, command: Command) -> GameEvent:
    kind, seat, arg = task
    cards = state.cards
    if kind == HAND and isinstance(command, Discard):
        _check_in_hand(state, seat, command.card)
        return Discarded(seat, command.card)
    if kind != HAND and isinstance(command, Drop):
        pack = state.packs[seat]
        slot = slot_holding(pack, {command.card}, state.face_up[seat])
        if slot == EMPTY:
            raise IllegalCommand("that card is not in your backpack")
        if kind == HEAVY and command.card not in heaviest_cards(cards, pack):
            names = " or ".join(cards.names[c] for c in heaviest_cards(cards, pack))
            raise IllegalCommand(f"drop one of your heaviest cards: {names}")
        if kind == SMELL:
            held = tuple(s for s, c in enumerate(pack) if c != EMPTY)
            returned = tuple(EMPTY if s == slot else pack[s] for s in held)
            secret = tuple(s for s in held if not state.shows(seat, s))
            return Skunked(seat, command.card, slot, held, returned, secret)
        cause = "bear" if kind == DOWN else cards.names[arg]
        return Dropped(seat, slot, command.card, cause)
    raise IllegalCommand(f"{type(command).__name__} is not allowed now: {expected(state)}")


def _pay(state: HikeState, seat: int, command: Pay) -> Paid:
    cards, pack = state.cards, state.packs[seat]
    distance = cards.boots[state.revealed]
    chosen = tuple(sorted(command.cards))
    reason = is_payment(cards, pack, distance, state.config.payment_minimal_only, chosen)
    if reason:
        raise IllegalCommand(reason)
    remaining = list(pack)
    slots = []
    for card in chosen:
        slot = slot_holding(remaining, {card}, state.face_up[seat])
        remaining[slot] = EMPTY
        slots.append(slot)
    return Paid(seat, distance, tuple(sorted(slots)), chosen)


def _continue_or_abandon(state: HikeState, seat: int, command: Continue | Abandon) -> GameEvent:
    if command not in trail_moves(state, seat):
        if isinstance(command, Continue):
            raise IllegalCommand("with an empty backpack or no card left to reveal, you must abandon")
        offered = ", ".join(state.cards.names[c] for c in sorted(set(state.pool))) or "nothing"
        raise IllegalCommand(f"abandon taking one of the revealed cards ({offered}), as offered")
    if isinstance(command, Continue):
        return Continued(seat)
    pack = state.packs[seat]
    takes_all = len(state.hikers) == 1 and (not is_empty(pack) or state.config.forced_abandon_collects)
    taken = tuple(state.pool) if takes_all else (() if command.take is None else (command.take,))
    slots = tuple(s for s, c in enumerate(pack) if c != EMPTY)
    secret = tuple(s for s in slots if not state.shows(seat, s))
    return Abandoned(seat, taken, slots, tuple(pack[s] for s in slots), secret)
