"""A seeded random player: a uniform choice among the legal commands."""

from __future__ import annotations

import random
from functools import cached_property

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
        self._seed = options.seed if options.seed is not None else seed

    @cached_property
    def rng(self) -> random.Random:
        """Seeded at the first move: seeding costs more than a move, and a random fallback is made for every
        seat of every tournament game, where most never move."""
        return random.Random(self._seed)

    async def act(self, obs: Observation) -> Command:
        return self.rng.choice(obs.legal)
