"""Backpack arithmetic: weight, matching, heaviest cards and the distinct ways to pay a distance (H4, H9, H15, H16).

A backpack is the list of a seat's seven slots (hands included), EMPTY where no card lies.
"""

from __future__ import annotations

from itertools import product

from meeplog.games.hike.cards import Cards
from meeplog.games.hike.state import EMPTY

Pack = list[int] | tuple[int, ...]


def contents(pack: Pack) -> list[int]:
    return [card for card in pack if card != EMPTY]


def weight(cards: Cards, pack: list[int]) -> int:
    boots = cards.boots
    return sum(boots[card] for card in pack if card != EMPTY)


def is_empty(pack: list[int]) -> bool:
    return all(card == EMPTY for card in pack)


def slot_holding(pack: list[int], wanted: frozenset[int] | set[int], face_up: list[bool] | None = None) -> int:
    """A slot holding one of `wanted`, face-up ones first then the lowest, or EMPTY.

    Preferring face-up copies means a choice of copy never shows more than needed (face-down variant).
    """
    found = [slot for slot, card in enumerate(pack) if card in wanted]
    if not found:
        return EMPTY
    if face_up is not None:
        found.sort(key=lambda slot: not face_up[slot])
    return found[0]


def heaviest_cards(cards: Cards, pack: list[int]) -> list[int]:
    """The distinct cards of the greatest boot count in the pack (the owner picks one: H9)."""
    held = set(contents(pack))
    if not held:
        return []
    top = max(cards.boots[card] for card in held)
    return sorted(card for card in held if cards.boots[card] == top)


def payments(cards: Cards, pack: Pack, distance: int, minimal_only: bool) -> list[tuple[int, ...]]:
    """Every distinct multiset of pack cards worth at least `distance` boots (H16), cheapest first.

    Copies are interchangeable, so choices are enumerated per card kind with a count, never per copy:
    a seven-card pack gives at most 127 choices. With `minimal_only`, dropping any card of a choice
    must leave it short of the distance.
    """
    held = _kinds(contents(pack))
    boots = cards.boots
    found = []
    for counts in product(*(range(count + 1) for _, count in held)):
        chosen: list[int] = []
        total = 0
        for (card, _), copies in zip(held, counts):
            if copies:
                chosen += [card] * copies
                total += boots[card] * copies
        if not chosen or total < distance:
            continue
        if minimal_only and total - min([boots[card] for card in chosen]) >= distance:
            continue
        found.append((total, len(chosen), tuple(chosen)))
    return [chosen for _, _, chosen in sorted(found)]


def _kinds(held: list[int]) -> list[tuple[int, int]]:
    """The distinct cards held, lowest first, each with its number of copies (a Counter, uncompiled, cost
    more than the whole enumeration)."""
    kinds: list[tuple[int, int]] = []
    for card in sorted(held):
        if kinds and kinds[-1][0] == card:
            kinds[-1] = (card, kinds[-1][1] + 1)
        else:
            kinds.append((card, 1))
    return kinds


def is_payment(cards: Cards, pack: list[int], distance: int, minimal_only: bool, chosen: tuple[int, ...]) -> str:
    """Why `chosen` cannot pay `distance` from this pack, or "" when it can."""
    if not chosen:
        return "choose at least one backpack card to pay with"
    held = contents(pack)
    missing = sorted({card for card in chosen if chosen.count(card) > held.count(card)})
    if missing:
        return f"your backpack does not hold {', '.join(cards.names[c] for c in missing)}"
    total = sum(cards.boots[card] for card in chosen)
    if total < distance:
        return f"those cards are worth {total} boots, short of the {distance} to walk"
    if minimal_only and total - min(cards.boots[card] for card in chosen) >= distance:
        return "pay with a minimal set: a card of it is not needed to reach the distance"
    return ""
