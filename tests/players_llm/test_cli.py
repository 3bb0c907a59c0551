"""The command line with remote seats, run as a user runs it: `meeplog play -p llm:...` and `meeplog mock-llm`."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

import httpx

from meeplog.core.store import open_store
from meeplog.players.mock_llm import Behaviour
from tests.players_llm.test_api_keys import KEY_ENV

MEEPLOG = str(Path(sys.executable).with_name("meeplog"))


def meeplog(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([MEEPLOG, *args], capture_output=True, text=True, timeout=120, check=False,
                          env={**os.environ, **(env or {})})


def test_play_one_llm_seat_against_bots_with_a_key_that_shows_nowhere(mock_server, tmp_path):
    server = mock_server(failures=0.1, malformed=0.1, retry_after=0, seed=3)
    key = "sk-test-" + secrets.token_hex(16)
    db = tmp_path / "games.db"
    seat = f"llm:base_url={server.url}/v1,model=mock,api_key_env={KEY_ENV},backoff=0.001"
    played = meeplog("play", "forest", "-p", seat, "-p", "random", "-p", "random", "--seed", "7", "--db", str(db),
                     env={KEY_ENV: key})
    assert played.returncode == 0, played.stderr
    assert "seat 0 asked mock: answered" in played.stdout and "final scores" in played.stdout
    assert key not in played.stdout + played.stderr
    assert key.encode() not in db.read_bytes()
    game_id = played.stdout.split("stored as game ")[1].split()[0]
    for seat_view in ([], ["--as", "0"], ["--as", "1"]):
        logged = meeplog("log", game_id, "--db", str(db), *seat_view)
        assert logged.returncode == 0 and key not in logged.stdout
    as_other = meeplog("log", game_id, "--db", str(db), "--as", "1").stdout
    assert "seat 0 consulted mock" in as_other and "asked mock" not in as_other


def test_a_refused_key_stops_play_and_a_tournament_with_one_line_instead_of_playing_on_at_random(mock_server,
                                                                                                  tmp_path):
    server = mock_server(script=[Behaviour.UNAUTHORIZED] * 50)
    seat = f"llm:base_url={server.url}/v1,model=mock,api_key_env={KEY_ENV}"
    endpoint = f"{server.url}/v1/chat/completions: HTTP 401 Unauthorized: Incorrect API key provided"
    played = meeplog("play", "forest", "-p", "random", "-p", seat, "-p", "random", "--db", "memory",
                     env={KEY_ENV: "sk-wrong"})
    assert played.returncode == 1 and len(server.received) == 1
    assert played.stderr.startswith(f"error: seat 1 (mock): {endpoint}; the key in ${KEY_ENV} was refused")

    db = tmp_path / "t.db"
    command = ["tournament", "forest", "-p", seat, "-p", "random", "-p", "random", "--games", "6", "--workers", "1",
               "--db", str(db), "--out", str(tmp_path)]
    stopped = meeplog(*command, "--concurrency", "1", env={KEY_ENV: "sk-wrong"})
    assert stopped.returncode == 1 and len(server.received) == 2, "the first game's first request, then nothing"
    assert f"(mock): {endpoint}" in stopped.stderr and "the same command resumes" in stopped.stderr
    assert len(list(open_store(str(db)).games())) == 0

    in_flight = meeplog(*command, env={KEY_ENV: "sk-wrong"})  # all six games in flight at once, by default
    assert in_flight.returncode == 1 and 3 <= len(server.received) <= 2 + 6, "at most each game's first request"
    assert f"(mock): {endpoint}" in in_flight.stderr
    assert not any(game.finished for game in open_store(str(db)).games())


def test_play_refuses_an_llm_seat_whose_key_variable_is_not_set():
    env = {k: v for k, v in os.environ.items() if k != KEY_ENV}
    result = subprocess.run([MEEPLOG, "play", "forest", "-p", f"llm:base_url=http://127.0.0.1:9/v1,model=m,"
                             f"api_key_env={KEY_ENV}", "-p", "random", "-p", "random", "--db", "memory"],
                            capture_output=True, text=True, timeout=120, check=False, env=env)
    assert result.returncode == 2  # bad input (README's exit statuses)
    assert f"the environment variable {KEY_ENV} is not set" in result.stderr


def test_the_mock_llm_command_serves_until_stopped_and_follows_its_script():
    server = subprocess.Popen([MEEPLOG, "mock-llm", "--port", "0", "--script", "500"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    try:
        banner = server.stdout.readline()
        url = banner.split("mock model at ")[1].split()[0]
        request = {"model": "any", "messages": [{"role": "user", "content": "Your legal commands:\n"
                                                                           '[0] {"type":"Pick","side":1} (pick 1)'}]}
        failed = httpx.post(f"{url}/chat/completions", json=request, timeout=10)
        answered = httpx.post(f"{url}/chat/completions", json=request, timeout=10)
        assert failed.status_code == 500
        assert answered.json()["choices"][0]["message"]["content"] == '{"command": {"type": "Pick", "side": 1}}'
    finally:
        server.terminate()
        server.wait(10)


def test_the_mock_llm_command_refuses_a_bad_policy():
    result = meeplog("mock-llm", "--malformed", "0.7", "--failures", "0.7")
    assert result.returncode == 2 and "must not exceed 1" in result.stderr


def test_the_model_report_written_to_a_pipe_keeps_every_column_and_the_json_and_csv_have_them(mock_server, tmp_path):
    server = mock_server(seed=3)
    seat = f"m=llm:base_url={server.url}/v1,model=mock,input_price=2.5,output_price=10"
    run = meeplog("tournament", "forest", "-p", seat, "-p", "random", "-p", "random", "--games", "3",
                  "--db", str(tmp_path / "t.db"), "--out", str(tmp_path / "out"))
    assert run.returncode == 0, run.stdout + run.stderr
    report = run.stdout.partition("How each player played")[2]
    for column in ("games", "rated", "decisions", "failures", "fallbacks", "forfeits", "retries", "requests/",
                   "decision", "tokens", "latency p50/p95", "cost"):
        assert column in report, column
    assert "left out" not in run.stdout
    [json_file] = (tmp_path / "out").glob("*.json")
    [model] = [p for p in json.loads(json_file.read_text())["players"] if p["player"] == "m"]
    assert model["report"]["played"] == 3 and model["report"]["cost"] > 0
    assert 0 < model["report"]["requests_per_decision"] <= 1
    [csv_file] = (tmp_path / "out").glob("*.csv")
    header = csv_file.read_text().splitlines()[0].split(",")
    assert {"games", "played", "requests_per_decision", "cost", "latency_p95_ms", "forfeited"} <= set(header)
