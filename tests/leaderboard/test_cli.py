"""`meeplog leaderboard` over real stores: two tournaments of different games, an old store, and bad input."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from meeplog.core.leaderboard import saved
from meeplog.core.leaderboard.projection import Settings
from meeplog.core.store import open_store
from tests.leaderboard.conftest import FOREST_PLAYERS, HIKE_PLAYERS
from tests.tournament.plans import meeplog

OLD_STORE = Path(__file__).parent.parent / "fixtures" / "before-one-package" / "store.db"


def test_two_tournaments_of_different_games_give_both_and_one_across_them_each_player_with_an_interval(
    two_tournaments, tmp_path
):
    out = tmp_path / "lb.json"
    done = meeplog(
        "leaderboard",
        "--db",
        str(two_tournaments),
        "--json",
        str(out),
        "--csv",
        str(tmp_path / "lb.csv"),
        "--png",
        str(tmp_path / "lb.png"),
    )
    assert done.returncode == 0, done.stderr
    board = json.loads(out.read_text())
    sections = {section["game"]: section for section in board["sections"]}
    assert list(sections) == ["all", "forest", "hike"]
    expected = {"all": {*FOREST_PLAYERS, *HIKE_PLAYERS}, "forest": set(FOREST_PLAYERS), "hike": set(HIKE_PLAYERS)}
    for game, section in sections.items():
        assert {s["player"] for s in section["standings"]} == expected[game]
        for standing in section["standings"]:
            assert standing["low"] <= standing["rating"] <= standing["high"], standing
    assert sections["forest"]["rated"] == 6 and sections["hike"]["rated"] == 4
    assert sections["hike"]["first_seat"][0]["games"] == 4
    assert {(h["player"], h["opponent"]) for h in sections["hike"]["head_to_head"]} in (
        {("heuristic", "random")},
        {("random", "heuristic")},
    )
    assert "All games: 10 rated games" in done.stdout and "head to head" in done.stdout
    assert (tmp_path / "lb.png").stat().st_size > 0 and "forest" in (tmp_path / "lb.csv").read_text()
    again = meeplog("leaderboard", "--db", str(two_tournaments), "--json", str(tmp_path / "again.json"))
    assert again.returncode == 0 and saved.load(open_store(str(two_tournaments)), Settings()) is not None
    assert json.loads((tmp_path / "again.json").read_text()) == board  # resumed from the view the first run saved


def test_openskill_is_the_other_model_and_one_game_can_be_asked_for(two_tournaments, tmp_path):
    out = tmp_path / "lb.json"
    done = meeplog(
        "leaderboard", "--db", str(two_tournaments), "--model", "openskill", "--game", "hike", "--json", str(out)
    )
    assert done.returncode == 0, done.stderr
    board = json.loads(out.read_text())
    assert board["model"] == "openskill" and [s["game"] for s in board["sections"]] == ["hike"]


def test_an_old_store_gets_its_leaderboard(tmp_path):
    copy = tmp_path / "old.db"
    shutil.copy(OLD_STORE, copy)
    done = meeplog("leaderboard", "--db", str(copy))
    assert done.returncode == 0, done.stderr
    assert "All games: 5 rated games" in done.stdout and "heuristic" in done.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--game", "chess"), "error: unknown game 'chess'; known games: donkey, forest, hike, routard, trekking"),
        (("--db", "memory"), "error: no finished game in memory; `meeplog play` and `meeplog tournament` store games"),
        (
            ("--db", "nowhere/x.db"),
            "error: no store at 'nowhere/x.db'; give the SQLite file (or postgresql:// URL) with",
        ),
        (("--model", "elo"), "error: --model 'elo': choose bt or openskill"),
    ],
)
def test_bad_input_is_one_line_and_status_1(two_tournaments, args, message):
    db = () if "--db" in args else ("--db", str(two_tournaments))
    done = meeplog("leaderboard", *db, *args)
    assert done.returncode == 2
    assert done.stderr.count("error:") == 1 and done.stderr.splitlines()[-1].startswith(message), done.stderr


def test_a_game_with_nothing_stored_is_said_so(two_tournaments):
    done = meeplog("leaderboard", "--db", str(two_tournaments), "--game", "donkey")
    assert done.returncode == 2 and "no finished donkey game in" in done.stderr
