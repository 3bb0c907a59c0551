"""Plackett-Luce ratings of one game's results, or of all games at once with each game weighing the same.

Across games, one strength per player is fitted to every game's results, each game's results weighted by
N / (G · n_g) (n_g its rated games, N all of them, G the number of games): each game then weighs N / G whatever
its number of games, and the total stays N, so the prior weighs as little as in a single game's fit. Each
bootstrap replicate is weighted the same way from its own counts. Fits are warm-started from the previous fit of
the same players, which is what keeps a followed leaderboard cheap.

Ratings are on the Elo scale: 1000 + 400·log10(s / the players' geometric mean), so a 400-point lead is 10:1 odds
of finishing ahead in a two-seat game.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from meeplog.core.leaderboard.bootstrap import intervals
from meeplog.core.leaderboard.plackett_luce import Design, Pattern, design, fit
from meeplog.core.leaderboard.tally import GameTally

REPLICATE_TOLERANCE = 1e-4  # a replicate's fit stops within 0.02 Elo points: its spread is a thousand times that
ELO_BASE = 1000.0
ELO_PER_LOG = 400 / math.log(10)

Floats = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Fitted:
    players: tuple[int, ...]  # the players fitted (global indices), in the order of the arrays
    point: Floats  # centred log-strengths
    replicates: Floats  # replicates by players

    def ratings(self) -> dict[int, tuple[float, float, float]]:
        """Each player's rating with its bootstrap 95% interval, on the Elo scale."""
        low, high = intervals(self.replicates) if len(self.replicates) else (self.point, self.point)
        return {player: (elo(self.point[i]), elo(low[i]), elo(high[i])) for i, player in enumerate(self.players)}


def elo(log_strength: float) -> float:
    return ELO_BASE + ELO_PER_LOG * float(log_strength)


class Strengths:
    """Fits sections of the leaderboard, remembering each section's last fit to start the next one from, and its
    design until a new distinct result appears."""

    def __init__(self) -> None:
        self._last: dict[str, tuple[tuple[int, ...], Fitted]] = {}  # with the rated games of each tally fitted
        self._designs: dict[str, tuple[tuple[int, ...], tuple[int, ...], Design]] = {}

    def fitted(self, section: str, tallies: Sequence[GameTally]) -> Fitted | None:
        """The fit of `tallies`' rated games (one game's, or several weighed alike); None without any."""
        tallies = [tally for tally in tallies if tally.counts]
        if not tallies:
            return None
        rated = tuple(tally.rated for tally in tallies)
        kept = self._last.get(section)
        if kept is not None and kept[0] == rated:
            return kept[1]
        players, plan = self._design(section, tallies)
        point_weights, replicate_weights = _weights(tallies)
        last = kept[1] if kept else None
        start = last if last and last.players == players and len(last.replicates) == len(replicate_weights) else None
        point = fit(plan, point_weights, None if start is None else start.point[None])[0]
        replicates = np.empty((0, len(players)))
        if len(replicate_weights):
            begin = np.repeat(point[None], len(replicate_weights), axis=0) if start is None else start.replicates
            replicates = fit(plan, replicate_weights, begin, REPLICATE_TOLERANCE)
        fitted = Fitted(players, point, replicates)
        self._last[section] = (rated, fitted)
        return fitted

    def _design(self, section: str, tallies: Sequence[GameTally]) -> tuple[tuple[int, ...], Design]:
        """The players and the design of the tallies' distinct results, made again only when one was added."""
        sizes = tuple(len(tally.counts) for tally in tallies)
        kept = self._designs.get(section)
        if kept is not None and kept[1] == sizes:
            return kept[0], kept[2]
        players = tuple(sorted({p for tally in tallies for key in tally.patterns for group in key for p in group}))
        local = {player: i for i, player in enumerate(players)}
        patterns: list[Pattern] = [
            tuple(tuple(local[p] for p in group) for group in key) for tally in tallies for key in tally.patterns
        ]
        plan = design(patterns, len(players))
        self._designs[section] = (players, sizes, plan)
        return players, plan


def _weights(tallies: Sequence[GameTally]) -> tuple[Floats, Floats]:
    """Each pattern's weight, in the fit and in every replicate, each game's weighed to N / G in a fit of several."""
    counts = [np.array(tally.counts, dtype=np.float64) for tally in tallies]
    replicates = [np.array(tally.replicate_counts, dtype=np.float64).T for tally in tallies]  # replicates by patterns
    if len(tallies) > 1:
        counts = _equalised(counts)
        replicates = [part.T for part in _equalised([part.T for part in replicates])]
    return np.concatenate(counts)[None, :], np.concatenate(replicates, axis=1)


def _equalised(parts: list[Floats]) -> list[Floats]:
    """Scale each part (patterns first) so that every part sums to the mean of their sums (per column, if 2-D)."""
    sums = [part.sum(axis=0) for part in parts]
    mean = sum(sums) / len(parts)
    return [part * (mean / np.maximum(total, 1e-12)) for part, total in zip(parts, sums, strict=True)]
