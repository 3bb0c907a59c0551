"""What a game's commands and views look like, learnt from seeded random games on its kernel.

The environments need fixed spaces, but a game declares only its command classes and its view model, not
which values their fields take. The survey plays `games` random games per config (seeds 0 to games - 1,
straight on the kernel, as search players do) and notes every legal command offered and the shape of the
views met. The same game, config and number of games always give the same survey, so the action indices and
observation slots built from it keep their meaning from run to run.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from pydantic import BaseModel

from meeplog.core.kernel import Command, Rules
from meeplog.players.environments.shapes import Shape

SURVEY_GAMES = 30
VIEW_STRIDE = 20  # a view is read every this many decisions (reading one costs more than a kernel step)
MAX_DECISIONS = 100_000  # a game that runs longer is a broken kernel; the survey says so


@dataclass
class Survey:
    """Every field value met per command class, and the shape of the views met."""

    values: dict[type[Command], list[set[Any]]] = field(default_factory=dict)  # class -> per scalar field
    scalar_names: dict[type[Command], tuple[str, ...]] = field(default_factory=dict)
    combinations: set[type[Command]] = field(default_factory=set)  # classes with tuple fields
    atoms: set[Any] = field(default_factory=set)  # every value any field held, tuple fields' items included
    views: Shape = field(default_factory=Shape)
    commands: set[Command] = field(default_factory=set)
    growing: dict[type[Command], set[int]] = field(default_factory=dict)  # fields still meeting new values late

    def domains(self, kind: type[Command]) -> list[set[Any]]:
        """The values each scalar field of `kind` may take: those it met, or, for a field that still met new
        values in the second half of the survey, every value of the same types that any command held."""
        growing = self.growing.get(kind, set())
        return [
            {atom for atom in self.atoms if type(atom) in {type(value) for value in seen}} if index in growing else seen
            for index, seen in enumerate(self.values[kind])
        ]

    def _sizes(self) -> dict[type[Command], list[int]]:
        return {kind: [len(seen) for seen in per_field] for kind, per_field in self.values.items()}

    def note_command(self, command: Command) -> None:
        if command in self.commands:
            return
        self.commands.add(command)
        kind = type(command)
        scalars = scalar_values(command)
        per_field = self.values.get(kind)
        if per_field is None:
            per_field = self.values[kind] = [set() for _ in scalars]
            self.scalar_names[kind] = scalar_names(command)
            if tuple_values(command):
                self.combinations.add(kind)
        for seen, value in zip(per_field, scalars, strict=True):
            seen.add(value)
        self.atoms.update(scalars)
        for items in tuple_values(command):
            self.atoms.update(items)


def scalar_values(command: Command) -> tuple[Any, ...]:
    """The values of a command's fields that are not tuples, in declaration order."""
    return tuple(value for value in _field_values(command) if not isinstance(value, tuple))


def scalar_names(command: Command) -> tuple[str, ...]:
    fields = dataclasses.fields(command)
    return tuple(item.name for item in fields if not isinstance(getattr(command, item.name), tuple))


def tuple_values(command: Command) -> tuple[tuple[Any, ...], ...]:
    """The values of a command's tuple fields (its combinations), in declaration order."""
    return tuple(value for value in _field_values(command) if isinstance(value, tuple))


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}  # a command class's field names, in declaration order


def _field_values(command: Command) -> Iterator[Any]:
    kind = type(command)
    names = _FIELD_NAMES.get(kind)
    if names is None:  # once per class: dataclasses.fields costs more than the rest of a command's reading
        names = _FIELD_NAMES[kind] = tuple(item.name for item in dataclasses.fields(command))
    return (getattr(command, name) for name in names)


def survey(rules: Rules[Any, Any], config: BaseModel, games: int = SURVEY_GAMES) -> Survey:
    """The survey of `games` random games of `rules` under `config`, made once per process."""
    return _survey(rules, config.model_dump_json(), games)


@cache
def _survey(rules: Rules[Any, Any], config_json: str, games: int) -> Survey:
    config = rules.Config.model_validate_json(config_json)
    found = Survey()
    halfway: dict[type[Command], list[int]] = {}
    for seed in range(games):
        if seed == games // 2:
            halfway = found._sizes()
        rng = random.Random(seed)
        state = rules.setup(config, random.Random(seed))
        for decisions in range(MAX_DECISIONS):
            pending = rules.pending(state)
            if pending.over:
                break
            chosen = []
            for seat in pending.seats:
                legal = rules.legal(state, seat)
                for command in legal:
                    found.note_command(command)
                chosen.append((seat, rng.choice(legal)))
                if (decisions + seed) % VIEW_STRIDE == 0:  # each game reads from its own offset: short games too
                    found.views.note(rules.view(state, seat).model_dump())
            for seat, command in chosen:
                rules.apply(state, seat, command, rng)
        else:
            raise RuntimeError(f"{rules.title} did not end within {MAX_DECISIONS} random decisions (seed {seed})")
    for kind, sizes in found._sizes().items():
        before = halfway.get(kind, [0] * len(sizes))
        found.growing[kind] = {index for index, size in enumerate(sizes) if size != before[index]}
    return found
