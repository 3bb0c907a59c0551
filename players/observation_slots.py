"""The slots of an environment's observation vector, and the walk that writes a view's plain data into them.

Per place of the views a survey met (players/environments/shapes.py), the slot of a list's length, of a
number's value and of each category met there (None: none). The walk is compiled with mypyc (a hot module,
core/compiled.py): it meets every leaf of a view, a few hundred, at every step of an environment, which
interpreted cost ten times the kernel's step. It writes straight into the vector's buffer, a memoryview of
float32 that numpy then wraps, where collecting slots and values for numpy to scatter cost as much again (an
array.array's items take a third longer to set). It lives
outside players/environments/ so that it compiles, and type-checks, without that package's extras.
"""

from __future__ import annotations

from typing import Any, cast


class Slots:
    """One place of the views with its slot numbers, walked beside a view to fill its vector. A slot number is
    an int or None typed Any, which mypyc keeps as the Python int it is: typed int, it would unbox it and box
    it again (allocating, past 256) at every leaf to hand it to the memoryview."""

    def __init__(self) -> None:
        self.length: Any = None  # a list's length
        self.number: Any = None  # a number's value
        self.categories: dict[object, Any] = {}  # a category's 1
        self.keys: list[object] = []  # a dict's entries, by key ...
        self.fields: list[Slots] = []  # ... and their places
        self.items: list[Slots] = []  # a list's items, by place

    def write(self, value: object, vector: memoryview[float]) -> None:
        """Write `value`, a dict or a list (or tuple) met at this place, into `vector`: a dict each entry it has
        a place for; a list its length, then each item the survey met a place for."""
        if type(value) is dict:
            entries = cast(dict[object, object], value)
            keys, fields = self.keys, self.fields
            for index in range(len(keys)):
                fields[index].write_item(entries.get(keys[index]), vector)
            return
        sequence = cast("list[object] | tuple[object, ...]", value)
        length, count = self.length, len(sequence)
        if length is not None and count:  # the buffer starts at 0: only what is not 0 is written
            vector[length] = count
        items = self.items
        for place in range(min(len(items), len(sequence))):
            items[place].write_item(sequence[place], vector)

    def write_item(self, item: object, vector: memoryview[float]) -> None:
        """Write one entry or item: a container walked, a number (bool included) its value, anything else
        (a string, a None) the 1 of its category, when the survey met it here."""
        kind = type(item)
        if kind is dict or kind is list or kind is tuple:
            self.write(item, vector)
        elif kind is int or kind is float or kind is bool:
            number = self.number
            if number is not None and (item or kind is float):  # an int's 0 is already there, a float's -0.0 not
                vector[number] = cast(Any, item)  # the memoryview makes it a float32, as numpy would
        else:
            slot = self.categories.get(item)
            if slot is not None:
                vector[slot] = 1  # a small int, where a float would be allocated for each write
