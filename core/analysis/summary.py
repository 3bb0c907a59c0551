"""Mean loss per decision for each player, over analysed games, with a 95% interval: a second skill measure.

A chain of a seat's own small decisions (Rules.continues) counts as one decision whose loss is the sum of its
steps' (each step is measured against the best continuation from there, so the sum is the chain's loss
against the best whole chain). The decisions of one game are not independent, so the interval is the
ratio estimator's, clustered by game: the spread of each game's loss total about what its decision count
predicts, not the spread of single decisions. The sums are exact (math.fsum), so the figures do not depend on
the order the analyses come in (workers finish in any order; a read-back lists them by store order).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from meeplog.core.analysis.events import SeatLoss

if TYPE_CHECKING:
    from meeplog.core.analysis.record import Analysis

Z95 = 1.959964


@dataclass(frozen=True)
class MeanLoss:
    """Mean loss per decision in expected final rank, with its 95% interval (None from one game)."""

    mean: float
    low: float | None
    high: float | None
    games: int
    decisions: int


@dataclass(frozen=True)
class PlayerLoss:
    """One player's losses: per decision, in expected final rank (with its interval) and in expected score."""

    player: str
    games: int
    decisions: int
    blunders: int
    rank_loss: float | None  # None: no decision of its analysed games had a choice
    low: float | None  # the 95% interval of rank_loss; None from one game
    high: float | None
    score_loss: float | None


def per_game(analysis: Analysis) -> SeatLoss:
    """One seat's game, its chains merged: decisions, loss totals and blunders."""
    chains: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for scored in analysis.scored:
        chain = chains[scored.chain]
        chain[0] += scored.loss_rank
        chain[1] += scored.loss_score
    blunders = sum(1 for scored in analysis.scored if scored.blunder)
    return SeatLoss(len(chains), sum(c[0] for c in chains.values()), sum(c[1] for c in chains.values()), blunders)


def mean_loss(games: Sequence[SeatLoss]) -> MeanLoss | None:
    """The mean loss per decision over a player's analysed games; None without a decision to average."""
    count = sum(game.decisions for game in games)
    if not count:
        return None
    mean = math.fsum(game.rank for game in games) / count
    error = clustered_error(mean, [(game.rank, game.decisions) for game in games])
    low, high = (None, None) if error is None else (max(0.0, mean - Z95 * error), mean + Z95 * error)
    return MeanLoss(mean, low, high, len(games), count)


def summarise(analyses: Iterable[Analysis]) -> list[PlayerLoss]:
    """Each player's mean loss per decision over the analyses given, smallest first (players without one last)."""
    games: dict[str, list[SeatLoss]] = defaultdict(list)
    for analysis in analyses:
        games[analysis.head.player].append(per_game(analysis))
    rows = []
    for player, played in games.items():
        blunders = sum(game.blunders for game in played)
        found = mean_loss(played)
        if found is None:
            rows.append(PlayerLoss(player, len(played), 0, blunders, None, None, None, None))
            continue
        score = math.fsum(game.score for game in played) / found.decisions
        rows.append(PlayerLoss(player, len(played), found.decisions, blunders, found.mean, found.low, found.high,
                               score))
    return sorted(rows, key=lambda row: (row.rank_loss is None, row.rank_loss or 0.0, row.player))


def clustered_error(mean: float, totals: list[tuple[float, int]]) -> float | None:
    """The standard error of a mean per decision from per-game (loss total, decisions); None from one game."""
    clusters, count = len(totals), sum(n for _, n in totals)
    if clusters < 2 or not count:
        return None
    spread = math.fsum((total - mean * n) ** 2 for total, n in totals)
    return math.sqrt(clusters / (clusters - 1) * spread) / count
