"""Rules.apply for a game that decides a command's events first and folds them after, compiled (core/compiled.py).

The default `Rules.apply` in meeplog.core.kernel does the same, but meeplog.core.kernel is interpreted: its frame
and the method lookups of `decide` and `evolve` cost Old Man and Trekking a twentieth of a step or more. Their
rules classes, which are compiled, call this with their own module functions, and get half of that back:
compiled code calls a function it is handed through its Python entry point (a copy of this loop in each class
got it all back, as twins).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

Decide = Callable[[Any, int, Any, random.Random], list[Any]]
Evolve = Callable[[Any, Any], None]


def decide_then_fold(decide: Decide, evolve: Evolve, state: Any, seat: int, command: Any, *,
                     rng: random.Random) -> list[Any]:
    """The events `decide` gives, each folded into `state` by `evolve`, in order."""
    events = decide(state, seat, command, rng)
    for event in events:
        evolve(state, event)
    return events
