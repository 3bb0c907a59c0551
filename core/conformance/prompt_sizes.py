"""How long a model's prompt gets over a real game: every decision of a match, its feed included, measured
as players/prompts.py renders it. Shared by the budget check in test_prompts.py and scripts/prompt-sizes."""

from __future__ import annotations

import asyncio
from typing import Any

from meeplog.core.game import Game
from meeplog.core.kernel import Command, Rules
from meeplog.core.players import Observation, Player, make_player
from meeplog.core.runner import MatchRunner
from meeplog.core.specs import PlayerSpec
from meeplog.players.prompts import conversation, render


class Measured(Player):
    """Plays as `inner` does, and keeps the length of the longest prompt a model would have been sent."""

    def __init__(self, inner: Player) -> None:
        super().__init__(inner.options, inner.seed)
        self.inner = inner
        self.longest = 0

    async def act(self, obs: Observation) -> Command:
        self.longest = max(self.longest, len(render(conversation(obs))))
        return await self.inner.act(obs)


def longest_prompt(rules: Rules[Any, Any], players: int, seed: int, spec: str = "random") -> int:
    """The longest prompt of one game of `players` seats played by `spec`, in characters."""
    seats = [Measured(make_player(PlayerSpec.parse(spec), seed * 10 + seat)) for seat in range(players)]
    fallbacks = [make_player(PlayerSpec("random"), seat) for seat in range(players)]
    game = Game.start(rules, rules.configure(players), [spec] * players, seed)
    asyncio.run(MatchRunner(game, seats, fallbacks).play())
    return max(seat.longest for seat in seats)
