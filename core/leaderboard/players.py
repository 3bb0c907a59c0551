"""Who a seat was: a player is its name and its whole spec, so the same bot with other settings is another player.

A seat as stored (GameStarted.seats) reads `[NAME=]name[:key=value,...]`; its identity is that text with the
options in sorted order (`mcts:c=1.4,sims=30` and `mcts:sims=30,c=1.4` are one player), every option kept: a
seed, a model, a prompt setting or a time budget makes another player. A name given to two specs is flagged and
never merged: both are shown, each labelled with its spec. A seat that is no spec (an imported replay may hold any
text) is its own identity.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from meeplog.core.specs import NamedSpec, PlayerSpec


def identity(seat: str) -> tuple[str, str | None, str]:
    """The seat's identity text, the name it was given (None without one), and its spec in canonical form."""
    try:
        named = NamedSpec.parse(seat)
    except ValueError:
        return seat, None, seat
    spec = str(PlayerSpec(named.spec.name, dict(sorted(named.spec.options.items()))))
    return (f"{named.name}={spec}" if named.name else spec), named.name, spec


@dataclass
class Players:
    """Every player met so far, numbered in order of appearance (a fit's player index)."""

    identities: list[str] = field(default_factory=list)
    names: list[str | None] = field(default_factory=list)
    specs: list[str] = field(default_factory=list)
    _index: dict[str, int] = field(default_factory=dict)
    _seats: dict[str, int] = field(default_factory=dict)  # a seat's text as stored, to its player: read once
    _specs_of_name: defaultdict[str, set[str]] = field(default_factory=lambda: defaultdict(set))

    @classmethod
    def restored(cls, identities: list[str], names: list[str | None], specs: list[str]) -> Players:
        """The players a view saved (core/leaderboard/saved.py), in the same order."""
        players = cls(identities, names, specs)
        players._index = {text: index for index, text in enumerate(identities)}
        for name, spec in zip(names, specs, strict=True):
            if name is not None:
                players._specs_of_name[name].add(spec)
        return players

    def of(self, seat: str) -> int:
        found = self._seats.get(seat)
        if found is None:
            text, name, spec = identity(seat)
            found = self._index.get(text)
            if found is None:
                found = self._index[text] = len(self.identities)
                self.identities.append(text)
                self.names.append(name)
                self.specs.append(spec)
                if name is not None:
                    self._specs_of_name[name].add(spec)
            self._seats[seat] = found
        return found

    def find(self, seat: str) -> int | None:
        """The player a seat's text names, if met already (never a new one)."""
        found = self._seats.get(seat)
        return found if found is not None else self._index.get(identity(seat)[0])

    def label(self, player: int) -> str:
        """The player's name, or its spec without one; a name given to two specs is followed by its spec."""
        name = self.names[player]
        if name is None:
            return self.specs[player]
        return self.identities[player] if len(self._specs_of_name[name]) > 1 else name

    def flagged(self) -> dict[str, list[str]]:
        """Each name given to more than one spec, with its specs: they are kept apart as different players."""
        return {name: sorted(specs) for name, specs in sorted(self._specs_of_name.items()) if len(specs) > 1}
