"""Nothing paid for is lost: a tournament with a model seat, killed mid-game and resumed, asks the model no
request twice and ends with the standings of an uninterrupted run."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import time
from pathlib import Path

from meeplog.core.audit import GameFinished, LlmExchange
from meeplog.core.store import open_store
from meeplog.players.mock_llm import MockPolicy, MockServer, serving
from tests.tournament.plans import MEEPLOG, meeplog
from tests.tournament.test_cli import standings_file, wait_for_group_to_end


def canonical(body: object) -> str:
    return json.dumps(body, sort_keys=True)


def stored_exchanges(db: Path) -> int:
    if not db.exists():
        return 0
    store = open_store(str(db))
    return sum(isinstance(r.event, LlmExchange) for game in store.games() for r in store.history(game.id))


def hold_answers_until_all_given_are_stored(server: MockServer, db: Path, deadline: float) -> None:
    """Bring the run to a moment well into it when every answer given is stored and the model thinks on.

    An answer that has reached a worker but not yet the store when the tournament process is killed is lost
    with the worker: a real kill may land there. The test chooses a moment without one, to show that
    everything stored is reused: past 40 answers the model takes a minute per request, and once the answers
    already on their way are stored (none given for longer than the old delay) the moment has come."""
    while len(server.answered) < 40 and time.monotonic() < deadline:
        time.sleep(0.01)
    quick = server.policy
    server.policy = quick.model_copy(update={"delay": 60.0})
    settled = time.monotonic()
    while time.monotonic() < deadline:
        given = len(server.answered)
        if stored_exchanges(db) == given and time.monotonic() - settled > 2 * quick.delay:
            return
        time.sleep(0.05)
        if len(server.answered) != given:
            settled = time.monotonic()


def test_a_killed_llm_tournament_resumes_without_asking_the_model_twice(tmp_path):
    with serving(MockPolicy(delay=0.15, seed=4)) as server:
        model = f"llm:base_url={server.url}/v1,model=mock,attempts=1"
        command = ["tournament", "forest", "-p", f"m={model}", "-p", "random", "-p", "random",
                   "--games", "6", "--seed", "9", "--workers", "2"]
        db, out = tmp_path / "killed.db", tmp_path / "out"
        run = subprocess.Popen([MEEPLOG, *command, "--db", str(db), "--out", str(out)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            quick = server.policy
            hold_answers_until_all_given_are_stored(server, db, time.monotonic() + 120)
            assert run.poll() is None, "the tournament ended before the kill"
            run.send_signal(signal.SIGKILL)  # mid-game, the workers waiting on the model
            run.wait()
            wait_for_group_to_end(run.pid)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(run.pid, signal.SIGKILL)
        before_kill = len(server.answered)

        store = open_store(str(db))
        histories = [store.history(game.id) for game in store.games()]
        unfinished = [h for h in histories if not isinstance(h[-1].event, GameFinished)]
        stored_answers = sum(isinstance(r.event, LlmExchange) for h in histories for r in h)
        assert unfinished, "the kill should land while games are in progress"
        assert any(isinstance(r.event, LlmExchange) for h in unfinished for r in h)  # saved decision by decision
        assert stored_answers == before_kill

        server.policy = quick
        resumed = meeplog(*command, "--db", str(db), "--out", str(out))
        assert resumed.returncode == 0, resumed.stderr
        answered = [canonical(body) for body in server.answered]
        assert len(answered) == len(set(answered)), "a request was answered twice"

        elsewhere = tmp_path / "uninterrupted"
        uninterrupted = meeplog(*command, "--db", str(tmp_path / "u.db"), "--out", str(elsewhere))
        assert uninterrupted.returncode == 0, uninterrupted.stderr
        again = [canonical(body) for body in server.answered[len(answered):]]
        assert sorted(again) == sorted(answered)  # the same requests, each once, as in the interrupted run
    assert without_latency(standings_file(out)) == without_latency(standings_file(elsewhere))


def without_latency(document: dict) -> dict:
    """The standings but the time the model took, which differs between any two runs."""
    for player in document["players"]:
        assert player["report"].pop("latency_p50_ms") is not None or player["report"]["requests"] == 0
        del player["report"]["latency_p95_ms"]
    return document
