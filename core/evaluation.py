"""What a game offers searches that cut their playouts short: win chances from score estimates."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Evaluator(Protocol):
    """What a game's heuristic offers to cut playouts short: each seat's expected reward in [0, 1]."""

    def evaluate(self, state: Any) -> Sequence[float]: ...


def win_chances(estimates: Sequence[float], spread: float) -> tuple[float, ...]:
    """Each seat's chance of winning: a softmax over its estimated final score.

    `spread` is how many points the estimates may still be off by: large, and the chances stay close to
    even; small, and the leader is all but sure to win.
    """
    top = max(estimates)
    weights = [math.exp((estimate - top) / spread) for estimate in estimates]
    total = sum(weights)
    return tuple(weight / total for weight in weights)
