"""Results drawn from the Plackett-Luce model itself, with set strengths: what the fit must recover."""

from __future__ import annotations

import numpy as np

from meeplog.core.leaderboard.bootstrap import REPLICATES, SEED
from meeplog.core.leaderboard.tally import GameTally


def ranks_of(strengths: np.ndarray, seated: list[int], rng: np.random.Generator) -> list[int]:
    """Each seat's rank in a game whose places are drawn one after another, each with odds its player's strength."""
    left = list(range(len(seated)))
    ranks = [0] * len(seated)
    for place in range(1, len(seated) + 1):
        odds = np.array([strengths[seated[seat]] for seat in left])
        seat = left.pop(int(rng.choice(len(left), p=odds / odds.sum())))
        ranks[seat] = place
    return ranks


def simulated_tally(
    log_strengths: np.ndarray, games: int, seats: int, seed: int, *, name: str = "game", replicates: int = REPLICATES
) -> GameTally:
    """`games` games of `seats` players drawn at random among the players, results drawn from the model."""
    rng = np.random.default_rng(seed)
    strengths = np.exp(log_strengths)
    tally = GameTally(name, replicates, SEED + seed)
    for _ in range(games):
        seated = [int(p) for p in rng.choice(len(strengths), seats, replace=False)]
        tally.rate(seated, ranks_of(strengths, seated, rng))
    return tally
