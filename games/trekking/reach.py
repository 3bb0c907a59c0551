"""Where the active hiker may go now: flights, Move targets and their payments, a Journey's free move."""

from __future__ import annotations

from games.trekking.cards import hand_sums, payments_for
from games.trekking.state import TrekState


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


def route_lengths_by_target(state: TrekState, seat: int) -> dict[int, list[int]]:
    """`route_lengths` for every target at once, ascending: one reach mask per length instead of one
    route lookup per (target, length), for a decision that weighs every Move target."""
    start, blocked, routes = state.position[seat], state.blocked_for(seat), state.routes
    found: dict[int, list[int]] = {}
    for length in hand_sums(state.hands[seat]):
        for target in routes.locations(routes.reach(start, blocked, length)):
            found.setdefault(target, []).append(length)
    return found


def move_payments(state: TrekState, seat: int, target: int) -> list[tuple[int, ...]]:
    lengths = route_lengths(state, seat, target)
    if not lengths:
        return []
    return payments_for(state.hands[seat], set(lengths), lengths[-1])


def free_move_targets(state: TrekState, seat: int, most: int) -> int:
    """The locations a Journey's free move of up to `most` links can end on (T27)."""
    return state.routes.targets(state.position[seat], state.blocked_for(seat), range(1, most + 1))
