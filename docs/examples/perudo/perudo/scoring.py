"""The outcome: the last player with dice wins; the others place in the reverse order they went out (P12).

Perudo keeps no points, so a seat's score is the number of players it outlasted.
"""

from __future__ import annotations

from meeplog.core.kernel import Outcome

from .state import PerudoState


def outcome(state: PerudoState) -> Outcome:
    outlasted = [state.players - 1] * state.players  # the survivor, and anyone still in if asked early
    for place, seat in enumerate(state.out):
        outlasted[seat] = place
    return Outcome.from_keys(outlasted, outlasted)
