"""Plackett-Luce strengths by maximum likelihood: Hunter's MM algorithm (2004), vectorised over bootstrap replicates.

A game's result is a ranking; Plackett-Luce reads it as successive choices: the winner is chosen among all seats
with probability s_winner / Σs, the second among those left, and so on (with two seats it is Bradley-Terry). Each
MM step sets s_i = W_i / Σ_stages w / Σ_{k in stage} s_k (W_i: i's weighted wins; the sum over the stages i is in),
which never lowers the likelihood, then centres the log-strengths; it stops when none moves by TOLERANCE.

- **Ties.** A group of tied seats has no order; it is read as every rotation of the group and of its reverse, each
  with an equal share of the game's weight, so every tied pair is ordered each way equally often.
- **A weak prior.** A player who won every game has an infinite maximum-likelihood strength. Each player is given
  PRIOR_GAMES virtual wins and as many losses against an anchor of the average strength: every estimate stays
  finite, and the prior weighs next to a few dozen real games as little as PRIOR_GAMES draws with the average.
- **Weights.** Every distinct ranking (a pattern) is fitted once with its weight: how often it occurred, times the
  weight of its game in a fit across games, in each bootstrap replicate its own (core/leaderboard/bootstrap.py).

Strengths are returned as log-strengths centred on the mean of the fitted players, per replicate.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Pattern = tuple[tuple[int, ...], ...]
"""A game's result: the players (indices) grouped by rank, best first; a group of more than one is a tie."""

PRIOR_GAMES = 1.0
TOLERANCE = 1e-7  # the largest change of a log-strength at which the fit stops
MAX_STEPS = 20_000

Floats = npt.NDArray[np.float64]


def orderings(pattern: Pattern) -> list[tuple[tuple[int, ...], float]]:
    """The strict orders a pattern stands for, each with its share: one for a result without ties."""
    choices = [_tie_orders(group) for group in pattern]
    share = 1.0 / math.prod(len(choice) for choice in choices)
    return [(tuple(itertools.chain.from_iterable(parts)), share) for parts in itertools.product(*choices)]


def _tie_orders(group: tuple[int, ...]) -> list[tuple[int, ...]]:
    if len(group) == 1:
        return [group]
    backwards = group[::-1]
    rotations = [group[k:] + group[:k] for k in range(len(group))]
    return rotations + [backwards[k:] + backwards[:k] for k in range(len(group))]


@dataclass(frozen=True)
class Design:
    """The choices of a set of patterns, as flat arrays: each stage (one choice) with its pattern, share and chosen
    player; each member of a stage with its stage; stages grouped contiguously, members too (for reduceat)."""

    players: int  # the anchor is player `players`, after the real ones
    stage_pattern: npt.NDArray[np.intp]  # the pattern of each real stage, whose weight it takes (times its share)
    stage_share: Floats
    stage_chosen: npt.NDArray[np.intp]
    member_player: npt.NDArray[np.intp]
    stage_starts: npt.NDArray[np.intp]  # where each stage's members begin in member_player
    by_chosen: npt.NDArray[np.intp]  # the stages' order grouped by the player chosen
    chosen_starts: npt.NDArray[np.intp]  # where each player's choices begin in by_chosen, the anchor's last
    by_player: npt.NDArray[np.intp]  # member_player's order grouped by player
    player_starts: npt.NDArray[np.intp]  # where each player's memberships begin in by_player, the anchor's last


def design(patterns: Sequence[Pattern], players: int) -> Design:
    """The stages of every pattern's orders, then each player's two virtual games against the anchor."""
    anchor = players
    stage_pattern: list[int] = []
    stage_share: list[float] = []
    chosen: list[int] = []
    members: list[int] = []
    starts: list[int] = []
    for index, pattern in enumerate(patterns):
        for order, share in orderings(pattern):
            for position in range(len(order) - 1):
                stage_pattern.append(index)
                stage_share.append(share)
                chosen.append(order[position])
                starts.append(len(members))
                members.extend(order[position:])
    for player in range(players):  # a virtual win then a virtual loss against the anchor
        for winner, loser in ((player, anchor), (anchor, player)):
            chosen.append(winner)
            starts.append(len(members))
            members.extend((winner, loser))
    member_player = np.array(members, dtype=np.intp)
    by_player = np.argsort(member_player, kind="stable")
    stage_chosen = np.array(chosen, dtype=np.intp)
    by_chosen = np.argsort(stage_chosen, kind="stable")
    return Design(
        players,
        np.array(stage_pattern, dtype=np.intp),
        np.array(stage_share, dtype=np.float64),
        stage_chosen,
        member_player,
        np.array(starts, dtype=np.intp),
        by_chosen,
        np.searchsorted(stage_chosen[by_chosen], np.arange(players + 1)),  # every player has a virtual win
        by_player,
        np.searchsorted(member_player[by_player], np.arange(players + 1)),
    )


def fit(plan: Design, weights: Floats, start: Floats | None = None, tolerance: float = TOLERANCE) -> Floats:
    """Log-strengths (replicates by players, centred per replicate) for pattern `weights` (replicates by patterns).

    `start` (log-strengths of the same shape) warm-starts the fit, as when a followed leaderboard grows by a game."""
    replicates = weights.shape[0]
    prior = np.full((replicates, 2 * plan.players), PRIOR_GAMES)
    stage_weight = np.concatenate([weights[:, plan.stage_pattern] * plan.stage_share, prior], axis=1)
    wins = np.add.reduceat(stage_weight[:, plan.by_chosen], plan.chosen_starts, axis=1)[:, : plan.players]
    strength = np.ones((replicates, plan.players + 1))
    if start is not None:
        strength[:, : plan.players] = np.exp(start)
    stage_of_member = np.repeat(
        np.arange(len(plan.stage_starts)), np.diff([*plan.stage_starts, len(plan.member_player)])
    )
    grouped_stages = stage_of_member[plan.by_player]
    for _ in range(MAX_STEPS):
        totals = np.add.reduceat(strength[:, plan.member_player], plan.stage_starts, axis=1)
        pressure = (stage_weight / totals)[:, grouped_stages]
        denominators = np.add.reduceat(pressure, plan.player_starts, axis=1)[:, : plan.players]  # the anchor last
        logs = np.log(wins / denominators)
        logs -= logs.mean(axis=1, keepdims=True)  # the anchor stays the average player: only the prior sees it
        moved = np.max(np.abs(logs - np.log(strength[:, : plan.players])))
        strength[:, : plan.players] = np.exp(logs)
        if moved < tolerance:
            break
    return np.log(strength[:, : plan.players])
