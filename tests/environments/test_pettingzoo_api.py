"""PettingZoo's own checks on every registered game at every player count: the API test (through the recorded
Game aggregate, long enough to reach the end) and the seed test (on the bare kernel)."""

from __future__ import annotations

import pytest
from pettingzoo.test import api_test, seed_test

from meeplog.core.registry import game_names, load_rules
from meeplog.core.store import open_store
from meeplog.players.environments import env

CASES = [
    (game, players)
    for game in game_names()
    for players in range(load_rules(game).min_players, load_rules(game).max_players + 1)
]
# A dict observation holding the action mask is PettingZoo's own convention for games with illegal moves
# (its chess and go do the same); api_test still warns about it.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_game_passes_pettingzoos_api_test(game: str, players: int):
    store = open_store("memory")
    api_test(env(game, players=players, store=store), num_cycles=3000)
    finished = [summary for summary in store.games() if summary.finished]
    assert finished, "the test played a game to its end (and the environment saved it), so the end was checked too"


@pytest.mark.parametrize(("game", "players"), CASES)
def test_the_same_seed_plays_the_same_game_under_pettingzoos_seed_test(game: str, players: int):
    seed_test(lambda: env(game, players=players), num_cycles=300)
