"""Time travel: a recorded game as it stood at any step, as a whole or as one seat saw it (docs/replays.md).

The position is rebuilt by folding the recorded events (no decide, no randomness), so even a game
that no longer verifies can be looked at exactly as it was recorded.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from meeplog.core.audit import LlmExchange
from meeplog.core.game import Game, Recorded
from meeplog.core.kernel import GameEvent
from meeplog.replays.steps import Timeline


@dataclass(frozen=True)
class Position:
    """Step `step` of a recorded game: the folded game, and the records made while deciding from it."""

    step: int
    timeline: Timeline
    history: Sequence[Recorded]
    game: Game

    @property
    def version(self) -> int:
        """The version of the last event folded into this position."""
        return self.timeline.ends[self.step]

    @property
    def decision(self) -> Recorded | None:
        """The decision that led here (None at step 0)."""
        return self.history[self.timeline.decisions[self.step - 1]] if self.step else None

    @property
    def made_here(self) -> list[Recorded]:
        """The audit records made at this step: refusals and model exchanges before the next decision."""
        return [self.history[index] for index in self.timeline.span(self.step)]

    def exchanges(self, seat: int | None = None) -> list[LlmExchange]:
        """The model exchanges recorded at this step (the exact prompts), all seats' or one seat's."""
        return [
            r.event for r in self.made_here
            if isinstance(r.event, LlmExchange) and (seat is None or r.event.seat == seat)
        ]

    def feed(self, seat: int) -> list[tuple[int, GameEvent]]:
        """(version, event as `seat` sees it) for every event up to this position: the seat's whole feed.

        The runner hands a seat the part of it recorded since it last asked that seat; this is all of it,
        so what the seat knew here does not depend on when it happened to be asked.
        """
        return [(r.originator_version, r.event.seen_by(seat)) for r in self.history[:self.version]]

    def last_decision(self, seat: int) -> int:
        """The version of the seat's latest decision up to this position (0 if it has made none)."""
        decided = [i for i in self.timeline.decisions[:self.step] if self.history[i].event.seat == seat]
        return decided[-1] + 1 if decided else 0


def at_step(history: Sequence[Recorded], step: int) -> Position:
    timeline = Timeline.of(history)
    timeline.check(step)
    return Position(step, timeline, history, Game.rebuild(history[:timeline.ends[step]]))


def state_data(state: Any) -> dict[str, Any]:
    """The state's plain-data attributes (numbers, text, and collections of them), the way a kernel keeps them.

    References to the config and to loaded data files are left out: they do not change during a game.
    """
    if dataclasses.is_dataclass(state):
        items = {field.name: getattr(state, field.name) for field in dataclasses.fields(state)}
    else:
        items = dict(vars(state))
    return {name: value for name, value in items.items() if _plain(value)}


def _plain(value: Any) -> bool:
    if value is None or isinstance(value, (bool, int, float, str)):
        return True
    if isinstance(value, (list, tuple, set, frozenset)):
        return all(_plain(item) for item in value)
    if isinstance(value, dict):
        return all(_plain(key) and _plain(item) for key, item in value.items())
    return False

