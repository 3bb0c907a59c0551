"""Every heuristic decides in bounded time (DESIGN.md sections 9 and 10), for every game, installed or given
with --meeplog-rules, on the states a hoarding seat and a passing seat drive a game into.

timing.py plays the games and times the heuristic at every decision; it fails at the first decision past its
bound (ten times the 50-ms budget, in CPU time, the least of four tries: its docstring says why that margin, and
why a busy machine does not make the test fail). Meeplog's tests/players/test_heuristic.py shows it catching a
heuristic that is quick in ordinary games and exponential in a hoarded hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from meeplog.core.conformance.timing import time_every_game
from meeplog.core.kernel import Rules


def test_the_heuristic_decides_in_bounded_time_against_a_hoarder_and_a_passer(meeplog_rules: Rules[Any, Any]) -> None:
    if meeplog_rules.heuristic() is None:
        pytest.skip(f"{meeplog_rules.title} has no heuristic")
    assert time_every_game(meeplog_rules).decisions > 0  # HeuristicTooSlow past the bound
