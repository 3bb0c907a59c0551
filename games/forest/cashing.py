"""Which sets of won cards pay an orangutan's requirement exactly (rulings O3, O8, O12)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product

from games.forest.state import ForestState


def affordable(state: ForestState, won: list[int]) -> list[int]:
    """The display's orangutans whose named suits the won pile covers: a cheap filter before enumerating."""
    suit_of = state.data.suit_of
    have = Counter(suit_of[card] for card in won)
    requirements, cards = state.data.requirements, state.data.orangutan
    return [
        o for o in state.display
        if len(won) >= len(cards[o].requirement) + cards[o].any
        and all(have[suit] >= count for suit, count in requirements[o].items())
    ]


def payments(state: ForestState, orangutan: int, won: list[int]) -> list[tuple[int, ...]]:
    """Every distinct set of won cards that pays `orangutan` exactly, sorted; the owner picks one (O8).

    Named suits are paid by cards of that suit; `any` wildcards by other won cards, which excludes
    Deforestation unless the config says otherwise (O3).
    """
    data = state.data
    named = data.requirements[orangutan]
    by_suit: dict[int, list[int]] = {}
    for card in won:
        by_suit.setdefault(data.suit(card), []).append(card)
    if any(len(by_suit.get(suit, ())) < count for suit, count in named.items()):
        return []
    wildcards = data.orangutan[orangutan].any
    defo_ok = state.config.deforestation_counts_for_wildcards
    found: set[tuple[int, ...]] = set()
    for picked in product(*(combinations(by_suit[suit], count) for suit, count in named.items())):
        chosen = {card for group in picked for card in group}
        rest = [c for c in won if c not in chosen and (defo_ok or data.suit(c) != data.deforestation_suit)]
        for extra in combinations(rest, wildcards):
            found.add(tuple(sorted(chosen.union(extra))))
    return sorted(found)
