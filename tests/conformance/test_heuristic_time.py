"""Every heuristic decides in bounded time (DESIGN.md sections 9 and 10), for every game, registered or given
with --rules, on the states a hoarding seat and a passing seat drive a game into.

tests/conformance/timing.py plays the games and times the heuristic at every decision; it fails at the
first decision past its bound (ten times the 50-ms budget, in CPU time, the least of four tries: its
docstring says why that margin, and why a busy machine does not make the test fail). tests/players/
test_heuristic.py shows it catching a heuristic that is quick in ordinary games and exponential in a hoarded
hand.
"""

from __future__ import annotations

import pytest

from meeplog.core.registry import load_rules
from tests.conformance.timing import time_every_game


@pytest.fixture
def rules(game_name):
    return load_rules(game_name)


def test_the_heuristic_decides_in_bounded_time_against_a_hoarder_and_a_passer(rules):
    if rules.heuristic() is None:
        pytest.skip(f"{rules.title} has no heuristic")
    assert time_every_game(rules).decisions > 0  # HeuristicTooSlow past the bound
