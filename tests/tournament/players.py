"""A player that always crashes, registered for the CLI tests through a test-only entry point."""

from __future__ import annotations

from core.kernel import Command
from core.players import Observation, Player


class CrashingPlayer(Player):
    async def act(self, obs: Observation) -> Command:
        raise RuntimeError("this player always crashes")
