"""`meeplog tournament` as a user runs it: killed and resumed, with a crashing player, and its errors."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest

from meeplog.core.store import open_store
from meeplog.core.tournament.run import play_tournament
from meeplog.core.tournament.schedule import game_id
from meeplog.core.tournament.standings import standings
from meeplog.core.tournament.stored import load_tournament, open_tournament, tournament_ids
from tests.stores import postgres_database
from tests.tournament.plans import MEEPLOG, forest_plan, meeplog, recorded, recorded_so_far

REPO = Path(__file__).resolve().parents[2]
THREE_RANDOM = ["-p", "random", "-p", "random", "-p", "random"]


def standings_file(out: Path) -> dict:
    [path] = out.glob("*.json")
    return json.loads(path.read_text())


def wait_for_group_to_end(group: int, seconds: float = 30) -> None:
    """Give the processes of a stopped tournament's group (its workers) time to notice and exit."""
    deadline = time.monotonic() + seconds
    while running_in_group(group) and time.monotonic() < deadline:
        time.sleep(0.1)


def running_in_group(group: int) -> list[int]:
    """The processes of a process group that are still running (not zombies waiting to be reaped)."""
    running = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            running.append(int(stat.parent.name))
    return running


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def killed_db(request, tmp_path) -> Iterator[str]:
    """Where the killed tournament stores: a SQLite file or PostgreSQL. On both the workers save their own games
    (own_writes.py), so a game may be stored without its result when the tournament dies."""
    if request.param == "sqlite":
        yield str(tmp_path / "killed.db")
    else:
        with postgres_database() as url:
            yield url


def test_a_killed_tournament_resumes_to_the_standings_of_an_uninterrupted_run(killed_db, tmp_path):
    games, seed = 400, 11  # the first results come some 50-70 games in on an idle machine: room to spare
    command = ["tournament", "forest", *THREE_RANDOM, "--games", str(games), "--seed", str(seed), "--workers", "2"]
    db, out = killed_db, tmp_path / "out"
    run = subprocess.Popen(
        [MEEPLOG, *command, "--db", str(db), "--out", str(out)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 120
        while recorded_so_far(db) < 10 and run.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        run.send_signal(signal.SIGKILL)  # the tournament process only: its workers must notice and stop
        run.wait()
        wait_for_group_to_end(run.pid)
        assert running_in_group(run.pid) == []
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(run.pid, signal.SIGKILL)
    partial = recorded(db)
    assert 10 <= partial < games

    [tournament_id] = tournament_ids(open_store(str(db)))
    shown = meeplog("tournament", "show", "--db", str(db), str(tournament_id)[:8])
    assert shown.returncode == 0, shown.stderr
    assert f"{partial}/{games} games recorded so far" in shown.stdout

    resumed = meeplog(*command, "--db", str(db), "--out", str(out))
    assert resumed.returncode == 0, resumed.stderr
    assert f"resuming: {partial} games already recorded" in resumed.stdout

    elsewhere = open_store("memory")
    uninterrupted, _ = open_tournament(elsewhere, forest_plan(games=games, seed=seed))
    assert uninterrupted.id == tournament_id
    play_tournament(elsewhere, uninterrupted, workers=2)
    final = standings_file(out)
    assert final == json.loads(orjson.dumps(dataclasses.asdict(standings(uninterrupted))))
    assert final["finished"] and final["recorded"] == final["rated"] == games
    store = open_store(str(db))
    assert sorted(str(s.id) for s in store.games()) == sorted(str(game_id(tournament_id, i)) for i in range(games))
    assert load_tournament(store, tournament_id).runs == 2


WITH_CTRL_C = (  # runs a command with Ctrl-C (SIGINT) handled as in a terminal, even if this process ignores it
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])"
)


def test_ctrl_c_stops_at_once_and_the_same_command_resumes(tmp_path):
    games = 400  # the first results come some 50-70 games in on an idle machine: the Ctrl-C lands before the end
    db = tmp_path / "t.db"
    command = ["tournament", "forest", *THREE_RANDOM, "--games", str(games), "--workers", "2", "--db", str(db)]
    run = subprocess.Popen(
        [sys.executable, "-c", WITH_CTRL_C, MEEPLOG, *command, "--out", str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 120
        while recorded_so_far(tmp_path / "t.db") < 5 and run.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        os.killpg(run.pid, signal.SIGINT)  # what a terminal sends to the whole foreground group
        out, _ = run.communicate(timeout=60)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(run.pid, signal.SIGKILL)
    assert run.returncode == 130
    partial = recorded(tmp_path / "t.db")
    assert f"interrupted: {partial}/{games} games recorded; the same command resumes" in out

    resumed = meeplog(*command, "--out", str(tmp_path))
    assert resumed.returncode == 0, resumed.stderr
    assert f"resuming: {partial} games already recorded" in resumed.stdout
    assert standings_file(tmp_path)["recorded"] == games
    assert len(list(open_store(str(tmp_path / "t.db")).games())) == games


@pytest.fixture
def broken_players(tmp_path) -> dict[str, str]:
    """The environment of a process with the `crash` and `die` players installed (a test-only entry point)."""
    dist = tmp_path / "site" / "meeplog_test_players-0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: meeplog-test-players\nVersion: 0\n")
    (dist / "entry_points.txt").write_text(
        "[meeplog.players]\n"
        "crash = tests.tournament.players:CrashingPlayer\n"
        "die = tests.tournament.players:DyingPlayer\n"
    )
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path / "site"), str(REPO)])}


