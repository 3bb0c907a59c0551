"""Weighing the load at the reveal: which cards the bandits or the picky donkey remove, and whether the
donkey is overloaded (rulings D21, D22, D26). Pure arithmetic, shared by the kernel and the heuristic.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from meeplog.games.donkey.config import DonkeyConfig

Card = tuple[int, int, int]  # (seat, slot, value)


@dataclass(frozen=True)
class Weighing:
    removed: tuple[tuple[int, int], ...]  # (seat, slot) of the removed cards
    measure: int  # the total, or the spread on the precision donkey
    overloaded: bool
    ineligible: frozenset[int]  # seats that cannot score this round


def weigh(effect: str, cards: Sequence[Card], limit: int, config: DonkeyConfig) -> Weighing:
    removed: list[Card] = []
    counts_removed = False
    if effect == "attacked" and cards:
        top = max(value for _, _, value in cards)
        removed = [card for card in cards if card[2] == top]
        counts_removed = config.attacked_removed_count_toward_total
    elif effect == "picky":
        copies = Counter(value for _, _, value in cards)
        removed = [card for card in cards if copies[card[2]] > 1]
        counts_removed = config.picky_removed_count_toward_total
    kept = cards if counts_removed else [card for card in cards if card not in removed]
    values = [value for _, _, value in kept]
    spread = max(values) - min(values) if values else 0
    measure = spread if effect == "precision" else sum(values)
    ineligible = frozenset(seat for seat, _, _ in removed) if bars_players(effect, config) else frozenset()
    return Weighing(tuple((seat, slot) for seat, slot, _ in removed), measure, measure > limit, ineligible)


def bars_players(effect: str, config: DonkeyConfig) -> bool:
    """Whether a player whose card was removed cannot score this round (D21, D22)."""
    return effect == "attacked" or (effect == "picky" and config.picky_removed_players_ineligible)
