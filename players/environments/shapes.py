"""The shape of a game's views, as met in the survey: which fields, list places, numbers and categories occur.

A view is read as the plain data `model_dump()` gives: dicts (a model's fields), lists and tuples, numbers
and booleans, and anything else (a string, a None) as a category. A Shape grows to cover every view noted,
and numbers its slots in one fixed order (observations.py fills a vector from it): per list its length, per
number its value, per category met a 1 when the view holds it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Shape:
    """What was met at one place of the views: a number, categories, named fields, list items."""

    number: bool = False
    categories: set[Any] = field(default_factory=set)
    fields: dict[str, Shape] = field(default_factory=dict)
    items: list[Shape] = field(default_factory=list)
    listed: bool = False  # a list (or tuple) was met here, so its length has a slot

    def note(self, value: Any) -> None:
        """Grow to cover `value` (a view's `model_dump()`)."""
        if isinstance(value, dict):
            for name, item in value.items():
                self.fields.setdefault(name, Shape()).note(item)
        elif isinstance(value, list | tuple):
            self.listed = True
            self.items += [Shape() for _ in range(len(value) - len(self.items))]
            for place, item in zip(self.items, value, strict=False):
                place.note(item)
        elif isinstance(value, bool | int | float):
            self.number = True
        else:
            self.categories.add(value)

    def slots(self, path: str = "") -> Iterator[str]:
        """A readable name for each slot, in slot order: `.hand.#` a length, `.phase=hike` a category."""
        if self.listed:
            yield f"{path}.#"
        if self.number:
            yield path
        yield from (f"{path}={category}" for category in sorted(self.categories, key=repr))
        for name in sorted(self.fields):
            yield from self.fields[name].slots(f"{path}.{name}")
        for index, item in enumerate(self.items):
            yield from item.slots(f"{path}.{index}")
