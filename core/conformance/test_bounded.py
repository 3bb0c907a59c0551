"""Every decision is bounded (DESIGN.md section 2), for every game, installed or given with --meeplog-rules.

Whatever the players did before, a seat is offered at most MAX_LEGAL_COMMANDS commands and a remote seat
is sent an observation of at most MAX_OBSERVATION_BYTES (core/limits.py). The players are random, the
game's heuristic, and two adversaries that always answer the first or the last legal command: a bot or
a model that hoards cards or stalls is how a combinatorial list grows.
"""

from __future__ import annotations

from typing import Any

import pytest

from meeplog.core.conformance.bounds import measure
from meeplog.core.conformance.playouts import player_counts
from meeplog.core.kernel import Rules
from meeplog.core.limits import MAX_LEGAL_COMMANDS, MAX_OBSERVATION_BYTES

# per player count; an adversary's game can last thousands of decisions, and only the game's own draws change
# with its seed, not the adversary's choices
SEEDS = {"random": 2, "heuristic": 2, "first": 1, "last": 1}


@pytest.mark.parametrize("player", ["random", "heuristic", "first", "last"])
def test_no_decision_lists_too_many_commands_or_sends_too_many_bytes(meeplog_rules: Rules[Any, Any],
                                                                     player: str) -> None:
    if player == "heuristic" and meeplog_rules.heuristic() is None:
        pytest.skip(f"{meeplog_rules.title} has no heuristic")
    for players in player_counts(meeplog_rules):
        config = meeplog_rules.configure(players)
        for seed in range(SEEDS[player]):
            _, extremes = measure(meeplog_rules, config, seed, [player] * players)  # stops past a bound: OutOfBounds
            assert extremes.decisions > 0
            assert extremes.decision <= MAX_LEGAL_COMMANDS and extremes.observation <= MAX_OBSERVATION_BYTES
