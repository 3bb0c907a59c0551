"""Which sets of won cards pay an orangutan's requirement exactly (rulings O3, O8, O12)."""

from __future__ import annotations

from itertools import chain, combinations, product

from meeplog.games.forest.state import ForestState


def affordable(state: ForestState, won: list[int]) -> list[int]:
    """The display's orangutans whose named suits the won pile covers: a cheap filter before enumerating."""
    data = state.data
    suit_of, needs, sizes = data.suit_of, data.requirement_counts, data.payment_sizes
    have = [0] * len(data.player_cards.suits)
    for card in won:
        have[suit_of[card]] += 1
    return [
        o for o in state.display
        if len(won) >= sizes[o] and all(have[suit] >= count for suit, count in needs[o])
    ]


def payments(state: ForestState, orangutan: int, won: list[int]) -> list[tuple[int, ...]]:
    """Every distinct set of won cards that pays `orangutan` exactly, sorted; the owner picks one (O8).

    Named suits are paid by cards of that suit; `any` wildcards by other won cards, which excludes
    Deforestation unless the config says otherwise (O3).
    """
    data = state.data
    suit_of = data.suit_of
    choices = []
    for suit, count in data.requirement_counts[orangutan]:
        of_suit = [card for card in won if suit_of[card] == suit]
        if len(of_suit) < count:
            return []
        choices.append(combinations(of_suit, count))
    wildcards = data.orangutan[orangutan].any
    if not wildcards:  # distinct named suits: every pick is already a distinct set
        return sorted(tuple(sorted(chain.from_iterable(picked))) for picked in product(*choices))
    defo_ok = state.config.deforestation_counts_for_wildcards
    found: set[tuple[int, ...]] = set()
    for picked in product(*choices):
        chosen = set(chain.from_iterable(picked))
        rest = [c for c in won if c not in chosen and (defo_ok or data.suit(c) != data.deforestation_suit)]
        for extra in combinations(rest, wildcards):
            found.add(tuple(sorted(chosen.union(extra))))
    return sorted(found)
