"""Check before spending: every distinct endpoint a run's players call is asked once before the first game
(DESIGN.md section 11), so that a wrong URL, port, model name or key, or a server that fails every request, ends the
run in seconds with one line naming the seat, the URL and what failed, not a game later or an outage-wait later.

The endpoints are asked at once, each within PREFLIGHT_SECONDS. Each player asks its own way (Player.preflight:
a model its models list and one tiny chat request in the response format its seat will use, an HTTP agent one
observation of a game nobody plays); players that send no requests are not asked.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from meeplog.core.game import Game
from meeplog.core.kernel import Rules
from meeplog.core.players import Need, Observation, Player, PreflightFailed

PREFLIGHT_SECONDS = 12.0  # the longest one endpoint's check may take, whatever it waits for


def preflight(rules: Rules[Any, Any], config: BaseModel, seats: Sequence[tuple[str, Player]]) -> None:
    """Ask each distinct endpoint of the `seats` (who, as a message names them, and the player) once; raise
    PreflightFailed (`who: what failed`) for the first that fails."""
    first: dict[str, tuple[str, Player]] = {}
    for who, player in seats:
        endpoint = player.endpoint()
        if endpoint is not None:
            first.setdefault(endpoint, (who, player))
    if first:
        asyncio.run(_ask_all(sample_observation(rules, config), list(first.values())))


async def _ask_all(obs: Observation, seats: list[tuple[str, Player]]) -> None:
    failures = await asyncio.gather(*(_ask(obs, who, player) for who, player in seats))
    if found := [failure for failure in failures if failure]:
        raise PreflightFailed(found[0])


async def _ask(obs: Observation, who: str, player: Player) -> str | None:
    try:
        async with asyncio.timeout(PREFLIGHT_SECONDS):
            await player.preflight(obs)
    except PreflightFailed as failed:
        return f"{who}: {failed}; nothing was played"
    except TimeoutError:
        return f"{who}: {player.endpoint()} did not answer within {PREFLIGHT_SECONDS:g}s; nothing was played"
    return None


def sample_observation(rules: Rules[Any, Any], config: BaseModel) -> Observation:
    """What the first seat to decide is shown at the start of a game nobody plays (seed 0)."""
    seats: int = config.players  # type: ignore[attr-defined]  # every game's Config has it (core/kernel.py)
    game = Game.start(rules, config, ["preflight"] * seats, seed=0)
    seat = game.pending().seats[0]
    return game.observation(seat, needs=Need.ALL)
