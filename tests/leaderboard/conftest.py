"""A SQLite store holding two tournaments of different games, once per test module."""

from __future__ import annotations

import pytest

from meeplog.core.registry import load_rules
from meeplog.core.store import open_store
from meeplog.core.tournament.run import play_tournament
from meeplog.core.tournament.schedule import Plan
from meeplog.core.tournament.stored import open_tournament
from tests.tournament.plans import forest_plan

FOREST_PLAYERS = ("heuristic", "random", "random:seed=2")
HIKE_PLAYERS = ("heuristic", "random")


def hike_plan(games: int) -> Plan:
    rules = load_rules("hike")
    return Plan("hike", rules.version, rules.configure(2).model_dump(mode="json"), HIKE_PLAYERS, games, 1, "random")


@pytest.fixture(scope="module")
def two_tournaments(tmp_path_factory):
    """The path of a store with a forest tournament of 6 games and a hike tournament of 4."""
    path = tmp_path_factory.mktemp("leaderboard") / "two.db"
    store = open_store(str(path))
    for plan in (forest_plan(FOREST_PLAYERS, games=6), hike_plan(games=4)):
        tournament, _ = open_tournament(store, plan)
        play_tournament(store, tournament, workers=1)
    store.close()
    return path
