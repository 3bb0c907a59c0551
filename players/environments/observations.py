"""A seat's view as a fixed-length vector of numbers, derived from the game's pydantic view, for any game.

The survey notes the shape of the views it meets (shapes.py), and each place of that shape owns slots: a
list its length, a number its value, a category met there (a string, a None) a 1 when the view holds it.
`ViewEncoder.names` reads them: `.hand.#` the hand's length, `.hand.0.boots` the first card's boots,
`.phase=hike` the phase being "hike", `.capacity=None` the capacity being unknown. What the survey never met
(an item past the longest list it saw, a phase it never reached) has no slot and is left out, though its
list's length still shows. The vector is a function of the view alone, so two states a seat cannot tell
apart give it the same vector: the view's own leak check carries over (tests/environments/test_no_leak.py
checks it all the same).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from gymnasium import spaces
from pydantic import BaseModel

from meeplog.players.environments.shapes import Shape


@dataclass
class Slots:
    """A Shape with its slot numbers, walked beside a view to fill its vector."""

    length: int | None = None
    number: int | None = None
    categories: dict[Any, int] = field(default_factory=dict)
    fields: dict[str, Slots] = field(default_factory=dict)
    items: list[Slots] = field(default_factory=list)

    @classmethod
    def number_from(cls, shape: Shape, first: int = 0) -> tuple[Slots, int]:
        """Slots for `shape`, numbered from `first` in Shape.slots' order; and the next free number."""
        slots, free = cls(), first
        if shape.listed:
            slots.length, free = free, free + 1
        if shape.number:
            slots.number, free = free, free + 1
        for category in sorted(shape.categories, key=repr):
            slots.categories[category], free = free, free + 1
        for name in sorted(shape.fields):
            slots.fields[name], free = cls.number_from(shape.fields[name], free)
        for item in shape.items:
            child, free = cls.number_from(item, free)
            slots.items.append(child)
        return slots, free

    def fill(self, value: Any, places: list[int], numbers: list[float]) -> None:
        """Append the slots and numbers of `value`, a dict or a list met at this place; leaves are handled
        here rather than in calls of their own, as a view holds thousands of them and few containers."""
        if type(value) is dict:
            pairs: Iterable[tuple[Slots, Any]] = [(child, value.get(name)) for name, child in self.fields.items()]
        else:
            if self.length is not None:
                places.append(self.length)
                numbers.append(len(value))
            pairs = zip(self.items, value, strict=False)
        for child, item in pairs:
            kind = type(item)
            if kind is dict or kind is list or kind is tuple:
                child.fill(item, places, numbers)
            elif kind is int or kind is float or kind is bool:
                if child.number is not None:
                    places.append(child.number)
                    numbers.append(item)
            else:
                slot = child.categories.get(item)
                if slot is not None:
                    places.append(slot)
                    numbers.append(1.0)


class ViewEncoder:
    """The slots of one game's views under one config, and the vector of a view."""

    def __init__(self, shape: Shape) -> None:
        self.names = list(shape.slots())
        self._slots, size = Slots.number_from(shape)
        self.space = spaces.Box(-np.inf, np.inf, shape=(size,), dtype=np.float32)

    def encode(self, view: BaseModel) -> np.ndarray:
        places: list[int] = []
        numbers: list[float] = []
        self._slots.fill(view.model_dump(), places, numbers)
        vector = np.zeros(self.space.shape, dtype=np.float32)
        vector[places] = numbers
        return vector
