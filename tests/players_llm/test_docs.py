"""docs/llm-and-http-players.md stays true: its schema, its option tables and its example agent."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from meeplog.core.audit import GameFinished, PlayerFellBack
from meeplog.core.players import make_player
from meeplog.core.specs import PlayerSpec
from meeplog.players.http_agent import AgentObservation, AgentOptions
from meeplog.players.llm import LlmOptions
from tests.players_llm.helpers import bot, events, exchanges, play
from tests.players_llm.helpers import spec as player_spec
from tests.toy import PenniesRules

DOC = (Path(__file__).parents[2] / "docs" / "llm-and-http-players.md").read_text()


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", DOC, re.DOTALL)


def test_the_documented_observation_schema_is_the_one_sent():
    assert AgentObservation.model_json_schema() in [json.loads(block) for block in blocks("json")]


def test_every_option_of_both_players_is_documented():
    for name in set(LlmOptions.model_fields) | set(AgentOptions.model_fields):
        assert f"| `{name}` |" in DOC, f"option {name} is missing from the docs"


def test_the_example_agent_in_the_docs_plays_a_game(tmp_path):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    [example] = blocks("python")
    script = tmp_path / "agent.py"
    script.write_text(example.replace("9000", str(port)))
    agent = subprocess.Popen([sys.executable, str(script)], stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}/"
        _wait_until_listening(url)
        player = make_player(PlayerSpec.parse(player_spec("http", url=url)), seed=0)
        game = play(PenniesRules(), [player, bot(1)])
        assert events(game, GameFinished) and events(game, PlayerFellBack) == []
        assert all(e.failure is None for e in exchanges(game)) and len(exchanges(game)) == 3
    finally:
        agent.terminate()
        agent.wait(10)


def _wait_until_listening(url: str) -> None:
    for _ in range(100):
        try:
            httpx.get(url, timeout=1)
            return
        except httpx.TransportError:
            time.sleep(0.05)
    raise AssertionError(f"the example agent did not start at {url}")
