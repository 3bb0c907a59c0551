"""Every decision is bounded (DESIGN.md section 2), for every game, registered or given with --rules.

Whatever the players did before, a seat is offered at most MAX_LEGAL_COMMANDS commands and a remote seat
is sent an observation of at most MAX_OBSERVATION_BYTES (core/limits.py). The players are random, the
game's heuristic, and two adversaries that always answer the first or the last legal command: a bot or
a model that hoards cards or stalls is how a combinatorial list grows.
"""

from __future__ import annotations

import pytest

from meeplog.core.limits import MAX_LEGAL_COMMANDS, MAX_OBSERVATION_BYTES
from meeplog.core.registry import load_rules
from tests.conformance.bounds import measure
from tests.conformance.playouts import player_counts

SEEDS = 2  # per player count and player: an adversary's game can last thousands of decisions


@pytest.fixture
def rules(game_name):
    return load_rules(game_name)


@pytest.mark.parametrize("player", ["random", "heuristic", "first", "last"])
def test_no_decision_lists_too_many_commands_or_sends_too_many_bytes(rules, player):
    if player == "heuristic" and rules.heuristic() is None:
        pytest.skip(f"{rules.title} has no heuristic")
    for players in player_counts(rules):
        config = rules.configure(players)
        for seed in range(SEEDS):
            _, extremes = measure(rules, config, seed, [player] * players)  # stops past a bound: OutOfBounds
            assert extremes.decisions > 0
            assert extremes.decision <= MAX_LEGAL_COMMANDS and extremes.observation <= MAX_OBSERVATION_BYTES
