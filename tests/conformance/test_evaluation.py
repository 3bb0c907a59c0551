"""Evaluations that cut MCTS playouts short answer at every point of a game, the very first included."""

from __future__ import annotations

import math

import pytest

from meeplog.core.kernel import Evaluator
from meeplog.core.registry import load_rules
from tests.conformance.playouts import steps


@pytest.fixture
def evaluator(game_name):
    rules = load_rules(game_name)
    policy = rules.heuristic()
    if not isinstance(policy, Evaluator):
        pytest.skip(f"{rules.title} has no evaluation")
    return rules, policy


def test_evaluation_gives_every_seat_a_chance_and_leaves_the_state_alone(evaluator):
    rules, policy = evaluator
    for players in (rules.min_players, rules.max_players):
        for state, _, _ in steps(rules, rules.configure(players), seed=players):
            before = state.clone()
            chances = policy.evaluate(state)
            assert len(chances) == players
            assert all(0 <= chance <= 1 for chance in chances)
            assert math.isclose(sum(chances), 1)
            assert state == before, "evaluate changed the state it scored"
