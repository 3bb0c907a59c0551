"""Broken players, registered for the CLI tests through a test-only entry point."""

from __future__ import annotations

import os

from meeplog.core.kernel import Command
from meeplog.core.players import Observation, Player


class CrashingPlayer(Player):
    async def act(self, obs: Observation) -> Command:
        raise RuntimeError("this player always crashes")


class DyingPlayer(Player):
    """Takes its whole process down, as a crash of the interpreter or the out-of-memory killer would."""

    async def act(self, obs: Observation) -> Command:
        os._exit(3)
