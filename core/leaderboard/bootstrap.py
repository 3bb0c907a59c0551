"""Bootstrap 95% intervals, drawn game by game: the Poisson bootstrap, so a followed leaderboard never redraws.

The classic bootstrap draws n games out of n with replacement, which must start over when a game is added. The
Poisson bootstrap (Hanley & MacGibbon 2006; Chamandy et al. 2012) gives each game, in each of REPLICATES
replicates, a weight drawn from Poisson(1) as the game arrives: the same resampling in the limit, and a replicate's
counts only grow. Each game's kind draws from its own generator, seeded from SEED and the game's name, in the order
the store holds its games: the same store gives the same intervals whether it was read at once or followed game by
game, and resampling stays within each game (a stratified bootstrap), so a fit across games keeps their weights.

An interval is the 2.5th and 97.5th percentiles of a player's centred log-strength over the replicates.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

REPLICATES = 200
DRAWN_AHEAD = 512  # games whose weights are drawn at once: the same numbers as one game at a time, drawn faster
SEED = 36  # the issue that asked for the leaderboard: any fixed number makes the intervals reproducible
LEVEL = 0.95

Floats = npt.NDArray[np.float64]


class Resampler:
    """The replicates' weights of one kind of game's results, drawn one game at a time."""

    def __init__(self, stratum: str, replicates: int = REPLICATES, seed: int = SEED) -> None:
        digest = int.from_bytes(hashlib.sha256(stratum.encode()).digest()[:8], "big")
        self.replicates = replicates
        self._generator = np.random.default_rng([seed, digest])
        self._ahead = np.empty((0, replicates), dtype=np.int64)
        self._ahead_from: Mapping[str, Any] | None = None  # the generator's state before it drew `_ahead`
        self._next = 0

    def draw(self) -> npt.NDArray[np.int64]:
        """The next game's weight in each replicate."""
        if self._next == len(self._ahead):
            self._ahead_from = self._generator.bit_generator.state
            self._ahead, self._next = self._generator.poisson(1.0, (DRAWN_AHEAD, self.replicates)), 0
        self._next += 1
        return self._ahead[self._next - 1]

    def position(self) -> str:
        """Where the draws stand, as text (the generator's state holds integers too long for JSON numbers)."""
        return json.dumps({"ahead_from": self._ahead_from, "next": self._next})

    def resume(self, position: str) -> None:
        """Draw on from a `position`: the games after it get the weights they would have had."""
        saved = json.loads(position)
        if saved["ahead_from"] is not None:
            self._generator.bit_generator.state = saved["ahead_from"]
            self._ahead_from = saved["ahead_from"]
            self._ahead = self._generator.poisson(1.0, (DRAWN_AHEAD, self.replicates))
            self._next = saved["next"]


def intervals(replicates: Floats, level: float = LEVEL) -> tuple[Floats, Floats]:
    """Each column's percentile interval over the replicates (the rows)."""
    tail = 100 * (1 - level) / 2
    low, high = np.percentile(replicates, [tail, 100 - tail], axis=0)
    return low, high
