"""Every config option plays whole games: random and heuristic seats, events that fold back into the state."""

from __future__ import annotations

import random

import pytest

from meeplog.games.trekking.heuristic import TrekkingHeuristic
from meeplog.games.trekking.state import OVER
from tests.games.trekking.table import RULES

OPTIONS = [
    {},
    {"first_player": 1},
    {"start_airport_timing": "after_reveal"},
    {"starting_hand": 0},
    {"trek_row_size": 2},
    {"journey_cards": ("A5", "B6")},
    {"journey_cards": ("A4", "B3"), "visit_discount_min_paid": 1},
    {"dest_row_size": 4},
    {"dest_deck_top_public": False},
    {"fly_replaces_move": True},
    {"move_path": "simple_path"},
    {"journey_move_collects": False},
    {"tile_recolor_mode": "holder_keeps", "journey_cards": ("A5", "B6")},
    {"reshuffle_timing": "on_empty"},
    {"journey_auto_gains": True, "journey_cards": ("A3", "B4")},
    {"end_timing": "immediate"},
    {"end_timing": "end_of_round"},
    {"max_rounds": 3},
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "defaults")
def test_games_end_and_replay_under_every_option(options):
    policy = TrekkingHeuristic()
    for players in (2, 5):
        config = RULES.configure(players, **options)
        state = RULES.setup(config, random.Random(players))
        rng = random.Random(players)
        events = []
        while not RULES.pending(state).over:
            seat = RULES.pending(state).seats[0]
            legal = RULES.legal(state, seat)
            command = policy.choose(RULES.sample(state, seat, rng), seat, legal, rng) if seat == 0 \
                else rng.choice(legal)
            assert command in legal
            events += RULES.apply(state, seat, command, rng)
        assert state.phase == OVER
        rebuilt = RULES.setup(config, random.Random(players))
        for event in events:
            RULES.evolve(rebuilt, event)
        assert rebuilt == state
        outcome = RULES.outcome(state)
        assert min(outcome.ranks) == 1
        if options.get("max_rounds") == 3:
            assert state.round <= 3
