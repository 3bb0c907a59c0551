"""Who must decide now and every command they may give (digest section 2.4), plus why anything else is refused."""

from __future__ import annotations

from itertools import combinations
from typing import Final

from meeplog.core.kernel import GAME_OVER, ONE_SEAT, Command, Pending, seats_together
from meeplog.games.donkey.commands import (
    ACCEPT,
    FAVOUR4_KEEP,
    FAVOUR8_KEEP,
    NO_FAVOUR,
    REFUSE,
    Commit,
    DeclareFavour,
    Favour4Swap,
    Favour6Adjust,
    Favour8Pick,
    Favour8Swap,
    Peek,
    commit,
    declare_favour,
    favour4_swap,
    favour6_adjust,
    favour8_pick,
    peek,
)
from meeplog.games.donkey.evolve import may_declare_more
from meeplog.games.donkey.state import CONTRACT, FAVOUR, LOAD, PICK, POST, SWAP, DonkeyState

PEEK_FAVOUR: Final = 10
SWAP_FAVOUR: Final = 4

def pending(state: DonkeyState) -> Pending:
    phase = state.phase
    if phase == LOAD:
        if state.queue:  # the difficult donkey: one at a time (D20)
            return ONE_SEAT[state.queue[0]]
        return seats_together([seat for seat, ids in enumerate(state.played) if not ids])
    if phase == POST:
        return ONE_SEAT[state.post[0][0]]
    if phase in (FAVOUR, CONTRACT, PICK, SWAP):
        return ONE_SEAT[state.queue[0]]
    return GAME_OVER


def to_act(state: DonkeyState, seat: int) -> bool:
    phase = state.phase
    if phase == LOAD:
        return state.queue[0] == seat if state.queue else not state.played[seat]
    if phase == POST:
        return state.post[0][0] == seat
    return phase in (FAVOUR, CONTRACT, PICK, SWAP) and state.queue[0] == seat


def legal(state: DonkeyState, seat: int) -> list[Command]:
    if not to_act(state, seat):
        return []
    phase = state.phase
    if phase == LOAD:
        return [commit(cards) for cards in combinations(state.hands[seat], state.cards_each)]
    if phase == FAVOUR:
        return [NO_FAVOUR, *(declare_favour(card) for card in favour_cards(state, seat))]
    if phase == CONTRACT:
        return [ACCEPT, REFUSE, *(peek(*target) for target in peek_targets(state, seat))]
    if phase == POST:
        if state.post[0][1] == SWAP_FAVOUR:
            return [FAVOUR4_KEEP, *(favour4_swap(slot, card) for slot in range(len(state.played[seat]))
                                    for card in state.hands[seat])]
        return [favour6_adjust(delta) for delta in favour6_deltas(state)]
    if phase == PICK:
        return [favour8_pick(*state.slot_of(slot_id)) for slot_id in state.packet]
    return [FAVOUR8_KEEP, *(Favour8Swap(give, take) for give, take in favour8_swaps(state, seat))]


def favour_cards(state: DonkeyState, seat: int) -> list[int]:
    """Favour cards `seat` may sacrifice now (D10)."""
    if not may_declare_more(state, seat):
        return []
    favours = state.data.load_cards.favours
    return [card for card in state.hands[seat] if card in favours]


def peeks_left(state: DonkeyState, seat: int) -> int:
    """The holey donkey allows one peek (D19); favour 10 half the played cards, rounded down (D18)."""
    allowed = 1 if state.effect == "holey" else 0
    if PEEK_FAVOUR in state.favours[seat]:
        allowed += sum(len(ids) for ids in state.played) // 2
    return allowed - state.peeks_done[seat]


def peek_targets(state: DonkeyState, seat: int) -> list[tuple[int, int]]:
    if peeks_left(state, seat) <= 0:
        return []
    known, face_up = state.known[seat], state.face_up
    return [(other, slot) for other, ids in enumerate(state.played) if other != seat
            for slot, slot_id in enumerate(ids) if slot_id not in face_up and slot_id not in known]


