"""A transport failure is never a move, and a resume replays decisions, not attempts: a tournament with a model
or HTTP seat whose endpoint goes down (refused connections, 5xx, 429 with Retry-After, hanging requests) pauses
its games behind the endpoint's breaker; stopped there (Ctrl-C or SIGKILL) and run again once the endpoint is
back, it records every game once, with no fallback and the standings of an uninterrupted run. So does one
stopped while an answer arrives; and an outage past --outage-wait stops the run with status 3, resumable."""

from __future__ import annotations

import contextlib
import copy
import os
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from meeplog.core.audit import PlayerFellBack
from meeplog.core.store import open_store
from meeplog.players.mock_llm import Behaviour, MockPolicy, MockServer, serving
from tests.tournament.plans import MEEPLOG, meeplog
from tests.tournament.test_cli import standings_file, wait_for_group_to_end
from tests.tournament.test_llm_resume import without_latency

pytestmark = pytest.mark.slow  # run first (tests/conftest.py)

HEALTHY = MockPolicy(seed=3, retry_after=1.0, hang_limit=3.0)
LIMITS = "attempts=2,backoff=0.5,max_backoff=1,timeout=1"  # the breaker opens within about two seconds
ANSWERS_BEFORE_THE_OUTAGE = 4


class Endpoint:
    """The mock model server behind a seat, which an outage can take down in any of its ways (a refused
    connection closes its port; the others answer every request so) and bring back on the same port."""

    def __init__(self, policy: MockPolicy) -> None:
        self.policy = policy
        self._stack = contextlib.ExitStack()
        self.server: MockServer = self._stack.enter_context(serving(policy))
        self.port = self.server.server_address[1]
        self.closed = False

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def down(self, failure: str) -> None:
        if failure == "refused":
            self._stack.close()
            self.closed = True
        else:
            self.server.outage(Behaviour(failure))

    def up(self) -> None:
        if self.closed:
            self.server = self._stack.enter_context(serving(self.policy, port=self.port))
            self.closed = False
        else:
            self.server.release()  # what it holds (a hanging request) is let go
            self.server.outage(None)

    def close(self) -> None:
        self._stack.close()


@contextlib.contextmanager
def endpoint(policy: MockPolicy = HEALTHY) -> Iterator[Endpoint]:
    served = Endpoint(policy)
    try:
        yield served
    finally:
        served.close()


def seat(kind: str, url: str, limits: str = LIMITS) -> str:
    if kind == "llm":
        return f"m=llm:base_url={url}/v1,model=mock,{limits}"
    return f"m=http:url={url}/agent,{limits}"


def command(game: str, model: str, db: Path, out: Path) -> list[str]:
    return ["tournament", game, "-p", model, "-p", "random", "-p", "heuristic", "--games", "2", "--seed", "5",
            "--workers", "1", "--db", str(db), "--out", str(out)]


class Run:
    """A tournament in a process group of its own, its output read line by line as it comes."""

    def __init__(self, args: list[str]) -> None:
        self.process = subprocess.Popen([MEEPLOG, *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        text=True, start_new_session=True)
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line)

    def wait_for(self, condition, what: str, seconds: float = 120) -> None:
        deadline = time.monotonic() + seconds
        while not condition() and time.monotonic() < deadline and self.process.poll() is None:
            time.sleep(0.02)
        assert condition(), f"{what} never came; the run said:\n{''.join(self.lines)}"
        assert self.process.poll() is None, f"the tournament ended before the stop:\n{''.join(self.lines)}"

    def said(self, text: str) -> bool:
        return any(text in line for line in self.lines)

    def stop(self, how: signal.Signals) -> None:
        try:
            if how is signal.SIGINT:
                os.killpg(self.process.pid, signal.SIGINT)  # Ctrl-C reaches the whole process group
            else:
                self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=60)
            wait_for_group_to_end(self.process.pid)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)


def same_play(document: dict) -> dict:
    """The standings but what a stop may change without changing a single move: the time the model took, and
    the requests, their failures and tokens (the attempts an outage costs depend on when it and the stop came),
    and the URL of the mock server, which each run of these tests serves on a port of its own (so the tournament's
    id too)."""
    document.pop("tournament")
    for player in without_latency(document)["players"]:
        player.pop("spec")
        for counted in ("requests", "requests_per_game", "prompt_tokens", "completion_tokens", "reasoning_tokens",
                        "cost", "failures", "retries"):
            player["report"].pop(counted, None)
    return document


