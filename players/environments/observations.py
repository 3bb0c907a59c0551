"""A seat's view as a fixed-length vector of numbers, derived from the game's pydantic view, for any game.

The survey notes the shape of the views it meets (shapes.py), and each place of that shape owns slots: a
list its length, a number its value, a category met there (a string, a None) a 1 when the view holds it.
`ViewEncoder.names` reads them: `.hand.#` the hand's length, `.hand.0.boots` the first card's boots,
`.phase=hike` the phase being "hike", `.capacity=None` the capacity being unknown. What the survey never met
(an item past the longest list it saw, a phase it never reached) has no slot and is left out, though its
list's length still shows. The vector is a function of the view alone, so two states a seat cannot tell
apart give it the same vector: the view's own leak check carries over (tests/environments/test_no_leak.py
checks it all the same).

The vector reads only the view's plain data, never the model: a game whose view model declares `plain`
(PlainView) has it built straight from the kernel state, skipping the model's validation and its dump, which
cost more than the kernel steps between two observations; any other game, plug-ins included, is read through
`view(...).model_dump()` as before. Both give the same vector, bit for bit
(tests/environments/test_plain_views.py compares them over random states of every game).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

import numpy as np
from gymnasium import spaces
from pydantic import BaseModel

from meeplog.core.kernel import Pending
from meeplog.players.environments.shapes import Shape


@runtime_checkable
class PlainView(Protocol):
    """A view model that builds its own plain data from the kernel state: what the model's `model_dump()`
    would give up to containers (a tuple for a list) and number types (an int for a float), the only
    differences the vector cannot see. The environments then never build the model (the observation's need
    is the data, not the model); a game declares it on the class its `view` returns (Rules.view_model)."""

    @classmethod
    def plain(cls, state: Any, seat: int, pending: Pending) -> dict[str, Any]: ...


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
        return self.encode_data(view.model_dump())

    def encode_data(self, data: dict[str, Any]) -> np.ndarray:
        """The vector of a view given as plain data (a model_dump(), or a PlainView's `plain`)."""
        places: list[int] = []
        numbers: list[float] = []
        self._slots.fill(data, places, numbers)
        vector = np.zeros(self.space.shape, dtype=np.float32)
        vector[places] = numbers
        return vector
