"""Check before spending: every distinct endpoint is asked once before the first game, and a wrong URL, port, model
name or key, or a server failing every request, ends the run in seconds with one line naming the seat, the URL and
what failed (exit status 2); a server that is there but slow passes."""

from __future__ import annotations

import socket
import time

import pytest

from meeplog.core.players import PlayerSpec, PreflightFailed, make_player
from meeplog.core.preflight import preflight
from meeplog.core.registry import load_rules
from meeplog.players import preflight as checks
from tests.players_llm.helpers import spec
from tests.tournament.plans import meeplog


def closed_port() -> int:
    """A port on this machine where nothing listens (connections are refused at once)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def check(*specs: str) -> None:
    rules = load_rules("forest")
    players = [(f"seat {seat}", make_player(PlayerSpec.parse(text), seat)) for seat, text in enumerate(specs)]
    preflight(rules, rules.configure(3), players)


def model(url: str, **options) -> str:
    return spec("llm", base_url=f"{url}/v1", **{"model": "mock", **options})


def test_each_distinct_endpoint_is_asked_once_in_the_seats_format(mock_server):
    server = mock_server(refuse=("json_schema",))
    check(model(server.url), model(server.url), "random")
    assert server.preflights == 2, "one refused format, then the weaker one: the same negotiation as a game's"
    assert server.received == [] and server.answered == [], "a pre-flight is no game request"


def test_a_wrong_port_fails_at_once_naming_the_seat_and_the_url():
    url = f"http://127.0.0.1:{closed_port()}"
    began = time.monotonic()
    with pytest.raises(PreflightFailed) as failed:
        check("random", model(url))
    assert time.monotonic() - began < 5
    assert str(failed.value).startswith(f"seat 1: {url}/v1/chat/completions: cannot connect (connection refused")


def test_a_model_the_server_does_not_serve_is_named_with_the_ones_it_does(mock_server):
    server = mock_server(models=("gpt-x", "gpt-y"))
    with pytest.raises(PreflightFailed, match=r"no model 'mock' there\? .*HTTP 404.*; it serves gpt-x, gpt-y"):
        check(model(server.url))


def test_a_refused_key_says_what_to_do(mock_server, monkeypatch):
    server = mock_server(key="right")
    monkeypatch.setenv("MOCK_KEY", "wrong")
    with pytest.raises(PreflightFailed, match=r"HTTP 401.*the key in \$MOCK_KEY was refused: fix it"):
        check(model(server.url, api_key_env="MOCK_KEY"))
    monkeypatch.setenv("MOCK_KEY", "right")
    check(model(server.url, api_key_env="MOCK_KEY"))


def test_a_server_failing_every_request_fails_after_a_few_quick_tries(mock_server):
    server = mock_server(failures=1.0, retry_after=0.1)
    began = time.monotonic()
    with pytest.raises(PreflightFailed, match=r"HTTP (429|500)"):
        check(model(server.url))
    assert server.preflights == checks.PREFLIGHT_TRIES and time.monotonic() - began < 10


def test_an_agent_behind_a_wrong_path_fails_and_one_behind_the_right_path_passes(mock_server):
    server = mock_server()
    with pytest.raises(PreflightFailed, match=r"seat 0: http://127\.0\.0\.1:\d+/wrong: HTTP 404"):
        check(spec("http", url=f"{server.url}/wrong"))
    check(spec("http", url=f"{server.url}/agent"))
    assert server.preflights == 2


def test_a_server_that_is_there_but_slow_passes(mock_server, monkeypatch):
    monkeypatch.setattr(checks, "PREFLIGHT_TIMEOUT", checks.httpx.Timeout(0.3, connect=2.0))
    server = mock_server(delay=1.0)
    check(model(server.url))


def test_a_tournament_with_a_wrong_port_fails_within_seconds_naming_the_url(tmp_path):
    began = time.monotonic()
    failed = meeplog("tournament", "forest", "-p", "m=llm:base_url=http://127.0.0.1:9/v1,model=mock", "-p", "random",
                     "-p", "random", "--games", "4", "--db", str(tmp_path / "t.db"), "--out", str(tmp_path / "out"))
    assert time.monotonic() - began < 15
    assert failed.returncode == 2, failed.stdout + failed.stderr
    [line] = failed.stderr.strip().splitlines()
    assert line.startswith("error: player m: http://127.0.0.1:9/v1/chat/completions: cannot connect"), line


def test_play_with_a_wrong_port_fails_before_the_game(tmp_path):
    url = f"http://127.0.0.1:{closed_port()}"
    failed = meeplog("play", "forest", "-p", model(url), "-p", "random", "-p", "random", "--db", "memory")
    assert failed.returncode == 2, failed.stdout + failed.stderr
    assert f"error: seat 0 (mock at {url}/v1): {url}/v1/chat/completions: cannot connect" in failed.stderr
    assert "nothing was played" in failed.stderr
