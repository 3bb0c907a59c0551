"""Games in flight: a worker keeps many games with a remote seat going at once, within an endpoint's limit,
and a worker that dies takes only its own games with it."""

from __future__ import annotations

import pytest

from meeplog.core.store import open_store
from meeplog.core.tournament.inflight import REMOTE_CONCURRENCY, default_concurrency
from meeplog.core.tournament.run import play_tournament
from meeplog.core.tournament.standings import standings
from meeplog.core.tournament.stored import open_tournament
from meeplog.players.mock_llm import MockPolicy, serving
from tests.tournament.plans import forest_plan, meeplog
from tests.tournament.test_cli import broken_players, standings_file  # noqa: F401 (a fixture)


def model_tournament(url: str, games: int, **options: str):
    spec = ",".join(f"{key}={value}" for key, value in {"base_url": f"{url}/v1", "model": "mock", **options}.items())
    store = open_store("memory")
    tournament, _ = open_tournament(store, forest_plan(players=(f"m=llm:{spec}", "random", "random"), games=games))
    return store, tournament


@pytest.mark.parametrize(("limit", "most"), [(None, 6), (2, 2)])
def test_one_worker_keeps_its_games_in_flight_together_within_the_endpoints_limit(limit, most):
    with serving(MockPolicy(delay=0.1)) as server:
        options = {} if limit is None else {"max_requests": str(limit)}
        store, tournament = model_tournament(server.url, games=6, **options)
        play_tournament(store, tournament, workers=1, concurrency=6)
    assert server.most_at_once == most
    result = standings(tournament)
    assert result.finished and result.rated == 6


def test_many_games_in_flight_are_the_default_only_when_a_seat_is_remote():
    assert default_concurrency(remote=True) == REMOTE_CONCURRENCY > 1
    assert default_concurrency(remote=False) == 1


def test_a_player_that_kills_a_worker_with_games_in_flight_only_fails_its_own_games(tmp_path, broken_players):  # noqa: F811
    result = meeplog(
        "tournament", "forest", "-p", "random", "-p", "random", "-p", "random", "-p", "die",
        "--seats", "3", "--games", "9", "--workers", "2", "--concurrency", "3",
        "--db", str(tmp_path / "t.db"), "--out", str(tmp_path), env=broken_players,
    )
    assert result.returncode == 1, result.stderr  # some games could not be played, and the status says so
    table = standings_file(tmp_path)
    assert table["finished"] and table["recorded"] == 9
    assert table["rated"] == 3 and table["failed"] == 6
    assert all("worker process died" in failure["reason"] for failure in table["failures"])


def test_a_limited_endpoint_keeps_its_limit_over_the_whole_tournament_by_playing_in_one_worker(tmp_path):
    with serving(MockPolicy(delay=0.1)) as server:
        model = f"m=llm:base_url={server.url}/v1,model=mock,max_requests=2"
        result = meeplog("tournament", "forest", "-p", model, "-p", "random", "-p", "random", "--games", "6",
                         "--db", str(tmp_path / "t.db"), "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert server.most_at_once == 2
