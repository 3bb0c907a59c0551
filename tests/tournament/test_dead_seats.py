"""A dead seat ends cleanly: a seat whose model never answers a playable command forfeits its game (or stops the
tournament, to be resumed once the model is mended) instead of playing a whole game at random. (A server that is
down is no dead seat: its games pause, tests/players_llm/test_outages.py.)"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket

import pytest

from meeplog.core.audit import SeatForfeited
from meeplog.core.game import Game
from meeplog.core.players import make_player
from meeplog.core.registry import load_rules
from meeplog.core.runner import MatchRunner
from meeplog.core.specs import PlayerSpec
from meeplog.core.waits import waiting_line
from meeplog.players.mock_llm import MockPolicy, serving
from tests.tournament.plans import meeplog
from tests.tournament.test_cli import standings_file

BROKEN = MockPolicy(malformed=1.0)  # every answer illegal, unparsable, empty or cut: the model's failures


def closed_port() -> int:
    """A port on this machine where nothing listens (connections are refused at once)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def stack():
    with contextlib.ExitStack() as entered:
        yield entered


def test_a_tournament_told_to_stop_on_a_dead_seat_stops_and_resumes_once_the_server_is_mended(tmp_path):
    with serving(BROKEN) as server:
        model = f"m=llm:base_url={server.url}/v1,model=mock"
        command = ["tournament", "forest", "-p", model, "-p", "random", "-p", "random", "--games", "2",
                   "--workers", "1", "--concurrency", "1", "--db", str(tmp_path / "t.db"),
                   "--out", str(tmp_path / "out")]
        stopped = meeplog(*command, "--on-dead-seat", "stop")
        assert stopped.returncode == 1
        assert "failed 3 decisions in a row; last failure: " in stopped.stderr
        assert "stopped (on_dead_seat=stop)" in stopped.stderr and "the same command resumes" in stopped.stderr
        server.policy = MockPolicy()
        resumed = meeplog(*command, "--on-dead-seat", "stop")
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    assert "resuming: 0 games already recorded, 2 to play" in resumed.stdout
    result = standings_file(tmp_path / "out")
    # the stopped game keeps the decisions its fallback made (they rate nobody); the other one is played afresh
    assert (result["recorded"], result["rated"], result["failed"], result["forfeited"]) == (2, 1, 0, 0)


def test_play_ends_a_game_whose_seat_is_dead_with_no_result():
    with serving(BROKEN) as server:
        agent = f"http:url={server.url}/agent,dead_after=2"
        played = meeplog("play", "forest", "-p", agent, "-p", "random", "-p", "random", "--db", "memory", "--seed", "3")
    assert played.returncode == 1, played.stderr  # a forfeited game (the README's table of exit statuses)
    assert "no result: seat 0 (http:http://127.0.0.1:" in played.stdout
    assert "failed 2 decisions in a row; last failure: " in played.stdout
    assert "game over without a result: seat 0 forfeited" in played.stdout  # the log's last line


def test_play_marks_a_result_that_the_fallback_made():
    with serving(BROKEN) as server:
        agent = f"http:url={server.url}/agent,dead_after=0"
        played = meeplog("play", "forest", "-p", agent, "-p", "random", "-p", "random", "--db", "memory", "--seed",
                         "3", "--quiet", env={**os.environ, "COLUMNS": "200"})
    assert played.returncode == 0, played.stderr
    assert "(the fallback made" in played.stdout
    [marked] = [line for line in played.stdout.splitlines() if "(the fallback made" in line]
    fell_back, of = marked.split("(the fallback made ")[1].split(" decisions")[0].split(" of its ")
    assert 2 * int(fell_back) > int(of) > 10  # most: an illegal answer without a number to spoil is legal


def test_a_forfeit_ends_the_log_and_the_runner_says_which_seat_it_waits_on(stack):
    rules = load_rules("forest")
    server = stack.enter_context(serving(BROKEN))
    agent = PlayerSpec.parse(f"http:url={server.url}/agent")
    players = [make_player(agent, 0), make_player(PlayerSpec("random"), 1), make_player(PlayerSpec("random"), 2)]
    fallbacks = [make_player(PlayerSpec("random"), seat) for seat in range(3)]
    game = Game.start(rules, rules.configure(3), ["agent", "random", "random"], seed=2)
    runner = MatchRunner(game, players, fallbacks)
    seen: list[str | None] = []

    async def watch() -> None:
        playing = asyncio.ensure_future(runner.play())
        while not playing.done():
            seen.append(waiting_line(runner))
            await asyncio.sleep(0)
        assert playing.result() is None

    asyncio.run(watch())
    forfeit = game.log[-1].event
    assert isinstance(forfeit, SeatForfeited) and forfeit.seat == 0 and game.forfeited == forfeit
    assert "seat 0 (http:http://127.0.0.1:" in forfeit.why and "failed 3 decisions in a row" in forfeit.why
    assert any(line and line.startswith("waiting on seat 0 (http:") for line in seen)
    assert not any(line and "seat 1" in line for line in seen)  # bots answer at once: no wait is shown
