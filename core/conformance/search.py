"""The no-peeking check for search players, as a function so that it can be proven on a game that peeks.

A bot may learn hidden state only through `Observation.sample`. So its move, and the whole search
behind it, must stay the same when the true state is swapped for another one the seat cannot tell
apart (`rules.sample`, a reshuffle consistent with its knowledge). That holds only if the bot never
reads the true state and the game's `sample` depends on nothing but what the seat knows.
"""

from __future__ import annotations

import random
from typing import Any

from meeplog.core.conformance.playouts import observation, steps
from meeplog.core.kernel import Rules
from meeplog.players.heuristic import HeuristicOptions, HeuristicPlayer
from meeplog.players.mcts import MctsPlayer
from meeplog.players.mcts_options import MctsOptions

Problem = str
SIMS = 16


def find_peeks(rules: Rules[Any, Any], config: Any, seeds: range, points: int = 3) -> list[Problem]:
    """Decisions, at `points` spread-out steps of each game, that change with the hidden parts of the state."""
    problems: list[Problem] = []
    for seed in seeds:
        decisions = [(state.clone(), seat) for state, seat, _ in steps(rules, config, seed)]
        choices = [(state, seat) for state, seat in decisions if len(rules.legal(state, seat)) > 1]
        for state, seat in choices[:: max(1, len(choices) // points)][:points]:
            twin = rules.sample(state, seat, random.Random(seed))
            real_obs, twin_obs = observation(rules, state, seat), observation(rules, twin, seat)
            real, other = MctsPlayer(MctsOptions(sims=SIMS), seed), MctsPlayer(MctsOptions(sims=SIMS), seed)
            if real.choose(real_obs) != other.choose(twin_obs) or _statistics(real) != _statistics(other):
                problems.append(f"seed {seed}: the MCTS search of seat {seat} changes with what it cannot know")
            if rules.heuristic() is not None:
                real_move = HeuristicPlayer(HeuristicOptions(), seed).choose(real_obs)
                if real_move != HeuristicPlayer(HeuristicOptions(), seed).choose(twin_obs):
                    problems.append(f"seed {seed}: the heuristic move of seat {seat} changes with what it cannot know")
    return problems


def _statistics(player: MctsPlayer) -> dict[Any, list[float]]:
    assert player.last_search is not None
    return player.last_search.root.edges
