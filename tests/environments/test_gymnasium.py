"""The single-seat Gymnasium environment: one seat learns, Meeplog players given as specs hold the others."""

from __future__ import annotations

import numpy as np
import pytest

from meeplog.core.audit import CommandAccepted
from meeplog.core.store import open_store
from meeplog.players.environments.gymnasium import SingleSeatEnv


def play(environment: SingleSeatEnv, seed: int) -> tuple[list[int], float, dict]:
    """An episode with random legal actions for the learner; its actions, final reward and last info."""
    rng = np.random.default_rng(seed)
    observation, info = environment.reset(seed=seed)
    actions, over, reward = [], False, 0.0
    while not over:
        assert (observation["action_mask"] == environment.action_masks()).all()
        actions.append(int(rng.choice(observation["action_mask"].nonzero()[0])))
        observation, reward, over, truncated, info = environment.step(actions[-1])
        assert not truncated
    return actions, reward, info


def test_the_learner_plays_its_seat_against_the_players_the_specs_name_and_is_rewarded_at_the_end():
    store = open_store("memory")
    environment = SingleSeatEnv("hike", ["heuristic", "mcts:sims=20"], seat=1, store=store)
    _, reward, info = play(environment, 3)
    history = store.history(environment.aec.game.id)
    assert history[0].event.seats == ("heuristic", "environment", "mcts:sims=20")
    assert {entry.event.seat for entry in history if isinstance(entry.event, CommandAccepted)} == {0, 1, 2}
    assert reward == 2.0 - info["ranks"][1]  # three seats: rank 1, 2, 3 give 1, 0, -1
    assert info["opponent_fallbacks"] == 0


def test_the_same_seed_and_actions_play_the_same_episode_with_the_same_opponents():
    first = play(SingleSeatEnv("donkey", ["heuristic", "random", "random"], seat=2), 12)
    again = play(SingleSeatEnv("donkey", ["heuristic", "random", "random"], seat=2), 12)
    assert first == again


def test_a_seat_outside_the_table_is_refused_with_the_seats_there_are():
    with pytest.raises(ValueError, match="seat must be from 0 to 2 with 2 opponents, not 3"):
        SingleSeatEnv("hike", ["random", "random"], seat=3)
