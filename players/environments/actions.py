"""A game's commands as one fixed Discrete space, in which an index means the same choice in every state.

The indices come from the survey (survey.py) of the game under its config, in four blocks:

- listed heads: a command class with values for its scalar (non-tuple) fields, say `PlayCard(card=17)` or
  `Peek(seat=2, slot=0)`, for each class whose fields' values, every combination of those the survey met,
  make at most LISTED_LIMIT heads. The index names that command, whatever the state.
- ranked: a class with more heads than that (amounts, ranges of amounts) gets MAX_LEGAL_COMMANDS indices,
  the k-th meaning the k-th of that class's legal commands in ascending order of its fields: "the third
  smallest bid offered". The kernel contract bounds a decision to that many commands, so k always exists.
- atoms and FINISH: a command with tuple fields (a combination: cards to pay, a pair to give) is built a
  step at a time. The head comes first, then each tuple's items one by one in the order the command holds
  them, each item the atom index of its value, then FINISH. An atom means "add this value to the
  combination", whichever combination is being built, so it keeps its meaning too; the steps a combination
  takes are asked of the same seat in a row, and steps with one possible answer are taken for it.
- unlisted: MAX_LEGAL_COMMANDS indices more, the k-th meaning the k-th in ascending order of the legal commands
  that have no index of their own (a head or an item the survey never met). These are the only indices whose
  meaning is a place in a list; the survey is made so that they are rarely needed (`unlisted_offered` counts
  how often they were), and they keep every legal command reachable whatever the survey missed.

A scalar field that still met new values in the second half of the survey is listed over every value of its
types that any command held (Survey.domains), so that a location or a card met elsewhere has its index.
Atoms are every value any field of any command held in the survey (so a card kind met as `PayCard(card=3)`
is an atom even if no payment of the survey held it).
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from meeplog.core.kernel import Command
from meeplog.core.limits import MAX_LEGAL_COMMANDS
from meeplog.players.environments.survey import Survey, scalar_values, tuple_values

LISTED_LIMIT = 256

Path = tuple[tuple[int, ...], Command]  # the indices that choose a command, and the command


class IllegalAction(ValueError):
    """An action index that is not among the legal ones now (its action_mask entry is 0)."""


def _order(value: Any) -> tuple[bool, str, Any]:
    """A sort key for field values of mixed types: None first, then by type name, then by value."""
    return value is not None, type(value).__name__, value


class ActionCatalogue:
    """The fixed action indices of one game under one config, and a readable label for each."""

    def __init__(self, found: Survey, classes: Sequence[type[Command]]) -> None:
        self.labels: list[str] = []
        self._heads: dict[tuple[type[Command], tuple[Any, ...]], int] = {}
        self._ranked: dict[type[Command], int] = {}  # class -> its first index
        self._atoms: dict[Any, int] = {}
        self._paths: dict[Command, tuple[int, ...]] = {}  # listed commands' paths, computed once
        met = [kind for kind in classes if kind in found.values]
        met += sorted(set(found.values) - set(classes), key=lambda kind: kind.__name__)
        for kind in met:
            self._add_class(kind, found.scalar_names[kind], found.domains(kind))
        if found.combinations:
            for atom in sorted(found.atoms, key=_order):
                self._atoms[atom] = self._add(f"add {atom!r}")
        self.finish = self._add("finish") if self._atoms else -1
        self._unlisted = len(self.labels)
        self.labels += [f"unlisted #{rank}" for rank in range(MAX_LEGAL_COMMANDS)]
        self.unlisted_offered = 0  # commands offered through the unlisted block so far

    @property
    def size(self) -> int:
        return len(self.labels)

    def _add(self, label: str) -> int:
        self.labels.append(label)
        return len(self.labels) - 1

    def _add_class(self, kind: type[Command], names: tuple[str, ...], values: list[set[Any]]) -> None:
        if math.prod(len(seen) for seen in values) > LISTED_LIMIT:
            self._ranked[kind] = len(self.labels)
            self.labels += [f"{kind.__name__} #{rank}" for rank in range(MAX_LEGAL_COMMANDS)]
            return
        combined = [f"{item.name}=..." for item in dataclasses.fields(kind) if item.name not in names]
        for head in itertools.product(*(sorted(seen, key=_order) for seen in values)):
            fields = [f"{name}={value!r}" for name, value in zip(names, head, strict=True)] + combined
            self._heads[kind, head] = self._add(f"{kind.__name__}({', '.join(fields)})")

    def paths(self, legal: Iterable[Command]) -> list[Path]:
        """The index path of each legal command; ranked classes are numbered within this list."""
        found: list[Path] = []
        ranked: dict[int, list[Command]] = {}  # first index of a block -> its commands
        for command in legal:
            first = self._ranked.get(type(command))
            if first is not None:
                ranked.setdefault(first, []).append(command)
                continue
            path = self._paths.get(command)
            if path is None:
                path = self._listed_path(command)
                if path is None:
                    ranked.setdefault(self._unlisted, []).append(command)
                    self.unlisted_offered += 1
                    continue
                self._paths[command] = path
            found.append((path, command))
        for first, commands in ranked.items():
            in_order = sorted(commands, key=_rank_key)
            found += [((first + rank,), command) for rank, command in enumerate(in_order)]
        return found

    def _listed_path(self, command: Command) -> tuple[int, ...] | None:
        """The head's index, then each item's and FINISH after each tuple; None if the survey never met one."""
        head = self._heads.get((type(command), scalar_values(command)))
        if head is None:
            return None
        path = [head]
        for items in tuple_values(command):
            for item in items:
                atom = self._atoms.get(item)
                if atom is None:
                    return None
                path.append(atom)
            path.append(self.finish)
        return tuple(path)


class Choice:
    """One seat's decision in progress: the legal commands still matching the indices chosen so far."""

    def __init__(self, paths: list[Path], size: int) -> None:
        self._paths = paths
        self._depth = 0
        self._size = size
        self.chosen: list[int] = []
        self.options = {path[0] for path, _ in paths}

    def mask(self) -> np.ndarray:
        """1 for the indices legal now: set in a bytearray, which numpy then wraps (a few options each step,
        where a fancy index would first make an array of them, at twice the cost)."""
        mask = bytearray(self._size)
        for option in self.options:
            mask[option] = 1
        return np.frombuffer(mask, dtype=np.int8)

    def building(self) -> np.ndarray:
        """How often each index was chosen so far in this decision (the combination being built)."""
        if not self.chosen:  # most decisions: counting nothing costs ten times making the zeros
            return np.zeros(self._size, dtype=np.int16)
        return np.bincount(self.chosen, minlength=self._size).astype(np.int16)

    def choose(self, action: int) -> Command | None:
        """Take one step; the command once it is determined, else None (the seat chooses again)."""
        if action not in self.options:
            raise IllegalAction(f"action {action} is not legal now; choose one whose action_mask entry is 1")
        paths = [entry for entry in self._paths if entry[0][self._depth] == action]
        self.chosen.append(action)
        self._depth += 1
        while len(paths) > 1:
            following = {path[self._depth] for path, _ in paths}
            if len(following) > 1:
                self._paths, self.options = paths, following
                return None
            self.chosen.append(following.pop())
            self._depth += 1
        return paths[0][1]


@lru_cache(maxsize=1 << 16)
def _rank_key(command: Command) -> tuple[Any, ...]:
    """Where a command of a ranked class (or an unlisted one) stands among those offered with it: by class, then
    by its fields. Kept, as a ranked class offers the same few dozen commands decision after decision."""
    return (type(command).__name__, *map(_order, scalar_values(command) + tuple_values(command)))
