"""Fork: a new game that is a recorded one up to a step, ready to be continued by other players.

The fork's GameStarted keeps the seed and the config and names its origin "<game id>@<step>"; then come the
setup events the installed setup makes (the original's own, checked against them), and the original's
records up to that step, each decision re-decided so that the game's random generator stands exactly where it
stood. So a fork verifies like any game (docs/replays.md).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from meeplog.core.game import Game, Recorded
from meeplog.core.kernel import GameConfig
from meeplog.core.registry import load_rules
from meeplog.replays.steps import Timeline
from meeplog.replays.verify import redecide, resetup


class CannotFork(ValueError):
    """The step is out of range, the game is over there, or the installed rules do not reproduce it."""


def fork(
    history: Sequence[Recorded],
    step: int,
    seats: Sequence[str],
    *,
    config: GameConfig | None = None,
    game_id: uuid.UUID | None = None,
) -> Game:
    """The original game at `step`, as a new unsaved game whose remaining seats are `seats` (player specs), played
    on with `config` (by default the original's: options that would change its first steps cannot fork it)."""
    timeline = Timeline.of(history)
    timeline.check(step)
    first = history[0]
    started = first.event
    if len(seats) != len(started.seats):
        raise CannotFork(f"the game has {len(started.seats)} seats; give one player per seat, not {len(seats)}")
    rules = load_rules(started.game)
    origin = f"{first.originator_id}@{step}"
    config = config or rules.Config(**started.config)
    game = Game.start(rules, config, seats, started.seed, origin=origin, game_id=game_id)
    setup, divergence = resetup(game, history)
    if divergence is None:  # its records follow the fork's setup events, which an older original lacks
        records = enumerate(history[setup:timeline.ends[step]], start=game.version + 1)
        divergence = redecide(game, [r._replace(originator_id=game.id, originator_version=v) for v, r in records])
    if divergence is not None and config.model_dump(mode="json") != started.config:
        raise CannotFork(
            f"with the options given the game goes another way before step {step}: version {divergence.version}: "
            f"{divergence.problem}; fork it with options that leave its first {step} steps as they were"
        )
    if divergence is not None:
        raise CannotFork(
            f"the installed rules do not reproduce this game up to step {step}: version {divergence.version}: "
            f"{divergence.problem}; `meeplog replay verify` shows the details"
        )
    if game.over:
        raise CannotFork(f"the game is over at step {step}; fork it at a step from 0 to {timeline.last - 1}")
    return game