_uninterrupted: dict[tuple[str, str], dict] = {}


def uninterrupted(game: str, kind: str, tmp_path: Path) -> dict:
    """The standings of the same tournament played without a stop (once per game and seat kind)."""
    if (game, kind) not in _uninterrupted:
        with endpoint() as served:
            out = tmp_path / "uninterrupted"
            played = meeplog(*command(game, seat(kind, served.url), tmp_path / "u.db", out))
            assert played.returncode == 0, played.stdout + played.stderr
            _uninterrupted[game, kind] = standings_file(out)
    return same_play(copy.deepcopy(_uninterrupted[game, kind]))


def no_fallback_stored(db: Path) -> bool:
    store = open_store(str(db))
    return not any(isinstance(r.event, PlayerFellBack) for game in store.games() for r in store.history(game.id))


# Each failure once, in an orthogonal array: every pair of game and seat kind, of game and signal, and of seat
# kind and signal comes once, in 4 runs of some 30 s where the whole product would take 32.
CASES = [  # (game, seat kind, failure of the outage, signal)
    ("forest", "llm", "refused", signal.SIGINT),
    ("hike", "llm", "500", signal.SIGKILL),
    ("forest", "http", "429", signal.SIGKILL),
    ("hike", "http", "hang", signal.SIGINT),
]


@pytest.mark.parametrize("case", CASES, ids=["-".join((g, k, f, h.name)) for g, k, f, h in CASES])
def test_a_tournament_stopped_during_an_outage_resumes_once_the_endpoint_is_back(tmp_path, case):
    game, kind, failure, how = case
    db, out = tmp_path / "stopped.db", tmp_path / "out"
    with endpoint() as served:
        args = command(game, seat(kind, served.url), db, out)
        run = Run(args)
        run.wait_for(lambda: len(served.server.answered) >= ANSWERS_BEFORE_THE_OUTAGE, "the first answers")
        served.down(failure)
        run.wait_for(lambda: run.said("is down"), "the breaker's line")
        run.stop(how)
        served.up()
        resumed = meeplog(*args)
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    result = standings_file(out)
    assert (result["recorded"], result["rated"], result["failed"]) == (2, 2, 0), resumed.stdout
    assert no_fallback_stored(db), "an outage is no move: no fallback was played for it"
    assert same_play(result) == uninterrupted(game, kind, tmp_path)
    assert "already played to the end" in meeplog(*args).stdout


@pytest.mark.parametrize(("game", "how"), [("hike", signal.SIGKILL), ("forest", signal.SIGINT)])
def test_a_tournament_stopped_while_an_answer_arrives_resumes_with_every_game_recorded_once(tmp_path, game, how):
    db, out = tmp_path / "stopped.db", tmp_path / "out"
    with endpoint(HEALTHY.model_copy(update={"delay": 2.0})) as served:
        args = command(game, seat("llm", served.url, LIMITS.replace("timeout=1", "timeout=10")), db, out)
        run = Run(args)
        server = served.server
        run.wait_for(lambda: len(server.answered) >= 3 and len(server.received) > len(server.answered),
                     "an answer on its way")
        run.stop(how)
        server.release()  # what the first run's server still holds is answered at once
        server.policy = HEALTHY
        resumed = meeplog(*args)
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    result = standings_file(out)
    assert (result["recorded"], result["failed"]) == (2, 0)
    assert same_play(result) == uninterrupted(game, "llm", tmp_path)


def test_an_outage_past_the_bound_stops_the_run_with_status_3_and_the_same_command_resumes(tmp_path):
    db, out = tmp_path / "stopped.db", tmp_path / "out"
    with endpoint() as served:
        args = [*command("forest", seat("llm", served.url), db, out), "--outage-wait", "3"]
        run = Run(args)
        run.wait_for(lambda: len(served.server.answered) >= ANSWERS_BEFORE_THE_OUTAGE, "the first answers")
        served.down("500")
        assert run.process.wait(timeout=120) == 3, "".join(run.lines)
        said = "".join(run.lines)
        assert "has not answered for" in said and "past the outage bound of 3s" in said
        assert "the same command resumes them once the endpoint answers" in said
        served.up()
        resumed = meeplog(*args)
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    assert "resuming:" in resumed.stdout
    result = standings_file(out)
    assert (result["recorded"], result["rated"], result["failed"]) == (2, 2, 0)
    assert no_fallback_stored(db)
    assert same_play(result) == uninterrupted("forest", "llm", tmp_path)
