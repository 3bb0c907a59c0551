"""Every command's exit status against the README's table (core/statuses.py): 0 done, 1 a game failed or
forfeited, 2 bad input (a damaged store included), named in one line."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from meeplog.core import statuses
from meeplog.core.cli import app
from meeplog.players.mock_llm import MockPolicy, serving

THREE_RANDOM = ("-p", "random") * 3


def meeplog(*args: str | Path) -> tuple[int, str]:
    result = CliRunner().invoke(app, [str(arg) for arg in args])
    assert "Traceback" not in result.output
    return result.exit_code, result.stderr


@pytest.fixture(scope="module")
def damaged(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A store whose first game's first row is no JSON, in the log and in the copy of the result records the
    listing and the leaderboard read (core/result_rows.py), and that game's id."""
    db = tmp_path_factory.mktemp("damaged") / "d.db"
    assert meeplog("play", "forest", *THREE_RANDOM, "--seed", "1", "-q", "--db", db)[0] == statuses.DONE
    with sqlite3.connect(db) as connection:
        [game_id] = connection.execute("SELECT DISTINCT originator_id FROM stored_events").fetchone()
        for table in ("stored_events", "stored_events_result_rows"):
            connection.execute(f"UPDATE {table} SET state = X'FFFE00' WHERE originator_version = 1")
    return db, game_id


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "chess", *THREE_RANDOM), "unknown game 'chess'"),
        (("play", "forest", "-p", "nobody", "-p", "random", "-p", "random"), "unknown player 'nobody'"),
        (("play", "forest", *THREE_RANDOM, "-o", "no_such_option=1"), "no_such_option"),
        (("log", "0123abcd"), "no stored game with an id starting '0123abcd'"),
    ],
)
def test_bad_input_exits_2_in_one_line(args: tuple[str, ...], message: str) -> None:
    status, stderr = meeplog(*args, "--db", "memory")
    assert status == statuses.BAD_INPUT, stderr
    assert message in stderr and len(stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "args",
    [("play", "forest", *THREE_RANDOM, "--seed", "abc"), ("tournament", "forest", *THREE_RANDOM, "--games", "0")],
)
def test_a_bad_option_value_exits_2_as_the_other_bad_input(args: tuple[str, ...]) -> None:
    assert meeplog(*args, "--db", "memory")[0] == statuses.BAD_INPUT


@pytest.mark.parametrize("command", [("list",), ("leaderboard",), ("log", "GAME")])
def test_a_damaged_store_is_named_so_with_status_2(damaged: tuple[Path, str], command: tuple[str, ...]) -> None:
    db, game_id = damaged
    status, stderr = meeplog(*[game_id if part == "GAME" else part for part in command], "--db", db)
    assert status == statuses.BAD_INPUT
    assert stderr.startswith("error: the store is damaged: event 1 of") and "UTF-8" not in stderr.split("(")[0]


def test_a_finished_game_exits_0_and_a_forfeited_one_1() -> None:
    assert meeplog("play", "forest", *THREE_RANDOM, "--seed", "3", "-q", "--db", "memory")[0] == statuses.DONE
    with serving(MockPolicy(malformed=1.0)) as server:
        agent = f"http:url={server.url}/agent,dead_after=2"
        status, _ = meeplog(
            "play", "forest", "-p", agent, "-p", "random", "-p", "random", "-q", "--db", "memory", "--seed", "3"
        )
    assert status == statuses.GAMES_FAILED
