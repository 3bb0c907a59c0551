"""A seat's sheet at the end of a game: the result as the seat page shows it, by category where the game counts so."""

from __future__ import annotations

from meeplog.replays.viewer.sheets import sheet
from tests.replays.recording import record


def test_a_finished_trekking_games_sheet_gives_each_seats_score_by_category_adding_up_to_it():
    game = record("trekking", 3, 3)
    events = [recorded.event for recorded in game.log]
    drawn = sheet(game.rules, game.state, 0, seats=game.started.seats, events=events, version=game.version)
    result = drawn["result"]
    assert drawn["over"] and result["tie_break"].startswith("ties broken by most souvenirs")
    assert [sum(pad.values()) for pad in result["categories"]] == result["scores"]
    assert set(result["categories"][0]) == {"destinations", "vp_tokens", "region_tokens", "tiles", "sets"}
