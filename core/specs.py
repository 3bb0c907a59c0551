"""Player specs as typed on the command line: `[NAME=]name[:key=value,...]`, one per seat.

A spec says what plays (`llm:base_url=...,model=...`); an optional name in front (`gpt=llm:...`) says what
to call it in tables, files and plots. The two cannot be confused: a player's registered name never holds
`=`, so an `=` before the first `:` can only end a name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

NAME = re.compile(r"[\w.+#@-]+")  # what a player's name may hold: no separator of the spec (= : ,) nor space


@dataclass(frozen=True)
class PlayerSpec:
    name: str
    options: dict[str, str] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str) -> PlayerSpec:
        name, _, rest = text.strip().partition(":")
        if not name:
            raise ValueError(f"empty player name in spec {text!r}; write name[:key=value,...]")
        if "=" in name:
            raise ValueError(f"{text!r} gives a name before the player spec; this takes the spec alone")
        options: dict[str, str] = {}
        for item in filter(None, rest.split(",")):
            key, sep, value = item.partition("=")
            if not sep or not key.strip():
                raise ValueError(f"bad option {item!r} in player spec {text!r}; write key=value")
            options[key.strip()] = value.strip()
        return cls(name, options)

    def __str__(self) -> str:
        if not self.options:
            return self.name
        return self.name + ":" + ",".join(f"{key}={value}" for key, value in self.options.items())


@dataclass(frozen=True)
class NamedSpec:
    """A player as given with -p: a spec and, optionally, the name it goes by (`gpt=llm:model=...`)."""

    spec: PlayerSpec
    name: str | None = None

    @classmethod
    def parse(cls, text: str) -> NamedSpec:
        head = text.strip().partition(":")[0]
        if "=" not in head:
            return cls(PlayerSpec.parse(text))
        name, _, spec = text.strip().partition("=")
        name = name.strip()
        if not NAME.fullmatch(name):
            raise ValueError(
                f"bad player name {name!r} in {text!r}; a name is letters, digits and . + # @ - _ (e.g. gpt=llm:...)"
            )
        return cls(PlayerSpec.parse(spec), name)

    @property
    def label(self) -> str:
        """What tables, files and plots call the player: its name, or its spec when it has none."""
        return self.name or str(self.spec)

    def __str__(self) -> str:
        return f"{self.name}={self.spec}" if self.name else str(self.spec)


def seat_label(text: str) -> str:
    """The label of a player as stored (GameStarted.seats, a tournament's players); a seat recorded by other
    means than a spec (an imported replay may hold any text) is its own label."""
    try:
        return NamedSpec.parse(text).label
    except ValueError:
        return text