def test_a_crashing_player_does_not_stop_the_tournament(tmp_path, broken_players):
    result = meeplog(
        "tournament", "forest", "-p", "random", "-p", "random", "-p", "crash", "-p", "random",
        "--seats", "3", "--games", "12", "--workers", "2", "--db", str(tmp_path / "t.db"), "--out", str(tmp_path),
        env=broken_players,
    )
    assert result.returncode == 0, result.stderr
    table = standings_file(tmp_path)
    players = {p["player"]: p for p in table["players"]}
    assert table["finished"] and table["recorded"] == 12 and table["failed"] == 0
    assert players["crash"]["fell_back"] == players["crash"]["rejected"] == 9  # 3 tables of 4, 3 seatings each
    assert table["rated"] == 3 and players["crash"]["games"] == 0
    assert all(players[name]["fell_back"] == 0 for name in ("random", "random#2", "random#3"))
    assert "9 games with a fallback are counted apart" in result.stdout


def test_a_player_that_kills_its_worker_process_only_fails_its_own_games(tmp_path, broken_players):
    result = meeplog(
        "tournament", "forest", "-p", "random", "-p", "random", "-p", "random", "-p", "die",
        "--seats", "3", "--games", "9", "--workers", "2", "--db", str(tmp_path / "t.db"), "--out", str(tmp_path),
        env=broken_players,
    )
    assert result.returncode == 1, result.stderr  # the tournament ends, saying games could not be played
    assert "6 games could not be played" in result.stdout
    table = standings_file(tmp_path)
    assert table["finished"] and table["recorded"] == 9
    assert table["rated"] == 3 and table["failed"] == 6  # the first table has no `die`; the next two do
    assert {failure["index"] for failure in table["failures"]} == set(range(3, 9))
    assert all("worker process died" in failure["reason"] for failure in table["failures"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["forest", "-p", "random", "-p", "random"], "is played with 3 seats but 2 players were given"),
        (["forest", *THREE_RANDOM, "--seats", "5"], "takes 3 to 4 players, not 5"),
        (["forest", "-p", "wizard", "-p", "random", "-p", "random"], "unknown player 'wizard'"),
        (["forest", *THREE_RANDOM, "--fallback", "random:seed=x"], "bad options for player 'random'"),
        (["chess", "-p", "random"], "unknown game 'chess'"),
        (["show", "0123abcd"], "no stored tournament with an id starting '0123abcd'"),
    ],
)
def test_mistakes_get_one_line_errors(tmp_path, args, message):
    result = meeplog("tournament", *args, "--db", str(tmp_path / "t.db"))
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr


def test_a_seat_count_below_one_is_refused_not_taken_for_the_default(tmp_path):
    result = meeplog("tournament", "forest", *THREE_RANDOM, "--seats", "0", "--db", str(tmp_path / "t.db"))
    assert result.returncode == 2 and "Invalid value for '--seats'" in result.stderr
    assert "Traceback" not in result.stderr and not (tmp_path / "t.db").exists()


def test_a_finished_tournament_run_again_plays_nothing_and_is_listed(tmp_path):
    command = ["tournament", "forest", *THREE_RANDOM, "--games", "3", "--db", str(tmp_path / "t.db")]
    first = meeplog(*command, "--out", str(tmp_path / "first"))
    again = meeplog(*command, "--out", str(tmp_path / "again"))
    assert first.returncode == again.returncode == 0, first.stderr + again.stderr
    assert "already played to the end" in again.stdout
    assert standings_file(tmp_path / "first") == standings_file(tmp_path / "again")
    listed = meeplog("tournament", "list", "--db", str(tmp_path / "t.db"))
    assert "3/3" in listed.stdout and "finished" in listed.stdout


def test_a_tournaments_id_given_for_a_game_says_what_it_is(tmp_path):
    db = str(tmp_path / "t.db")
    assert meeplog("tournament", "forest", *THREE_RANDOM, "--games", "1", "--db", db,
                   "--out", str(tmp_path / "out")).returncode == 0
    [tournament] = tournament_ids(open_store(db))
    for command in (["log", str(tournament)], ["replay", "export", str(tournament), "-o", str(tmp_path / "t.json")]):
        result = meeplog(*command, "--db", db)
        assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
        assert f"{tournament} is not a game's id (it holds a TournamentScheduled)" in result.stderr
        assert "`meeplog tournament list` the tournaments" in result.stderr
