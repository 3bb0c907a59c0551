"""Let's Take a Hike's card data as flat lookup tables (tuples indexed by card), made by data.tables.

A module of its own so that it is compiled with the kernel (core/compiled.py): the kernel reads these
tables on every step, and a compiled class's attributes are read without a dictionary lookup.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from meeplog.core.kernel import fields_of


@dataclass(frozen=True)
class Cards:
    """Flat per-card tables for the kernel's hot path (tuples indexed by card)."""

    names: tuple[str, ...]
    boots: tuple[int, ...]
    slot_masks: tuple[int, ...]  # bit s set: the card may go in slot s; 0 for hazards
    slot_lists: tuple[tuple[int, ...], ...]  # the same as slot indices, () for hazards
    effects: tuple[str | None, ...]  # hazard effect, None for items
    deck: tuple[int, ...]  # every copy, sorted
    slot_names: tuple[str, ...]
    bear_guards: frozenset[int]
    blister_guards: frozenset[int]
    skunks: frozenset[int]
    deal: int
    hand_limit: int
    digest: int = field(repr=False, compare=False)  # their hash, made by data.tables

    def __hash__(self) -> int:
        """Precomputed: payments and plays are looked up per card table, so a table is hashed on every turn."""
        return self.digest

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return fields_of(self)

    @property
    def slot_count(self) -> int:
        return len(self.slot_names)

    def is_item(self, card: int) -> bool:
        return self.effects[card] is None

    def fits(self, card: int, slot: int) -> bool:
        return bool(self.slot_masks[card] >> slot & 1)

    def slots_for(self, card: int) -> tuple[int, ...]:
        return self.slot_lists[card]
