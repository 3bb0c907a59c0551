"""A seeded random player: a uniform choice among the legal commands."""

from __future__ import annotations

import random

from pydantic import BaseModel, ConfigDict

from meeplog.core.kernel import Command
from meeplog.core.players import Need, Observation, Player


class RandomOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    seed: int | None = None


class RandomPlayer(Player):
    Options = RandomOptions
    needs = Need.NOTHING  # it reads the legal commands (and `sample`) only
    answers_at_once = True

    def __init__(self, options: RandomOptions, seed: int) -> None:
        super().__init__(options, seed)
        self.rng = random.Random(options.seed if options.seed is not None else seed)

    async def act(self, obs: Observation) -> Command:
        return self.rng.choice(obs.legal)
