"""The search-player half of the conformance suite: bots see hidden state only through `sample`."""

from __future__ import annotations

import pytest

from meeplog.core.registry import load_rules
from tests.conformance.search import find_peeks


@pytest.fixture
def rules(game_name):
    return load_rules(game_name)


def test_mcts_and_heuristic_moves_do_not_change_with_what_the_seat_cannot_know(rules):
    for players in (rules.min_players, rules.max_players):
        assert find_peeks(rules, rules.configure(players), seeds=range(2)) == []
