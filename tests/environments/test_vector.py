"""SeatVectorEnv: N games of one seat stepped together in one process, each the game a lone SingleSeatEnv plays."""

from __future__ import annotations

import numpy as np
import pytest

from meeplog.players.environments.gymnasium import SeatVectorEnv, SingleSeatEnv

GAMES = 3


def lone_reward(seed: int, actions: list[int]) -> tuple[float, tuple[int, ...]]:
    """The reward and ranks of the game of `seed` played alone with `actions`."""
    environment = SingleSeatEnv("hike", ["random"], seat=1)
    environment.reset(seed=seed)
    for action in actions:
        _, reward, over, _, info = environment.step(action)
    assert over
    return reward, info["ranks"]


def test_each_row_is_the_game_its_seed_plays_alone_and_a_finished_game_starts_again_at_once():
    vector = SeatVectorEnv("hike", ["random"], GAMES, seat=1)
    observations, _ = vector.reset(seed=40)
    assert observations["observation"].shape == (GAMES, vector.single_observation_space["observation"].shape[0])
    rng = np.random.default_rng(0)
    actions: list[list[int]] = [[] for _ in range(GAMES)]
    finished: dict[int, tuple[float, tuple[int, ...]]] = {}
    while len(finished) < GAMES:
        masks = vector.action_masks()
        assert (masks == observations["action_mask"]).all() and masks.any(axis=1).all()
        chosen = [int(rng.choice(mask.nonzero()[0])) for mask in masks]
        observations, rewards, terminated, truncated, infos = vector.step(chosen)
        assert not truncated.any()
        for row in range(GAMES):
            if row not in finished:
                actions[row].append(chosen[row])
                if terminated[row]:
                    finished[row] = float(rewards[row]), infos["final_info"]["ranks"][row]
    for row in range(GAMES):
        assert finished[row] == lone_reward(40 + row, actions[row])


def test_no_games_is_refused():
    with pytest.raises(ValueError, match="games must be 1 or more, not 0"):
        SeatVectorEnv("hike", ["random"], 0)
