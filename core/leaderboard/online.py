"""openskill's Plackett-Luce rating, online: each game updates its players' ratings once, in the order stored.

Per kind of game, as the tournament standings rate (core/tournament/standings.py). Across games openskill has no
way to weigh each game alike, so a player's overall rating is the mean of its ratings in the games it played (each
game weighs the same), with the uncertainty of that mean: sqrt(Σσ²) / k. The interval is mu ± 1.96 sigma.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

Z95 = 1.959964


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """mu - 3 sigma: the conservative rating openskill ranks by."""
        return self.mu - 3 * self.sigma

    @property
    def low(self) -> float:
        return self.mu - Z95 * self.sigma

    @property
    def high(self) -> float:
        return self.mu + Z95 * self.sigma


class OnlineRatings:
    """One kind of game's openskill ratings."""

    def __init__(self) -> None:
        self.model = PlackettLuce()
        self.ratings: dict[int, PlackettLuceRating] = {}

    def rate(self, players: Sequence[int], ranks: Sequence[int]) -> None:
        """One rated game. A player seated twice is updated from its first seat, as one rating cannot sit twice."""
        seated = [self.ratings.get(player) or self.model.rating() for player in players]
        updated = self.model.rate([[rating] for rating in seated], ranks=list(ranks))
        for player, team in reversed(list(zip(players, updated, strict=True))):
            self.ratings[player] = team[0]

    def skills(self) -> dict[int, Skill]:
        return {player: Skill(rating.mu, rating.sigma) for player, rating in self.ratings.items()}


def mean_skill(skills: Sequence[Skill]) -> Skill:
    """A player's rating across the games it played, each game weighing the same."""
    count = len(skills)
    return Skill(sum(s.mu for s in skills) / count, math.sqrt(sum(s.sigma**2 for s in skills)) / count)
