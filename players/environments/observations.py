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
(tests/environments/test_plain_views.py compares them over random states of every game). The walk that writes
the data into the vector is compiled with the kernels (players/observation_slots.py); this module numbers its
slots once per survey.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import numpy as np
from gymnasium import spaces
from pydantic import BaseModel

from meeplog.core.kernel import Pending
from meeplog.players.environments.shapes import Shape
from meeplog.players.observation_slots import Slots


@runtime_checkable
class PlainView(Protocol):
    """A view model that builds its own plain data from the kernel state: what the model's `model_dump()`
    would give up to containers (a tuple for a list) and number types (an int for a float), the only
    differences the vector cannot see. The environments then never build the model (the observation's need
    is the data, not the model); a game declares it on the class its `view` returns (Rules.view_model)."""

    @classmethod
    def plain(cls, state: Any, seat: int, pending: Pending) -> dict[str, Any]: ...


def numbered(shape: Shape, first: int = 0) -> tuple[Slots, int]:
    """Slots for `shape`, numbered from `first` in Shape.slots' order; and the next free number."""
    slots, free = Slots(), first
    if shape.listed:
        slots.length, free = free, free + 1
    if shape.number:
        slots.number, free = free, free + 1
    for category in sorted(shape.categories, key=repr):
        slots.categories[category], free = free, free + 1
    for name in sorted(shape.fields):
        child, free = numbered(shape.fields[name], free)
        slots.keys.append(name)
        slots.fields.append(child)
    for item in shape.items:
        child, free = numbered(item, free)
        slots.items.append(child)
    return slots, free


class ViewEncoder:
    """The slots of one game's views under one config, and the vector of a view."""

    def __init__(self, shape: Shape) -> None:
        self.names = list(shape.slots())
        self._slots, size = numbered(shape)
        self._zeros = bytes(4 * size)  # the vector's float32 zeros
        self.space = spaces.Box(-np.inf, np.inf, shape=(size,), dtype=np.float32)

    def encode(self, view: BaseModel) -> np.ndarray:
        return self.encode_data(view.model_dump())

    def encode_data(self, data: dict[str, Any]) -> np.ndarray:
        """The vector of a view given as plain data (a model_dump(), or a PlainView's `plain`)."""
        buffer = bytearray(self._zeros)
        self._slots.write(data, memoryview(buffer).cast("f"))
        return np.frombuffer(buffer, dtype=np.float32)
