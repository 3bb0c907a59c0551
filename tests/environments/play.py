"""Random-policy episodes through an environment, for the tests: each step a legal index drawn by a seeded rng."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from meeplog.players.environments import MeeplogEnv


@dataclass
class Episode:
    actions: list[int] = field(default_factory=list)
    rewards: dict[str, float] = field(default_factory=dict)  # each agent's return, read as it is stepped off


def episode(environment: MeeplogEnv, seed: int, on_step: Callable[[MeeplogEnv], None] | None = None) -> Episode:
    """Play one game with random legal actions, calling `on_step` before each."""
    rng = random.Random(seed)
    environment.reset(seed=seed)
    played = Episode()
    for agent in environment.agent_iter():
        _, reward, over, truncated, _ = environment.last()
        if over or truncated:
            played.rewards[agent] = reward
            environment.step(None)
            continue
        if on_step:
            on_step(environment)
        legal = environment.observe(agent)["action_mask"].nonzero()[0]
        played.actions.append(int(rng.choice(legal)))
        environment.step(played.actions[-1])
    return played
