"""llama-cpp-python's OpenAI-compatible server on 127.0.0.1, serving the tiny random model (tiny_model.py)
written for this session, started once and stopped at the end. The tests skip, saying why, where
scripts/setup-llama-server could not build the server."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from meeplog.core.conformance.prompt_sizes import Measured
from meeplog.core.game import Game
from meeplog.core.registry import game_names, load_rules
from meeplog.core.runner import MatchRunner
from meeplog.players.prompts import Harness, conversation, render
from tests.llm_server.tiny_model import CONTEXT, write
from tests.players_llm.helpers import bot

STARTUP_SECONDS = 120
ONE_AT_A_TIME = Harness(plans=False)  # the prompts the tests send: no plans (a random model's would be refused)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def prompts_of_every_game() -> Iterator[str]:
    """Prompts of one random game of each game, the text the model's vocabulary is drawn from."""
    for name in game_names():
        rules = load_rules(name)
        players = rules.min_players
        seats = [Recorder(bot(seat)) for seat in range(players)]
        game = Game.start(rules, rules.configure(players), ["random"] * players, seed=0)
        asyncio.run(MatchRunner(game, seats, [bot(seat) for seat in range(players)]).play())
        for seat in seats:
            yield from seat.prompts


class Recorder(Measured):
    """Keeps every prompt its seat would have been sent (Measured keeps only the longest's length)."""

    def __init__(self, inner) -> None:
        super().__init__(inner)
        self.prompts: list[str] = []

    async def act(self, obs):
        self.prompts.append(render(conversation(obs, harness=ONE_AT_A_TIME)))
        return await super().act(obs)


@pytest.fixture(scope="session")
def llama_server(tmp_path_factory) -> Iterator[str]:
    """The base URL (…/v1) of a llama.cpp server playing the tiny model."""
    pytest.importorskip("llama_cpp.server", reason="llama-cpp-python[server] is not installed here "
                        "(scripts/setup-llama-server builds it; its log is .venv/llama-build.log)")
    folder = tmp_path_factory.mktemp("llama")
    model = write(folder / "tiny.gguf", prompts_of_every_game())
    port = _free_port()
    log = (folder / "server.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--host", "127.0.0.1",
         "--port", str(port), "--n_ctx", str(CONTEXT), "--chat_format", "chatml", "--seed", "0",
         "--n_threads", "1"],
        stdout=log, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}/v1"
    try:
        _wait_until_up(server, url, folder / "server.log")
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


def _wait_until_up(server: subprocess.Popen, url: str, log: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the llama.cpp server exited ({server.returncode}):\n{log.read_text()[-3000:]}")
        try:
            if httpx.get(f"{url}/models", timeout=2).is_success:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.25)
    raise RuntimeError(f"the llama.cpp server did not answer within {STARTUP_SECONDS}s:\n{log.read_text()[-3000:]}")
