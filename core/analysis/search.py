"""The search the analysis asks to value a decision's commands, found through an entry point, never imported.

The core knows no player (DESIGN.md section 1), and the search that values commands is the players' ISMCTS. So
the players package registers it under the entry-point group `meeplog.analysers` (pyproject.toml), as games and
players are registered, and the scorer looks it up by name: a third party could register another search the
same way. The contract is `CommandSearch`: from the deciding seat's information only (the state it is given may
be handed to `Rules.sample` for that seat and to nothing else), each legal command's simulations, mean final rank
and mean final score for the seat, and the command the search would play.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from meeplog.core.kernel import Command, Rules
from meeplog.core.registry import UnknownName, load_object, registered

ANALYSERS_GROUP = "meeplog.analysers"
DEFAULT_SEARCH = "ismcts"


@dataclass(frozen=True)
class Tried:
    """What the simulations through one command gave the seat, on average."""

    visits: int
    rank: float
    score: float


@dataclass(frozen=True)
class Searched:
    """A decision's commands as the search valued them (those it tried), and the one it would play."""

    values: dict[Command, Tried]
    best: Command


class CommandSearch(Protocol):
    def __call__(self, rules: Rules[Any, Any], state: Any, seat: int, legal: Sequence[Command], *,
                 sims: int, rng: random.Random) -> Searched: ...


@cache
def load_search(name: str = DEFAULT_SEARCH) -> CommandSearch:
    """The search registered as `name`; one line naming what to install when there is none."""
    target = registered(ANALYSERS_GROUP).get(name)
    if target is None:
        raise UnknownName(f"no analysis search {name!r} is installed (entry points {ANALYSERS_GROUP!r}); "
                          "reinstall meeplog (pip install -e .) so its players register ISMCTS")
    search: CommandSearch = load_object(target, f"analysis search {name!r}")
    return search
