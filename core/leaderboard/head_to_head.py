"""Head to head: how often A finished ahead of B in the games they both played, with Wilson's 95% interval.

A tie between the two counts half. A player seated twice in a game (the same spec in two seats) meets each
opponent once in it, with the mean of its seats' results; it never meets itself.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from meeplog.core.tournament.standings import wilson


@dataclass(frozen=True)
class HeadToHead:
    player: str
    opponent: str
    games: int
    win_rate: float  # the player's share of the games, a tie counting half
    low: float
    high: float


@dataclass
class Pairs:
    """Each pair of players' games and the first's wins over the second, the lower index first."""

    met: defaultdict[tuple[int, int], list[float]] = field(default_factory=lambda: defaultdict(lambda: [0, 0.0]))

    def add(self, scores: dict[tuple[int, int], float]) -> None:
        """One game's `scores` (as `scores` gives them)."""
        for pair, score in scores.items():
            tally = self.met[pair]
            tally[0] += 1
            tally[1] += score

    @staticmethod
    def scores(players: Sequence[int], ranks: Sequence[int]) -> dict[tuple[int, int], float]:
        """Each pair's result in one game (`players` and `ranks` by seat): the lower index's score against the other."""
        results: defaultdict[tuple[int, int], list[float]] = defaultdict(list)
        for first, second in itertools.combinations(zip(players, ranks, strict=True), 2):
            if first[0] == second[0]:
                continue
            (a, rank_a), (b, rank_b) = sorted((first, second))
            results[a, b].append(1.0 if rank_a < rank_b else 0.5 if rank_a == rank_b else 0.0)
        return {pair: sum(found) / len(found) for pair, found in results.items()}

    def merged(self, others: Iterable[Pairs]) -> Pairs:
        """These pairs' games and those of `others`, pooled."""
        pooled = Pairs()
        for pairs in (self, *others):
            for pair, (games, wins) in pairs.met.items():
                pooled.met[pair][0] += games
                pooled.met[pair][1] += wins
        return pooled

    def rows(self, label: Sequence[str], order: Sequence[int]) -> list[HeadToHead]:
        """Every pair once, the player placed higher in `order` (players best first) as the first."""
        place = {player: rank for rank, player in enumerate(order)}
        placed = []
        for pair, (games, wins) in self.met.items():
            a, b = sorted(pair, key=lambda player: place.get(player, len(place)))
            won = wins if a == pair[0] else games - wins
            low, high = wilson(won, int(games))
            row = HeadToHead(label[a], label[b], int(games), won / games, low, high)
            placed.append((place.get(a, len(place)), place.get(b, len(place)), row))
        return [row for *_, row in sorted(placed, key=lambda item: item[:2])]
