"""The heuristic player: the game's own hand-written policy (games/<game>/heuristic.py), seeded.

The policy is handed a determinisation drawn with `obs.sample`, never the true state, so whatever it
reads about hidden parts is a guess consistent with what the seat knows.
"""

from __future__ import annotations

import random

from pydantic import BaseModel, ConfigDict

from meeplog.core.kernel import Command, Policy, Rules
from meeplog.core.players import Need, Observation, Player


class HeuristicOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    seed: int | None = None


class NoHeuristic(LookupError):
    """The game has no heuristic policy: `Rules.heuristic()` returned None."""


def policy_of(rules: Rules) -> Policy:
    policy = rules.heuristic()
    if policy is None:
        raise NoHeuristic(f"{rules.title} has no heuristic (games/{rules.name}/heuristic.py and Rules.heuristic())")
    return policy


class HeuristicPlayer(Player):
    Options = HeuristicOptions
    needs = Need.NOTHING  # it reads the legal commands (and `sample`) only
    answers_at_once = True

    def __init__(self, options: HeuristicOptions, seed: int) -> None:
        super().__init__(options, seed)
        self.rng = random.Random(options.seed if options.seed is not None else seed)

    async def act(self, obs: Observation) -> Command:
        return self.choose(obs)

    def choose(self, obs: Observation) -> Command:
        """The policy's move, synchronous, for callers that are not in an event loop (benchmarks)."""
        policy = policy_of(obs.rules)
        if len(obs.legal) == 1:
            return obs.legal[0]
        return policy.choose(obs.sample(self.rng), obs.seat, list(obs.legal), self.rng)
