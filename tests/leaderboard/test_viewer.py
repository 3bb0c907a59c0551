"""The viewer's leaderboard: /leaderboard and /leaderboard/{game} over a store of two tournaments, its JSON API, the
links to it from the tournament pages, and the page in a real browser (Chromium through Playwright)."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from meeplog.core.store import open_store
from meeplog.core.tournament.stored import tournament_ids
from meeplog.replays.viewer.app import create_app
from meeplog.replays.viewer.library import StoreLibrary
from tests.leaderboard.conftest import FOREST_PLAYERS, HIKE_PLAYERS
from tests.viewer.browser import chromium, served


@pytest.fixture(scope="module")
def library(two_tournaments):
    return StoreLibrary(open_store(str(two_tournaments)), str(two_tournaments))


@pytest.fixture(scope="module")
def client(library):
    return TestClient(create_app(library))


def test_the_json_api_gives_what_the_command_writes_and_one_game_on_its_own(client):
    board = client.get("/api/leaderboard").json()
    assert [section["game"] for section in board["sections"]] == ["all", "forest", "hike"]
    hike = client.get("/api/leaderboard/hike?model=openskill").json()
    assert hike["model"] == "openskill" and [section["game"] for section in hike["sections"]] == ["hike"]


def test_an_unknown_game_or_model_is_a_short_refusal(client):
    assert client.get("/leaderboard/chess").status_code == 404
    refused = client.get("/api/leaderboard?model=elo")
    assert refused.status_code == 400 and "model='elo'" in refused.json()["error"]


def test_the_tournament_pages_link_to_the_leaderboard(client, library):
    assert 'href="http://testserver/leaderboard"' in client.get("/tournaments").text
    for found in tournament_ids(library.store):
        page = client.get(f"/tournaments/{found}").text
        assert "/leaderboard/forest" in page or "/leaderboard/hike" in page


def test_the_leaderboard_page_lists_every_player_per_game_and_across_games_in_a_browser(library):
    with chromium() as browser, served(library) as site:
        page = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{site}/tournaments")
        page.get_by_role("link", name="the leaderboard").click()
        page.wait_for_url(f"{site}/leaderboard")
        for game, players in (
            ("all", {*FOREST_PLAYERS, *HIKE_PLAYERS}),
            ("forest", FOREST_PLAYERS),
            ("hike", HIKE_PLAYERS),
        ):
            rows = page.locator(f"#section-{game} table.standings:not(.head-to-head) tbody tr")
            listed = {rows.nth(i).locator("td").nth(1).inner_text() for i in range(rows.count())}
            assert listed == set(players), (game, listed)
        page.get_by_role("link", name="hike").first.click()
        page.wait_for_url(f"{site}/leaderboard/hike?model=bt")
        assert page.locator("section.leaderboard").count() == 1
        assert "first seat won" in page.locator("#section-hike").inner_text()
        assert errors == []
