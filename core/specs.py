"""Player specs as typed on the command line: `name[:key=value,...]`, one per seat."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class PlayerSpec:
    name: str
    options: dict[str, str] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str) -> PlayerSpec:
        name, _, rest = text.strip().partition(":")
        if not name:
            raise ValueError(f"empty player name in spec {text!r}; write name[:key=value,...]")
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
