"""A seat's sheet at the end of a game: the result as the seat page shows it, by category where the game counts so."""

from __future__ import annotations

import pytest

from meeplog.replays.viewer.sheets import sheet
from tests.replays.recording import record


def test_a_finished_trekking_games_sheet_gives_each_seats_score_by_category_adding_up_to_it():
    game = record("trekking", 3, 3)
    events = [recorded.event for recorded in game.log]
    drawn = sheet(game.rules, game.state, 0, seats=game.started.seats, events=events, version=game.version)
    result = drawn["result"]
    assert drawn["over"] and result["tie_break"].startswith("ties broken by most souvenirs")
    assert [sum(pad.values()) for pad in result["categories"]] == result["scores"]
    assert list(result["categories"][0]) == [
        "destination cards", "VP tokens", "region tokens", "Most Souvenirs tiles", "souvenir sets"
    ]


@pytest.mark.parametrize(("game", "said"), [
    ("routard", "arrival with a full collection ("),
    ("hike", "boot prints of the score pile ("),
    ("donkey", "scored load cards ("),
])
def test_a_game_that_counts_one_number_says_it_in_one_category_with_the_tie_breaks_figure(game, said):
    played = record(game, 3, 5)
    events = [recorded.event for recorded in played.log]
    drawn = sheet(played.rules, played.state, 1, seats=played.started.seats, events=events, version=played.version)
    result = drawn["result"]
    assert [sum(pad.values()) for pad in result["categories"]] == result["scores"]
    assert all(len(pad) == 1 and next(iter(pad)).startswith(said) for pad in result["categories"])
