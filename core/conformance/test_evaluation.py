"""Evaluations that cut MCTS playouts short answer at every point of a game, the very first included."""

from __future__ import annotations

import math
from typing import Any

import pytest

from meeplog.core.conformance.playouts import steps
from meeplog.core.kernel import Evaluator, Rules


@pytest.fixture
def evaluator(meeplog_rules: Rules[Any, Any]) -> Evaluator:
    policy = meeplog_rules.heuristic()
    if not isinstance(policy, Evaluator):
        pytest.skip(f"{meeplog_rules.title} has no evaluation")
    return policy


def test_evaluation_gives_every_seat_a_chance_and_leaves_the_state_alone(meeplog_rules: Rules[Any, Any],
                                                                          evaluator: Evaluator) -> None:
    for players in (meeplog_rules.min_players, meeplog_rules.max_players):
        for state, _, _ in steps(meeplog_rules, meeplog_rules.configure(players), seed=players):
            before = state.clone()
            chances = evaluator.evaluate(state)
            assert len(chances) == players
            assert all(0 <= chance <= 1 for chance in chances)
            assert math.isclose(sum(chances), 1)
            assert state == before, "evaluate changed the state it scored"
