"""The analysis beside a game in the viewer: each decision's loss on the timeline, blunders marked, and at a step
the commands the search valued most beside the one played (core/analysis).

A game may have been analysed under several settings; the viewer shows one of them, the one with the most
simulations a decision (the latest made among equals), never a mixture. The commands valued at a decision are
what its seat could do, so a step shows them only to the whole table and to that seat, never to another
seat's perspective; the losses alone go on the timeline.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from meeplog.core.analysis.events import Settings
from meeplog.core.analysis.record import Analysis
from meeplog.core.analysis.scorer import Scored
from meeplog.core.game import Recorded
from meeplog.replays.steps import Timeline


@dataclass(frozen=True)
class Annotation:
    """One decision's analysis at its step."""

    step: int
    scored: Scored


@dataclass(frozen=True)
class Annotations:
    settings: Settings
    steps: dict[int, Annotation]

    def shown_to(self, step: int, seat: int | None) -> Annotation | None:
        """The step's analysis, if the perspective may see its commands: the whole table's or the deciding seat's."""
        found = self.steps.get(step)
        return found if found is not None and seat in (None, found.scored.seat) else None


def annotations(history: Sequence[Recorded], analyses: Sequence[Analysis]) -> Annotations | None:
    """The analyses of one setting laid on the game's steps; None when the game has none."""
    if not analyses:
        return None
    chosen = max(reversed(analyses), key=lambda analysis: analysis.head.settings.sims).head.settings
    step_of = {index + 1: step for step, index in enumerate(Timeline.of(history).decisions, 1)}
    steps = {step_of[scored.at]: Annotation(step_of[scored.at], scored)
             for analysis in analyses if analysis.head.settings == chosen
             for scored in analysis.scored if scored.at in step_of}
    return Annotations(chosen, steps)
