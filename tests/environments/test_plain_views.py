"""Observation vectors built straight from the kernel state are the vectors built from the pydantic view.

A game whose view model declares `plain` (observations.PlainView) is encoded from that plain data, never from
the model; these tests compare the two vectors byte for byte over random states of every registered game, at
its fewest and most seats, for every seat (not only the one to act), and check that a game declaring nothing
is still encoded from its view, as before.
"""

from __future__ import annotations

import random

import pytest

from meeplog.core.registry import game_names, known_game, load_rules
from meeplog.players.environments import MeeplogEnv, env
from meeplog.players.environments.observations import PlainView

SEEDS = range(3)
STRIDE = 3  # every this many decisions of a game, every seat's vector is compared


def compared_states(environment: MeeplogEnv, seed: int) -> int:
    """Play a random game on the kernel, comparing both vectors of every seat along the way; how many."""
    rules, players = environment.rules, environment.config.players
    rng, choices = random.Random(seed), random.Random(seed + 1)
    state = rules.setup(environment.config, rng)
    compared, step = 0, 0
    while True:
        pending = rules.pending(state)
        if step % STRIDE == 0 or pending.over:
            for seat in range(players):
                from_view = environment.encoder.encode(rules.view(state, seat))
                assert environment.vector(state, seat).tobytes() == from_view.tobytes(), (seed, step, seat)
                compared += 1
        if pending.over:
            return compared
        for seat in pending.seats:
            rules.apply(state, seat, choices.choice(rules.legal(state, seat)), rng)
        step += 1


@pytest.mark.parametrize("game", game_names())
def test_the_vector_from_the_kernel_state_is_the_vector_from_the_view_bit_for_bit(game: str):
    rules = load_rules(game)
    for players in sorted({rules.min_players, rules.max_players}):
        environment = env(game, players=players)
        assert sum(compared_states(environment, seed) for seed in SEEDS) > 0


@pytest.mark.parametrize("game", [game for game in game_names() if load_rules(game).__module__.startswith("meeplog.")])
def test_every_game_of_meeplog_builds_its_observation_without_the_view_model(game: str):
    assert isinstance(load_rules(game).view_model(), PlainView)
    assert env(game).plain_view is not None


def test_a_game_whose_view_declares_nothing_is_encoded_from_its_view_as_before():
    with known_game("tests.toy:PenniesRules"):
        environment = env("pennies", players=2)
        assert environment.plain_view is None
        assert compared_states(environment, seed=0) > 0
