"""The viewer's "all seats" perspective is nobody's: its panel is titled so, and every seat's board reads in the
third person, with no seat marked as the reader's own, while a seat's own page still says "you"."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient

from meeplog.replays.viewer.app import create_app
from meeplog.replays.viewer.boards import board_module, onlooker
from meeplog.replays.viewer.library import StoreLibrary


@pytest.fixture(scope="module")
def client(stored):
    path, store, _ = stored
    return TestClient(create_app(StoreLibrary(store, str(path))))


def test_the_all_seats_panel_is_titled_so_and_calls_no_seat_you_in_any_game(stored, client):
    for game in stored[2]:
        answer = client.get(f"/api/games/{game.id}/steps/1").json()
        assert answer["frame"]["panel"]["title"] == "all seats"
        boards = answer["html"]
        assert f"seat {game.players - 1}, as it sees the table" in boards
        assert not re.search(r"\byou(r)?\b", " ".join(re.findall(r'class="(?:label|name)">(.*?)<', boards)), re.I)
        assert not re.search(r'class="[^"]*\bme\b', boards), game.rules.name
        own = client.get(f"/api/games/{game.id}/steps/1", params={"as": 0}).json()
        assert own["frame"]["panel"]["title"] == "seat 0's view"
        if board_module(game.rules) is not None:  # a game's own drawing marks the seat's own zones
            assert re.search(r'class="[^"]*\bme\b', own["html"]), game.rules.name


def test_a_board_read_by_an_onlooker_names_the_seat_where_it_said_you():
    board = (
        '<div class="board"><div class="zone hand me"><span class="label">your hand (seat 2)</span>'
        '<span class="card" data-secret="7"><span class="name">your sealed bid</span></span></div>'
        '<div class="zone seat seat-2 me"><span class="label">seat 2 (you)</span>you</div></div>'
    )
    assert onlooker(board, 2) == (
        '<div class="board"><div class="zone hand"><span class="label">seat 2&#x27;s hand</span>'
        '<span class="card" data-secret="7"><span class="name">seat 2&#x27;s sealed bid</span></span></div>'
        '<div class="zone seat seat-2"><span class="label">seat 2</span>you</div></div>'
    )
