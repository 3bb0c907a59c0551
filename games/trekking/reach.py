"""Where the active hiker may go now: flights, Move targets and their payments, a Journey's free move."""

from __future__ import annotations

from meeplog.games.trekking.cards import KINDS_PER_SYMBOL, hand_sums, sums_from, total_value, totals, value_counts
from meeplog.games.trekking.state import TrekState


def can_fly(state: TrekState, seat: int) -> bool:
    """Fly at the start of a turn: from an airport to another free airport (T9)."""
    return state.data.airport_mask >> state.position[seat] & 1 == 1 and bool(state.free_airports())


def move_targets(state: TrekState, seat: int) -> int:
    """The locations some card set of the hand can pay a route to, as a bitmask (T10-T14)."""
    hand = state.hands[seat]
    return state.routes.targets(state.position[seat], state.blocked_for(seat), hand_sums(hand))


def can_move(state: TrekState, seat: int) -> bool:
    """Whether the Move is compulsory, i.e. some legal (target, cards) exists (T13)."""
    hand = state.hands[seat]
    if not any(hand):
        return False
    return state.routes.any_route(state.position[seat], state.blocked_for(seat), hand_sums(hand))


def route_lengths(state: TrekState, seat: int, target: int, first_only: bool = False) -> list[int]:
    """The lengths the hand can pay for which a route from the seat's location to `target` exists."""
    start, blocked, reaches = state.position[seat], state.blocked_for(seat), state.routes.reaches
    found = []
    for length in hand_sums(state.hands[seat]):
        if reaches(start, blocked, length, target):
            found.append(length)
            if first_only:
                break
    return found


def payment_lengths(state: TrekState, seat: int, paid: tuple[int, ...]) -> set[int]:
    """Every length of a route to the announced target that `paid`, topped up with more of the seat's hand
    (kinds from the last one paid on), can pay: what the Move may still cost (T14)."""
    start, blocked, reaches, target = state.position[seat], state.blocked_for(seat), state.routes.reaches, state.heading
    total = total_value(paid)
    return {total + extra for extra in sums_from(state.hands[seat], paid[-1] if paid else 0)
            if reaches(start, blocked, total + extra, target)}


def pays_route(state: TrekState, seat: int, paid: tuple[int, ...]) -> bool:
    """Whether the cards played add up to the length of some route to the announced target."""
    return state.routes.reaches(state.position[seat], state.blocked_for(seat), total_value(paid), state.heading)


def next_payment_cards(state: TrekState, seat: int, hand: list[int], paid: tuple[int, ...],
                       first_only: bool = False) -> list[int]:
    """The kinds of `hand` that may be played next towards the Move after `paid`: from the last kind paid on
    (so that each set of cards is played in one order), and only if more of the hand can then make up the
    length of a route. Short completions are tried first: long routes need a search."""
    total, lowest = total_value(paid), paid[-1] if paid else 0
    counts = value_counts(hand, lowest)  # of the kinds from `kind` on, less the card played: what may follow it
    found = []
    for kind in range(lowest, len(hand)):
        held = hand[kind]
        if not held:
            continue
        worth = kind % KINDS_PER_SYMBOL
        counts[worth] -= 1
        if _completes(state, seat, total + worth + 1, counts):
            found.append(kind)
            if first_only:
                break
        counts[worth] -= held - 1
    return found


def may_pay_next(state: TrekState, seat: int, paid: tuple[int, ...], kind: int) -> bool:
    """Whether `kind` is one of `next_payment_cards`, asked of that kind alone."""
    hand = state.hands[seat]
    if not (paid[-1] if paid else 0) <= kind < len(hand) or not hand[kind]:
        return False
    counts = value_counts(hand, kind)
    worth = kind % KINDS_PER_SYMBOL
    counts[worth] -= 1
    return _completes(state, seat, total_value(paid) + worth + 1, counts)


def _completes(state: TrekState, seat: int, reached: int, counts: list[int]) -> bool:
    """Whether cards worth 1, 2 and 3, so many of each as `counts`, can top `reached` up to the length of a
    route to the announced target: adding none first, then ever more (short routes are the cheap ones)."""
    start, blocked, reaches, target = state.position[seat], state.blocked_for(seat), state.routes.reaches, state.heading
    return any(reaches(start, blocked, reached + extra, target) for extra in totals(counts[0], counts[1], counts[2]))


def free_move_targets(state: TrekState, seat: int, most: int) -> int:
    """The locations a Journey's free move of up to `most` links can end on (T27)."""
    return state.routes.targets(state.position[seat], state.blocked_for(seat), range(1, most + 1))
