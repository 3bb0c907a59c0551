"""A game's score by category (Rules.score_pad), where it counts one, adds up to its outcome's scores, under
names a person reads (words, not field names)."""

from __future__ import annotations

from typing import Any

import pytest

from meeplog.core.conformance.playouts import play, player_counts
from meeplog.core.kernel import Rules

SEEDS = 3  # per player count


def test_the_score_by_category_adds_up_to_each_seats_score(meeplog_rules: Rules[Any, Any]) -> None:
    checked = 0
    for players in player_counts(meeplog_rules):
        config = meeplog_rules.configure(players)
        for seed in range(SEEDS):
            playout = play(meeplog_rules, config, seed)
            pad = meeplog_rules.score_pad(playout.state)
            if pad is None:
                pytest.skip(f"{meeplog_rules.title} counts a single total")
            scores = meeplog_rules.outcome(playout.state).scores
            assert [sum(categories.values()) for categories in pad] == list(scores), f"{players} players, seed {seed}"
            named = [name for categories in pad for name in categories]
            assert all(name.strip() and "_" not in name for name in named), f"names a person reads: {named}"
            checked += 1
    assert checked
