"""Observation vectors built straight from the kernel state are the vectors built from the pydantic view.

A game whose view model declares `plain` (observations.PlainView) is encoded from that plain data, never from
the model, by a compiled walk (players/observation_slots.py); these tests compare both vectors byte for byte
with the vector the environments made before either (the interpreted walk over the view's `model_dump()`,
kept below as the reference) over random states of every registered game, at its fewest and most seats, for
every seat (not only the one to act), and check that a game declaring nothing is still encoded from its view.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from meeplog.core.registry import game_names, known_game, load_rules
from meeplog.players.environments import MeeplogEnv, env
from meeplog.players.environments.observations import PlainView
from meeplog.players.environments.shapes import Shape
from meeplog.players.environments.survey import survey

SEEDS = range(3)
STRIDE = 5  # every this many decisions of a game, every seat's vector is compared


def reference_vector(shape: Shape, data: dict[str, Any]) -> np.ndarray:
    """The vector as the environments made it at 8d7bc4d: slots numbered in Shape.slots' order, the view walked
    beside its shape, interpreted, and its leaves scattered into zeros by numpy."""
    places: list[int] = []
    numbers: list[Any] = []
    size = _walk(shape, data, 0, places, numbers)
    vector = np.zeros(size, dtype=np.float32)
    vector[places] = numbers
    return vector


def _walk(shape: Shape, value: Any, free: int, places: list[int], numbers: list[Any]) -> int:
    """Note the leaves of `value` (met at `shape`, whose slots start at `free`); the next free slot after it."""
    if shape.listed:
        if type(value) in (list, tuple):
            places.append(free)
            numbers.append(len(value))
        free += 1
    if shape.number:
        if type(value) in (int, float, bool):
            places.append(free)
            numbers.append(value)
        free += 1
    for category in sorted(shape.categories, key=repr):
        if value is not _ABSENT and type(value) not in (dict, list, tuple, int, float, bool) and category == value:
            places.append(free)
            numbers.append(1.0)
        free += 1
    for name in sorted(shape.fields):
        inner = value.get(name) if type(value) is dict else _ABSENT  # a missing entry is a None
        free = _walk(shape.fields[name], inner, free, places, numbers)
    for index, item in enumerate(shape.items):
        inner = value[index] if type(value) in (list, tuple) and index < len(value) else _ABSENT
        free = _walk(item, inner, free, places, numbers)
    return free


_ABSENT = object()  # no value at a place of the shape: nothing noted there


def compared_states(environment: MeeplogEnv, seed: int) -> int:
    """Play a random game on the kernel, comparing both vectors of every seat along the way; how many."""
    rules, players = environment.rules, environment.config.players
    shape = survey(rules, environment.config).views
    rng, choices = random.Random(seed), random.Random(seed + 1)
    state = rules.setup(environment.config, rng)
    compared, step = 0, 0
    while True:
        pending = rules.pending(state)
        if step % STRIDE == 0 or pending.over:
            for seat in range(players):
                dump = rules.view(state, seat).model_dump()
                reference = reference_vector(shape, dump).tobytes()
                assert environment.encoder.encode_data(dump).tobytes() == reference, (seed, step, seat)
                assert environment.vector(state, seat).tobytes() == reference, (seed, step, seat)
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
