"""Trek-card arithmetic on hands kept as a count per kind (kind = symbol * 3 + value - 1).

Cards of one kind are interchangeable, so every choice of cards is a sorted tuple of kinds (a multiset):
a Visit's symbols or a Journey's pair are enumerated once per distinct multiset, never per physical card,
and a Move's cards are played one kind at a time in ascending order, so each multiset has one order.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import product
from typing import Final

KINDS_PER_SYMBOL: Final = 3


def value_of(kind: int) -> int:
    return kind % KINDS_PER_SYMBOL + 1


def symbol_of(kind: int) -> int:
    return kind // KINDS_PER_SYMBOL


def holds(hand: list[int], cards: tuple[int, ...]) -> bool:
    """Whether `cards` (kinds, repeated as often as played) can be taken from `hand`."""
    if not cards:
        return True
    size = len(hand)
    needed: dict[int, int] = {}
    for kind in cards:
        if not 0 <= kind < size:
            return False
        needed[kind] = needed.get(kind, 0) + 1
    return all(hand[kind] >= count for kind, count in needed.items())


def total_value(cards: tuple[int, ...]) -> int:
    return sum(kind % KINDS_PER_SYMBOL + 1 for kind in cards)


def hand_sums(hand: list[int]) -> tuple[int, ...]:
    """Every total a non-empty set of the hand's cards can make, ascending."""
    ones, twos, threes = value_counts(hand, 0)
    return _sums(ones, twos, threes)


@cache
def _sums(ones: int, twos: int, threes: int) -> tuple[int, ...]:
    sums = {a + 2 * b + 3 * c for a in range(ones + 1) for b in range(twos + 1) for c in range(threes + 1)}
    sums.discard(0)
    return tuple(sorted(sums))


def sums_from(hand: list[int], lowest: int) -> tuple[int, ...]:
    """Every total a set of the hand's cards of kind `lowest` or above can make, 0 (no card) included, ascending."""
    ones, twos, threes = value_counts(hand, lowest)
    return totals(ones, twos, threes)


def value_counts(hand: list[int], lowest: int) -> list[int]:
    """How many of the hand's cards of kind `lowest` or above are worth 1, 2 and 3, summed in three native ints
    and skipping the kinds not held: the Move's payment search asks it once or twice a step, and counting in a
    list of boxed ints cost 2,500 instructions of a 33,600-instruction step (callgrind)."""
    ones = twos = threes = 0
    for kind in range(lowest, len(hand)):
        held = hand[kind]
        if held:
            worth = kind % KINDS_PER_SYMBOL
            if worth == 0:
                ones += held
            elif worth == 1:
                twos += held
            else:
                threes += held
    return [ones, twos, threes]


@cache
def totals(ones: int, twos: int, threes: int) -> tuple[int, ...]:
    """Every total so many cards worth 1, 2 and 3 can make, 0 (no card) included, ascending."""
    return (0, *_sums(ones, twos, threes))


def of_symbol(hand: list[int], symbol: int, size: int) -> Iterator[tuple[int, ...]]:
    """The multisets of `size` cards of one symbol the hand holds (which values to give up)."""
    base = symbol * KINDS_PER_SYMBOL
    ones, twos, threes = hand[base], hand[base + 1], hand[base + 2]
    for a in range(min(ones, size), -1, -1):
        for b in range(min(twos, size - a), -1, -1):
            c = size - a - b
            if c <= threes:
                yield (base,) * a + (base + 1,) * b + (base + 2,) * c


def symbol_payments(hand: list[int], requirement: tuple[int, ...], waived: int) -> list[tuple[int, ...]]:
    """Every way to pay a requirement (count per symbol) after waiving `waived` symbols of one's choice.

    The player picks which symbols to waive and which physical cards (values) pay the rest (T23, T27).
    """
    found: list[tuple[int, ...]] = []
    for paid in _paid_counts(requirement, waived):
        options = [list(of_symbol(hand, symbol, count)) if count else [()] for symbol, count in enumerate(paid)]
        if all(options):
            found.extend(tuple(sorted(sum(parts, ()))) for parts in product(*options))
    return found


def _paid_counts(requirement: tuple[int, ...], waived: int) -> Iterator[tuple[int, ...]]:
    """Each count per symbol left to pay once `waived` symbols of the requirement are ignored."""
    ranges = [range(need, -1, -1) for need in requirement]
    total = sum(requirement)
    for paid in product(*ranges):
        if total - sum(paid) == waived:
            yield paid


def pairs(hand: list[int], symbols: int) -> list[tuple[int, int]]:
    """The pairs of same-symbol cards a Journey can be paid with, one per distinct pair of kinds."""
    found: list[tuple[int, int]] = []
    for base in range(0, symbols * KINDS_PER_SYMBOL, KINDS_PER_SYMBOL):
        held = hand[base:base + KINDS_PER_SYMBOL]
        if sum(held) < 2:
            continue
        for first in range(KINDS_PER_SYMBOL):
            if held[first]:
                if held[first] > 1:
                    found.append((base + first, base + first))
                found.extend((base + first, base + second) for second in range(first + 1, KINDS_PER_SYMBOL)
                             if held[second])
    return found


def is_pair(cards: tuple[int, ...]) -> bool:
    return len(cards) == 2 and symbol_of(cards[0]) == symbol_of(cards[1])


def counts(cards: tuple[int, ...], size: int) -> list[int]:
    out = [0] * size
    for kind in cards:
        out[kind] += 1
    return out
