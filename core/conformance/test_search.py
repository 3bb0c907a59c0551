"""The search-player half of the conformance suite: bots see hidden state only through `sample`."""

from __future__ import annotations

from typing import Any

from meeplog.core.conformance.search import find_peeks
from meeplog.core.kernel import Rules


def test_mcts_and_heuristic_moves_do_not_change_with_what_the_seat_cannot_know(meeplog_rules: Rules[Any, Any]) -> None:
    for players in (meeplog_rules.min_players, meeplog_rules.max_players):
        assert find_peeks(meeplog_rules, meeplog_rules.configure(players), seeds=range(2)) == []
