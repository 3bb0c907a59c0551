"""What the leaderboard keeps of one game's results (one kind of game: forest, hike...), folded game by game.

Rated results are kept as distinct rankings (patterns) with how often each occurred, and with each replicate's
Poisson-drawn count (core/leaderboard/bootstrap.py): a fit costs the number of distinct rankings, not of games.
Beside them, per player its rated games, wins (a tie for first splits the win), ranks and the games counted apart,
a player at two seats of a game (a bot against itself, never a person: a table refuses one name at two seats)
counting one game, with its seats' wins and their mean rank;
per table size each seat's wins (the first seat's advantage); and each pair's head-to-head record.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from meeplog.core.leaderboard.bootstrap import Resampler
from meeplog.core.leaderboard.head_to_head import Pairs
from meeplog.core.leaderboard.plackett_luce import Pattern

FALLBACK, FORFEIT, FORKED = "fallback", "forfeit", "forked"  # why a game is counted apart


@dataclass
class PlayerTally:
    games: int = 0  # rated games
    wins: float = 0.0
    ranks: float = 0.0
    apart: Counter[str] = field(default_factory=Counter)  # games counted apart, by why, that this player's seat caused


@dataclass
class SeatTally:
    """The rated games played at one table size, and each seat's wins in them."""

    games: int = 0
    wins: list[float] = field(default_factory=list)


@dataclass(frozen=True)
class Outcome:
    """What one result adds, worked out once for every game with the same players in the same seats and ranks."""

    pattern: Pattern
    wins: tuple[float, ...]  # by seat: 1 / the number of winners for a winner, else 0
    scores: dict[tuple[int, int], float]  # head to head
    players: tuple[tuple[int, float, float], ...]  # each player once: its mean rank and its wins over its seats


def pattern(players: Sequence[int], ranks: Sequence[int]) -> Pattern:
    """A result as the fit reads it: the players grouped by rank, best first, each group in a fixed order."""
    groups: defaultdict[int, list[int]] = defaultdict(list)
    for player, rank in zip(players, ranks, strict=True):
        groups[rank].append(player)
    return tuple(tuple(sorted(groups[rank])) for rank in sorted(groups))


def _outcome(players: Sequence[int], ranks: Sequence[int]) -> Outcome:
    winners = sum(rank == 1 for rank in ranks)
    wins = tuple(1 / winners if rank == 1 else 0.0 for rank in ranks)
    seats: defaultdict[int, list[int]] = defaultdict(list)
    for seat, player in enumerate(players):
        seats[player].append(seat)
    each = tuple((player, sum(ranks[s] for s in held) / len(held), sum(wins[s] for s in held))
                 for player, held in seats.items())
    return Outcome(pattern(players, ranks), wins, Pairs.scores(players, ranks), each)


class GameTally:
    def __init__(self, game: str, replicates: int, seed: int) -> None:
        self.game = game
        self.patterns: dict[Pattern, int] = {}
        self.counts: list[int] = []
        self.replicate_counts: list[npt.NDArray[np.int64]] = []
        self.resampler = Resampler(game, replicates, seed)
        self.players: defaultdict[int, PlayerTally] = defaultdict(PlayerTally)
        self.seats: defaultdict[int, SeatTally] = defaultdict(SeatTally)
        self.pairs = Pairs()
        self.rated = 0
        self.apart: Counter[str] = Counter()
        self._outcomes: dict[tuple[tuple[int, ...], tuple[int, ...]], Outcome] = {}

    def rate(self, players: Sequence[int], ranks: Sequence[int]) -> None:
        """A game that counts: `players` and `ranks` by seat."""
        key = (tuple(players), tuple(ranks))
        outcome = self._outcomes.get(key) or self._outcomes.setdefault(key, _outcome(players, ranks))
        self.rated += 1
        index = self.patterns.get(outcome.pattern)
        draws = self.resampler.draw()
        if index is None:
            index = self.patterns[outcome.pattern] = len(self.counts)
            self.counts.append(0)
            self.replicate_counts.append(np.zeros_like(draws))
        self.counts[index] += 1
        self.replicate_counts[index] += draws
        table = self.seats[len(players)]
        if not table.wins:
            table.wins = [0.0] * len(players)
        table.games += 1
        for seat, won in enumerate(outcome.wins):
            table.wins[seat] += won
        for player, rank, won in outcome.players:  # a player at two seats (a bot against itself) played one game
            tally = self.players[player]
            tally.games += 1
            tally.ranks += rank
            tally.wins += won
        self.pairs.add(outcome.scores)

    def count_apart(self, why: str, players: Sequence[int], culprits: Sequence[int]) -> None:
        """A game that rates nobody, and the seats that made it so (none for a forked game)."""
        self.apart[why] += 1
        for player in players:  # every player seated is listed, rated or not
            self.players.setdefault(player, PlayerTally())
        for player in {players[seat] for seat in culprits}:
            self.players[player].apart[why] += 1
