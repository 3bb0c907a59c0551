"""Turning a heuristic's score estimates into win chances, for searches that cut their playouts short
(the `Evaluator` of core/kernel.py)."""

from __future__ import annotations

import math
from collections.abc import Sequence


def win_chances(estimates: Sequence[float], spread: float) -> tuple[float, ...]:
    """Each seat's chance of winning: a softmax over its estimated final score.

    `spread` is how many points the estimates may still be off by: large, and the chances stay close to
    even; small, and the leader is all but sure to win.
    """
    top = max(estimates)
    weights = [math.exp((estimate - top) / spread) for estimate in estimates]
    total = sum(weights)
    return tuple(weight / total for weight in weights)
