"""meeplog analyse: a game or a tournament's games, in worker processes, a table and JSON, one-line errors."""

from __future__ import annotations

import json

import pytest

from tests.tournament.plans import forest_plan, meeplog, played


@pytest.fixture(scope="module")
def tournament(tmp_path_factory):
    """A SQLite store with a 3-game Forest tournament, and the tournament's id."""
    path = tmp_path_factory.mktemp("analysis") / "t.db"
    store, tournament = played(path, forest_plan(("random", "heuristic", "random:seed=2"), games=3))
    store.close()
    return path, str(tournament.id)


def test_a_tournament_is_analysed_over_workers_into_json_and_the_same_command_reads_it_back(tournament, tmp_path):
    db, tournament_id = tournament
    out = tmp_path / "a.json"
    first = meeplog("analyse", "--tournament", tournament_id[:8], "--sims", "20", "--workers", "2",
                    "--json", str(out), "--db", str(db))
    assert first.returncode == 0, first.stderr
    assert "Loss per decision" in first.stdout and "heuristic" in first.stdout
    written = json.loads(out.read_text())
    assert len(written["games"]) == 3 and len(written["analyses"]) == 9
    assert written["settings"] == {"sims": 20, "seed": 0, "blunder": 0.5, "version": "1"}
    rows = {row["player"]: row for row in written["players"]}
    assert set(rows) == {"random", "heuristic", "random:seed=2"}
    assert all(row["games"] == 3 and row["low"] <= row["rank_loss"] <= row["high"] for row in rows.values())
    again = meeplog("analyse", "--tournament", tournament_id, "--sims", "20", "--json", str(tmp_path / "b.json"),
                    "--db", str(db))
    assert again.returncode == 0 and "analysing" not in again.stdout  # read back, not scored again
    assert json.loads((tmp_path / "b.json").read_text()) == written


@pytest.mark.parametrize(("args", "message"), [
    ((), "error: give a game id or --tournament ID, one of them"),
    (("nothing",), "error: no stored game with an id starting 'nothing'"),
    (("--tournament", "nothing"), "error: no stored tournament with an id starting 'nothing'"),
])
def test_bad_input_is_one_line(tournament, args, message):
    db, _ = tournament
    result = meeplog("analyse", *args, "--db", str(db))
    assert result.returncode == 2 and result.stderr.startswith(message) and result.stderr.count("\n") == 1


def test_a_seat_out_of_range_and_a_missing_store_are_one_line(tournament, tmp_path):
    db, tournament_id = tournament
    result = meeplog("analyse", "--tournament", tournament_id, "--seat", "3", "--db", str(db))
    assert result.returncode == 2 and result.stderr == "error: --seat takes a seat from 0 to 2\n"
    missing = meeplog("analyse", "abc", "--db", str(tmp_path / "none.db"))
    assert missing.returncode == 2 and "no store at" in missing.stderr
