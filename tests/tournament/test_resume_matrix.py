"""A resume replays decisions, not attempts: a tournament with a model or HTTP seat, stopped (Ctrl-C or SIGKILL)
while the seat is between retries, in a backoff or while an answer is arriving, and run again, records every
game once and fails none; against a mended server its standings equal those of an uninterrupted run, and
against a server still failing the dead seat forfeits its games, each named in one line."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from meeplog.players.mock_llm import Behaviour, MockPolicy, MockServer, serving
from tests.tournament.plans import MEEPLOG, meeplog
from tests.tournament.test_cli import standings_file, wait_for_group_to_end
from tests.tournament.test_llm_resume import without_latency

HEALTHY = MockPolicy(seed=3)
FAILING = MockPolicy(failures=1.0, retry_after=1.0, seed=3)
LIMITS = "attempts=2,backoff=1,max_backoff=1,retry_time=10"  # a failed request costs about a second


def seat(kind: str, url: str) -> str:
    if kind == "llm":
        return f"m=llm:base_url={url}/v1,model=mock,{LIMITS}"
    return f"m=http:url={url}/agent,{LIMITS}"


def command(game: str, model: str, db: Path, out: Path) -> list[str]:
    return ["tournament", game, "-p", model, "-p", "random", "-p", "heuristic", "--games", "2", "--seed", "5",
            "--workers", "1", "--db", str(db), "--out", str(out)]


# The moments of the stop, each a policy for the first run and a condition on what the server saw.
def in_a_backoff(server: MockServer) -> bool:
    """A failed answer was given and the seat waits a second before its next attempt."""
    return any(r.behaviour in (Behaviour.SERVER_ERROR, Behaviour.RATE_LIMITED) for r in server.received)


def during_a_retry(server: MockServer) -> bool:
    """A second attempt of a failed request is on its way, the server holding it for two seconds."""
    return len(server.received) >= 2 and len(server.received) > len(server.answered)


def while_an_answer_arrives(server: MockServer) -> bool:
    """Some answers were given and played, and another is being thought about."""
    return len(server.answered) >= 3 and len(server.received) > len(server.answered)


MOMENTS: dict[str, tuple[MockPolicy, Callable[[MockServer], bool]]] = {
    "backoff": (FAILING, in_a_backoff),
    "retry": (FAILING.model_copy(update={"delay": 2.0}), during_a_retry),
    "answer": (HEALTHY.model_copy(update={"delay": 2.0}), while_an_answer_arrives),
}


def stop_when(moment: Callable[[MockServer], bool], server: MockServer, args: list[str], how: signal.Signals) -> None:
    run = subprocess.Popen([MEEPLOG, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           start_new_session=True)
    try:
        deadline = time.monotonic() + 90
        while not moment(server) and time.monotonic() < deadline and run.poll() is None:
            time.sleep(0.01)
        assert run.poll() is None, "the tournament ended before the moment of the stop"
        assert moment(server), "the moment of the stop never came"
        if how is signal.SIGINT:
            os.killpg(run.pid, signal.SIGINT)  # Ctrl-C reaches the whole process group
        else:
            run.send_signal(signal.SIGKILL)
        run.wait(timeout=60)
        wait_for_group_to_end(run.pid)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(run.pid, signal.SIGKILL)



def same_play(document: dict) -> dict:
    """The standings but what a stop may change without changing a single move: the time the model took, and
    the requests and tokens (a game stopped in the middle of a model's plan asks it again for the rest of its
    plan: one request more, for the same steps; docs/llm-and-http-players.md)."""
    for player in without_latency(document)["players"]:
        for counted in ("requests", "requests_per_game", "prompt_tokens", "completion_tokens", "reasoning_tokens",
                        "cost"):
            player["report"].pop(counted, None)
    return document

CASES = [  # (game, seat kind, moment, signal, the server after the stop): every value of each axis, and both games
    ("forest", "llm", "backoff", signal.SIGINT, "mended"),
    ("forest", "http", "retry", signal.SIGKILL, "mended"),
    ("hike", "llm", "answer", signal.SIGKILL, "mended"),
    ("forest", "http", "backoff", signal.SIGKILL, "mended"),
    ("hike", "http", "answer", signal.SIGINT, "failing"),
    ("forest", "llm", "retry", signal.SIGINT, "failing"),
]


@pytest.mark.parametrize("case", CASES, ids=["-".join((g, k, m, h.name, a)) for g, k, m, h, a in CASES])
def test_a_stopped_remote_tournament_resumes_with_every_game_recorded_once(tmp_path, case):
    game, kind, moment, how, after = case
    policy, reached = MOMENTS[moment]
    db, out = tmp_path / "stopped.db", tmp_path / "out"
    with serving(policy) as server:
        args = command(game, seat(kind, server.url), db, out)
        stop_when(reached, server, args, how)
        server.release()  # what the first run's server still holds is answered at once
        server.policy = HEALTHY if after == "mended" else FAILING
        resumed = meeplog(*args)
        result = standings_file(out)
        assert result["recorded"] == 2 and result["failed"] == 0, resumed.stdout + resumed.stderr
        assert "could not be played" not in resumed.stdout
        if after == "mended":
            assert resumed.returncode == 0, resumed.stdout + resumed.stderr
            elsewhere = tmp_path / "uninterrupted"
            uninterrupted = meeplog(*command(game, seat(kind, server.url), tmp_path / "u.db", elsewhere))
            assert uninterrupted.returncode == 0, uninterrupted.stderr
            assert same_play(result) == same_play(standings_file(elsewhere))
        else:
            assert result["forfeited"] == 2 and result["rated"] == 0
            assert resumed.returncode == 1  # no game could be rated
            lines = [line for line in resumed.stdout.splitlines() if "forfeited:" in line]
            assert len(lines) == 2, resumed.stdout
            assert all(server.url in line and "failed 3 decisions in a row" in line for line in lines)
            assert all("last failure: http-" in line for line in lines)
    again = meeplog(*args)
    assert "already played to the end" in again.stdout
    assert standings_file(out)["recorded"] == 2
