"""Steps: the positions a recorded game went through, counted in decisions (docs/replays.md).

A decision is a CommandAccepted or PlayerFellBack record; its block is the decision and the events it
caused (the game's events, then GameFinished if it ended the game), recorded together. Step N is the
game after its first N decisions and their blocks: step 0 is the game as set up (GameStarted and the
setup events recorded with it), and step N is the position the (N+1)th decision was made from. The
audit records between two blocks (CommandRejected, LlmExchange) belong to the step they were made at.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from meeplog.core.audit import DECISIONS
from meeplog.core.game import Recorded, block_end


@dataclass(frozen=True)
class Timeline:
    """Where each step's records are in a history (indices into it; version = index + 1)."""

    decisions: tuple[int, ...]  # the index of each decision record, in order
    ends: tuple[int, ...]  # ends[n]: how many records make up step n (history[:ends[n]] folds to it)
    length: int

    @classmethod
    def of(cls, history: Sequence[Recorded]) -> Timeline:
        decisions, ends = [], [block_end(history, 0)]
        for index, recorded in enumerate(history):
            if isinstance(recorded.event, DECISIONS):
                decisions.append(index)
                ends.append(block_end(history, index))
        return cls(tuple(decisions), tuple(ends), len(history))

    @property
    def last(self) -> int:
        """The last step: the number of decisions."""
        return len(self.decisions)

    def check(self, step: int) -> None:
        if not 0 <= step <= self.last:
            raise ValueError(f"this game has steps 0 to {self.last} (one per decision); there is no step {step}")

    def span(self, step: int) -> range:
        """The indices of the records made at `step`: from its position to the next decision."""
        stop = self.decisions[step] if step < self.last else self.length
        return range(self.ends[step], stop)

