"""How long a model's prompt gets over a real game: every decision of a match, its feed included, measured
as players/prompts.py renders it. Shared by the budget check in test_prompts.py and scripts/prompt-sizes."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from meeplog.core.game import Game
from meeplog.core.kernel import Command, Rules
from meeplog.core.players import Observation, Player, make_player
from meeplog.core.runner import MatchRunner
from meeplog.core.specs import PlayerSpec
from meeplog.players.prompts import conversation, render


@dataclass(frozen=True)
class PromptSizes:
    """One game's prompts: the longest, and the share of all their characters that the system message (the
    part that stays the same for the whole game, which a provider's prompt cache serves) makes up."""

    longest: int
    prefix_share: float


class Measured(Player):
    """Plays as `inner` does, and measures the prompts a model would have been sent."""

    def __init__(self, inner: Player) -> None:
        super().__init__(inner.options, inner.seed)
        self.inner = inner
        self.longest = self.total = self.prefix = 0

    async def act(self, obs: Observation) -> Command:
        messages = conversation(obs)
        length = len(render(messages))
        self.longest = max(self.longest, length)
        self.total += length
        self.prefix += len(render(messages[:1]))
        return await self.inner.act(obs)


def prompt_sizes(rules: Rules[Any, Any], players: int, seed: int, spec: str = "random") -> PromptSizes:
    """The prompts of one game of `players` seats played by `spec`, measured."""
    seats = [Measured(make_player(PlayerSpec.parse(spec), seed * 10 + seat)) for seat in range(players)]
    fallbacks = [make_player(PlayerSpec("random"), seat) for seat in range(players)]
    config = rules.configure(players)
    game = Game.start(rules, config, [spec] * players, seed)
    asyncio.run(MatchRunner(game, seats, fallbacks).play())
    total = sum(seat.total for seat in seats)
    return PromptSizes(max(seat.longest for seat in seats), sum(seat.prefix for seat in seats) / total if total else 0)


def longest_prompt(rules: Rules[Any, Any], players: int, seed: int, spec: str = "random") -> int:
    """The longest prompt of one game of `players` seats played by `spec`, in characters."""
    return prompt_sizes(rules, players, seed, spec).longest
