"""An outage mid-run costs no game: a tournament whose model server (`meeplog mock-llm`, its own process) dies in
the middle of the games and comes back on the same port some time later finishes every game, rated, with no
fallback stored, and says once that the endpoint went down and once that it came back."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import threading
import time
from pathlib import Path

from meeplog.core.audit import PlayerFellBack
from meeplog.core.store import open_store
from tests.tournament.plans import MEEPLOG, meeplog
from tests.tournament.test_cli import standings_file

DOWN_AFTER = 10  # answers into the run (the check: 6 s; a count holds on a loaded machine too)
DOWN_FOR = 10.0  # seconds; the check waits 90 s (done by hand), a shorter outage shows the same in the suite


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def mock_llm(port: int, answers: list[str]) -> subprocess.Popen[str]:
    """The mock server in a process of its own; each game answer it gives is appended to `answers`."""
    server = subprocess.Popen([MEEPLOG, "mock-llm", "--port", str(port), "--delay", "0.15"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert server.stdout is not None
    assert "mock model at" in server.stdout.readline()  # it listens

    def read(lines) -> None:
        answers.extend(line for line in lines if "/chat/completions ->" in line)

    threading.Thread(target=read, args=(server.stdout,), daemon=True).start()
    return server


def test_a_model_server_that_dies_mid_run_and_comes_back_costs_no_game(tmp_path: Path):
    port = free_port()
    answers: list[str] = []
    servers = [mock_llm(port, answers)]

    def outage() -> None:
        while len(answers) < DOWN_AFTER and servers[0].poll() is None:
            time.sleep(0.05)
        servers[0].kill()
        servers[0].wait()
        time.sleep(DOWN_FOR)
        servers.append(mock_llm(port, answers))

    threading.Thread(target=outage, daemon=True).start()
    try:
        run = meeplog("tournament", "forest", "-p", f"m=llm:base_url=http://127.0.0.1:{port}/v1,model=mock",
                      "-p", "random", "-p", "random", "--games", "6", "--workers", "1", "--concurrency", "2",
                      "--db", str(tmp_path / "t.db"), "--out", str(tmp_path / "out"))
    finally:
        for server in servers:
            with contextlib.suppress(ProcessLookupError):
                server.kill()
    assert run.returncode == 0, run.stdout + run.stderr
    assert len(servers) == 2, "the run ended before the outage did"
    result = standings_file(tmp_path / "out")
    assert (result["recorded"], result["rated"], result["failed"], result["forfeited"]) == (6, 6, 0, 0)
    store = open_store(str(tmp_path / "t.db"))
    assert not any(isinstance(r.event, PlayerFellBack) for g in store.games() for r in store.history(g.id))
    down = [line for line in run.stdout.splitlines() if "is down" in line]
    back = [line for line in run.stdout.splitlines() if "answers again" in line]
    assert len(down) == 1 and len(back) == 1, run.stdout
    assert f"mock at http://127.0.0.1:{port}/v1" in down[0] and "the last connection" in down[0]