def favour6_deltas(state: DonkeyState) -> list[int]:
    step = state.data.favour6.step
    return [step, -step, 0] if state.config.favour6_allow_zero else [step, -step]


def favour6_limit(state: DonkeyState, delta: int) -> int:
    """The capacity or precision threshold after favour 6: the threshold stays within its clamp (D15)."""
    if state.effect == "precision":
        low, high = state.data.precision.clamp
        return min(high, max(low, state.limit + delta))
    return max(0, state.limit + delta)


def favour8_swaps(state: DonkeyState, seat: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """(give, take): a card `seat` scores for another player's kept card (D16)."""
    award, removed = state.award, state.removed_slots
    gives = [state.slot_of(slot_id) for slot_id in sorted(award) if award[slot_id] == seat]
    only_scored = state.config.favour8_swap_targets == "correct_acceptors_only"
    takes = [(other, slot) for other, ids in enumerate(state.played) if other != seat
             for slot, slot_id in enumerate(ids)
             if slot_id not in removed and award.get(slot_id) != seat and (award.get(slot_id) is not None
                                                                           or not only_scored)]
    return [(give, take) for give in gives for take in takes]


def refusal(state: DonkeyState, seat: int, command: Command) -> str:
    """Why `command` from `seat` is not legal now, in words a player can act on."""
    if not to_act(state, seat):
        return _not_your_turn(state, seat)
    phase = state.phase
    expected = _EXPECTED[phase]
    match command:
        case Commit(cards) if phase == LOAD:
            count = "one card" if state.cards_each == 1 else f"{state.cards_each} different cards"
            return f"commit exactly {count} from your hand {state.hands[seat]}, not {list(cards)}"
        case DeclareFavour(favour) if phase == FAVOUR:
            usable = favour_cards(state, seat)
            if not usable:
                return "you cannot use a favour now: no favour card in hand, or your favour limit is reached"
            return f"favour {favour} is not available: you may sacrifice {usable} or ask no favour"
        case Peek(target, slot) if phase == CONTRACT:
            if peeks_left(state, seat) <= 0:
                return "you have no peek left: accept or refuse the contract"
            return (f"seat {target}'s card {slot} cannot be peeked at: choose another player's face-down card "
                    f"you have not seen, among {peek_targets(state, seat)}")
        case Favour4Swap(slot, card) if phase == POST and state.post[0][1] == SWAP_FAVOUR:
            return (f"swap one of your load cards (slot 0..{len(state.played[seat]) - 1}) for a card in your "
                    f"hand {state.hands[seat]}, not slot {slot} for {card}")
        case Favour6Adjust(delta) if phase == POST and state.post[0][1] != SWAP_FAVOUR:
            return f"change the limit by one of {favour6_deltas(state)}, not {delta}"
        case Favour8Swap(give, take) if phase == SWAP:
            return f"no favour 8 swap gives {give} for {take}; the legal swaps are {favour8_swaps(state, seat)}"
        case Favour8Pick(target, slot) if phase == PICK:
            return f"seat {target}'s card {slot} is not in the packet"
    return f"{type(command).__name__} is not allowed now: {expected}"


def _not_your_turn(state: DonkeyState, seat: int) -> str:
    waiting = pending(state).seats
    if not waiting:
        return "the game is over"
    if state.phase == LOAD and state.played[seat]:
        return f"seat {seat} has already committed its load this round"
    return f"it is not seat {seat}'s turn (waiting for seat {', '.join(map(str, waiting))})"


_EXPECTED: Final = {
    LOAD: "commit your load card(s) face down",
    FAVOUR: "declare a favour or ask none",
    CONTRACT: "peek if you may, then accept or refuse the contract",
    POST: "use your favour 4 or 6",
    PICK: "pick a card from the packet (favour 8)",
    SWAP: "swap a scored card with favour 8, or keep it",
}
