"""The heuristic plays from what its seat knows, deterministically, and beats random players clearly."""

from __future__ import annotations

import random

from meeplog.games.hike.commands import Drop
from meeplog.games.hike.heuristic import HikeHeuristic
from meeplog.games.hike.state import DOWN
from tests.games.hike.table import RULES, bear_hike, c


def play(config, seed: int, hero: int) -> tuple[float, list]:
    """One game: the heuristic at `hero` (given a sampled state, as a player is), random players elsewhere."""
    rng, choices = random.Random(seed), random.Random(seed + 1)
    policy = RULES.heuristic()
    state = RULES.setup(config, rng)
    picked = []
    while not (pending := RULES.pending(state)).over:
        moves = []
        for seat in pending.seats:
            legal = RULES.legal(state, seat)
            if seat == hero:
                move = policy.choose(RULES.sample(state, seat, choices), seat, legal, choices)
                assert move in legal
                picked.append(move)
            else:
                move = choices.choice(legal)
            moves.append((seat, move))
        for seat, move in moves:
            RULES.apply(state, seat, move, rng)
    winners = RULES.outcome(state).winners
    return (1 / len(winners) if hero in winners else 0.0), picked


def test_the_rules_offer_the_heuristic():
    assert isinstance(RULES.heuristic(), HikeHeuristic)


def test_the_heuristic_is_deterministic_given_its_random_source():
    config = RULES.configure(3)
    assert play(config, 5, 1)[1] == play(config, 5, 1)[1]


def test_the_heuristic_beats_random_players_with_seats_rotated():
    for players, games in ((2, 16), (4, 24)):
        config = RULES.configure(players)
        share = sum(play(config, seed, seed % players)[0] for seed in range(games)) / games
        assert share > 1.6 / players, (players, share)


def test_the_heuristic_also_plays_the_face_down_variant():
    config = RULES.configure(3, hidden_backpacks=True)
    share = sum(play(config, seed, seed % 3)[0] for seed in range(12)) / 12
    assert share > 1 / 3


def test_below_a_target_no_set_of_items_can_reach_it_drops_the_heaviest_first():
    """Ruling H8: with 0-boot items a bear's target can fall below 0, and then every item must go."""
    state, _, aaron, _, _ = bear_hike(max_has_spray=False)
    state.tasks[0] = (DOWN, aaron, -1)
    legal = RULES.legal(state, aaron)
    assert RULES.heuristic().choose(state, aaron, legal, random.Random(0)) == Drop(c("tent"))
