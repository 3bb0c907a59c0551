"""What the deciding seat may do, and the event each legal command causes (or why it is refused).

Both functions assume `seat` is the seat that must decide now (the rules kernel checks that first).
"""

from __future__ import annotations

from functools import lru_cache

from core.kernel import Command, GameEvent, IllegalCommand
from games.hike.commands import (
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
from games.hike.data import Cards
from games.hike.events import (
    Abandoned,
    Continued,
    Discarded,
    DonePacking,
    Drew,
    Dropped,
    HazardPlayed,
    HikeStarted,
    Joined,
    Packed,
    Paid,
    Placed,
    Skunked,
    StayedOut,
    TurnEnded,
)
from games.hike.packs import contents, heaviest_cards, is_empty, is_payment, payments, slot_holding
from games.hike.state import DECIDE, DOWN, EMPTY, HAND, HEAVY, JOIN, MEET, SETUP, SMELL, TURN, HikeState, Task

DRAW, START_HIKE, END_TURN = Draw(), StartHike(), EndTurn()


def options(state: HikeState, seat: int) -> list[Command]:
    if state.tasks:
        return task_moves(state, state.tasks[0])
    if state.phase == SETUP:
        return packing_moves(state, seat)
    if state.phase == TURN:
        return turn_moves(state, seat)
    if state.step == JOIN:
        return [Join(), StayOut()]
    if state.step == MEET:
        distance = state.cards.boots[state.revealed]
        return list(_payment_moves(state.cards, tuple(state.packs[seat]), distance, state.config.payment_minimal_only))
    if state.step == DECIDE:
        return trail_moves(state, seat)
    return []


@lru_cache(maxsize=1 << 12)
def _payment_moves(cards: Cards, pack: tuple[int, ...], distance: int, minimal_only: bool) -> tuple[Pay, ...]:
    return tuple(Pay(chosen) for chosen in payments(cards, pack, distance, minimal_only))


def packing_moves(state: HikeState, seat: int) -> list[Command]:
    return list(_packing_moves(state.cards, tuple(state.hands[seat]), tuple(state.packs[seat])))


@lru_cache(maxsize=1 << 12)
def _packing_moves(cards: Cards, hand: tuple[int, ...], pack: tuple[int, ...]) -> tuple[Command, ...]:
    moves: list[Command] = [
        PackCard(card, slot)
        for card in sorted(set(hand))
        if cards.is_item(card)
        for slot in cards.slots_for(card)
        if pack[slot] == EMPTY
    ]
    moves.append(FinishPacking())
    return tuple(moves)


def turn_moves(state: HikeState, seat: int) -> list[Command]:
    if state.actions_left <= 0:
        return []
    config, pack = state.config, state.packs[seat]
    fresh = state.actions_left == config.actions_per_turn
    face_up = tuple(state.face_up[seat]) if config.hidden_backpacks else ()
    flags = (fresh, bool(state.draw), config.leader_needs_backpack, config.allow_fewer_actions)
    return list(_turn_moves(state.cards, tuple(state.hands[seat]), tuple(pack), face_up, flags))


@lru_cache(maxsize=1 << 14)
def _turn_moves(cards: Cards, hand: tuple[int, ...], pack: tuple[int, ...], face_up: tuple[bool, ...],
                flags: tuple[bool, bool, bool, bool]) -> tuple[Command, ...]:
    """The turn's moves depend on these few things only, and recur constantly in playouts: remember them."""
    fresh, can_draw, leader_needs_backpack, allow_fewer = flags
    moves: list[Command] = [DRAW] if can_draw else []
    for card in sorted(set(hand)):
        if not cards.is_item(card):
            moves.append(PlayHazard(card))
            continue
        for slot in cards.slot_lists[card]:
            if _swap_changes_something(card, pack[slot], bool(face_up) and face_up[slot]):
                moves.append(Place(card, slot))
    if fresh and (not leader_needs_backpack or any(card != EMPTY for card in pack)):
        moves.append(START_HIKE)
    if allow_fewer and not fresh:
        moves.append(END_TURN)
    return tuple(moves)


def _swap_changes_something(card: int, occupant: int, occupant_face_up: bool) -> bool:
    """Swapping a card for the same card changes nothing, except turning a face-up copy face down (H31)."""
    return occupant != card or occupant_face_up


def task_moves(state: HikeState, task: Task) -> list[Command]:
    kind, seat, _ = task
    if kind == HAND:
        return [Discard(card) for card in sorted(set(state.hands[seat]))]
    if kind == HEAVY:
        return [Drop(card) for card in heaviest_cards(state.cards, state.packs[seat])]
    return [Drop(card) for card in sorted(set(contents(state.packs[seat])))]


def trail_moves(state: HikeState, seat: int) -> list[Command]:
    """H4, H18-H20: continue, or abandon taking one revealed card (all of them when last)."""
    config = state.config
    empty = is_empty(state.packs[seat])
    moves: list[Command] = [] if empty or state.trail_ended else [Continue()]
    collects = not empty or config.forced_abandon_collects
    if not collects or not state.pool or len(state.hikers) == 1:
        moves.append(Abandon(None))
        return moves
    moves.extend(Abandon(card) for card in sorted(set(state.pool)))
    if config.abandon_take_optional:
        moves.append(Abandon(None))
    return moves


# --- commands to events -----------------------------------------------------------------------------------

def event_for(state: HikeState, seat: int, command: Command) -> GameEvent:
    if state.tasks:
        return _task_event(state, state.tasks[0], command)
    phase, step = state.phase, state.step
    if phase == SETUP and isinstance(command, PackCard):
        return _pack(state, seat, command)
    if phase == SETUP and isinstance(command, FinishPacking):
        return DonePacking(seat)
    if phase == TURN and isinstance(command, Draw | Place | PlayHazard | StartHike | EndTurn):
        return _action(state, seat, command)
    if step == JOIN and isinstance(command, Join | StayOut):
        return Joined(seat) if isinstance(command, Join) else StayedOut(seat)
    if step == MEET and isinstance(command, Pay):
        return _pay(state, seat, command)
    if step == DECIDE and isinstance(command, Continue | Abandon):
        return _continue_or_abandon(state, seat, command)
    raise IllegalCommand(f"{type(command).__name__} is not allowed now: {expected(state)}")


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


def _pack(state: HikeState, seat: int, command: PackCard) -> Packed:
    _check_item_for_slot(state, seat, command.card, command.slot)
    occupant = state.packs[seat][command.slot]
    if occupant != EMPTY:
        raise IllegalCommand(f"the {state.cards.slot_names[command.slot]} slot already holds "
                             f"{state.cards.names[occupant]}: while packing, use an empty slot")
    return Packed(seat, command.card, command.slot)


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
        return Drew(seat, state.draw[-1], len(state.draw) - 1)
    if isinstance(command, Place):
        _check_item_for_slot(state, seat, command.card, command.slot)
        slot_up = config.hidden_backpacks and state.face_up[seat][command.slot]
        if not _swap_changes_something(command.card, state.packs[seat][command.slot], slot_up):
            raise IllegalCommand(f"that slot already holds {state.cards.names[command.card]}")
        returned = state.packs[seat][command.slot]
        hidden = config.hidden_backpacks
        return Placed(seat, command.card, command.slot, returned, hidden,
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
    return TurnEnded(seat, (seat + 1) % state.players)


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
