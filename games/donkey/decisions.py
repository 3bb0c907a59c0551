"""What a command decides: the event it causes, or why it is refused (digest section 2.4), followed by the
automatic steps it sets off when it ends a phase."""

from __future__ import annotations

import random

from meeplog.core.kernel import Command, GameEvent, IllegalCommand
from meeplog.games.donkey.automatic import play_on
from meeplog.games.donkey.commands import (
    Accept,
    Commit,
    DeclareFavour,
    Favour4Keep,
    Favour4Swap,
    Favour6Adjust,
    Favour8Keep,
    Favour8Pick,
    Favour8Swap,
    NoFavour,
    Peek,
    Refuse,
    commit,
)
from meeplog.games.donkey.events import (
    ContractSigned,
    Favour4Kept,
    Favour4Swapped,
    Favour6Adjusted,
    Favour8Kept,
    Favour8Picked,
    Favour8Swapped,
    FavourDeclined,
    Peeked,
    contract_signed,
    favour_declared,
    load_committed,
)
from meeplog.games.donkey.evolve import POST_CONTRACT_FAVOURS, evolve
from meeplog.games.donkey.legal import (
    SWAP_FAVOUR,
    favour6_deltas,
    favour6_limit,
    favour8_swaps,
    favour_cards,
    peek_targets,
    refusal,
    to_act,
)
from meeplog.games.donkey.state import CONTRACT, FAVOUR, LOAD, PICK, POST, SWAP, DonkeyState


def decide(state: DonkeyState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
    """The command's event, then the kernel's own events until someone must decide again: `apply` on a
    scratch copy (playouts, searches and the Game call `apply` itself)."""
    return apply(state.clone(), seat, command, rng)


def apply(state: DonkeyState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
    """What decide and then evolve do, in one pass: each event is folded into `state` as it is made, so the
    scratch copy and the second fold are spared (Rules.apply, for playouts, searches and the Game)."""
    event = _checked_event(state, seat, command)
    may_end = _may_end_phase(state, event)
    evolve(state, event)
    return [event, *play_on(state, rng)] if may_end else [event]


def _checked_event(state: DonkeyState, seat: int, command: Command) -> GameEvent:
    if isinstance(command, Commit) and _all_ints(command.cards):
        command = commit(tuple(sorted(command.cards)))  # the order of two cards does not matter
    event = _decision_event(state, seat, command) if to_act(state, seat) else None
    if event is None:
        raise IllegalCommand(refusal(state, seat, command))
    return event


def _all_ints(cards: object) -> bool:
    return isinstance(cards, tuple) and all(isinstance(card, int) for card in cards)


def _decision_event(state: DonkeyState, seat: int, command: Command) -> GameEvent | None:
    """The event a command causes, or None if it is not legal now (`legal` lists the same commands)."""
    phase = state.phase
    match command:
        case Commit(cards) if phase == LOAD:
            hand = state.hands[seat]
            if len(cards) != state.cards_each or len(set(cards)) != len(cards) or any(c not in hand for c in cards):
                return None
            face_up = state.effect == "difficult" and seat in (state.leader, (state.leader - 1) % state.players)
            return load_committed(seat, cards, face_up)
        case DeclareFavour(favour) if phase == FAVOUR and favour in favour_cards(state, seat):
            return favour_declared(seat, favour)
        case NoFavour() if phase == FAVOUR:
            return FavourDeclined(seat)
        case Peek(target, slot) if phase == CONTRACT and (target, slot) in peek_targets(state, seat):
            return Peeked(seat, target, slot, state.value(state.played[target][slot]))
        case Accept() if phase == CONTRACT:
            return contract_signed(seat, True)
        case Refuse() if phase == CONTRACT:
            return contract_signed(seat, False)
        case Favour4Swap(slot, card) if (phase == POST and state.post[0][1] == SWAP_FAVOUR
                                         and slot in range(len(state.played[seat])) and card in state.hands[seat]):
            old = state.played[seat][slot]
            return Favour4Swapped(seat, slot, card, state.value(old), old in state.face_up)
        case Favour4Keep() if phase == POST and state.post[0][1] == SWAP_FAVOUR:
            return Favour4Kept(seat)
        case Favour6Adjust(delta) if (phase == POST and state.post[0][1] != SWAP_FAVOUR
                                      and delta in favour6_deltas(state)):
            return Favour6Adjusted(seat, delta, favour6_limit(state, delta))
        case Favour8Swap(give, take) if phase == SWAP and (give, take) in favour8_swaps(state, seat):
            return Favour8Swapped(seat, give, take, state.value(state.slot_id(give)), state.value(state.slot_id(take)))
        case Favour8Keep() if phase == SWAP:
            return Favour8Kept(seat)
        case Favour8Pick(target, slot) if phase == PICK and (target, slot) in map(state.slot_of, state.packet):
            return Favour8Picked(seat, (target, slot), state.value(state.slot_id((target, slot))))
    return None


def _may_end_phase(state: DonkeyState, event: GameEvent) -> bool:
    """Whether automatic steps may follow `event`: it may end a lost donkey's loading, the contracts
    when no favour 4 or 6 follows, the post-contract favours, or the favour-8 decisions."""
    phase = state.phase
    if phase == LOAD:
        return state.effect == "lost" and sum(1 for ids in state.played if not ids) == 1
    if phase == CONTRACT:
        return (isinstance(event, ContractSigned) and len(state.queue) == 1
                and not any(f in POST_CONTRACT_FAVOURS for favours in state.favours for f in favours))
    if phase == POST:
        return len(state.post) == 1
    return phase in (PICK, SWAP) and len(state.queue) == 1
