"""`--backend ray` against a real Ray cluster of two nodes on this machine, started by these tests, over the
real PostgreSQL server: the same standings as the local pool, a worker killed mid-tournament, the driver
killed and the same command resuming, every game stored once."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from meeplog.core.store import open_store
from meeplog.core.tournament.schedule import game_id
from meeplog.core.tournament.stored import load_tournament, tournament_ids
from meeplog.players.mock_llm import serving
from tests.stores import postgres_database
from tests.tournament.plans import MEEPLOG, meeplog, recorded, recorded_so_far

pytestmark = pytest.mark.slow  # run first (tests/conftest.py)

pytest.importorskip("ray", reason="the Ray backend's tests need the ray extra (scripts/setup-venv installs it)")

RAY = str(Path(sys.executable).with_name("ray"))
GAMES = 24  # enough that a kill at 5 or 8 recorded games lands with games left to play
PLAYERS = ["-p", "mcts:sims=20", "-p", "heuristic", "-p", "random"]  # deterministic, and slow enough to kill in


def ray_cli(*args: str, env: dict[str, str]) -> None:
    done = subprocess.run([RAY, *args], capture_output=True, text=True, timeout=180, check=False, env=env)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]


def start_cluster(port: int, env: dict[str, str]) -> None:
    """Start the head and the second node, bound to loopback: no test traffic goes to this machine's other
    addresses (the driver reads the node's address that `ray start` wrote, so it joins on 127.0.0.1 too).
    Ray waits a fixed 30 s for a new raylet to register, which a loaded machine can miss: then everything is
    stopped and started again, up to three times."""
    common = ["--include-dashboard=false", "--disable-usage-stats", "--node-ip-address=127.0.0.1"]
    for attempt in range(3):
        try:
            ray_cli("start", "--head", f"--port={port}", "--num-cpus=2", *common, env=env)
            ray_cli("start", f"--address=127.0.0.1:{port}", "--num-cpus=1", "--node-ip-address=127.0.0.1", env=env)
            return
        except AssertionError:
            subprocess.run([RAY, "stop", "--force"], capture_output=True, timeout=120, check=False, env=env)
            if attempt == 2:
                raise


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """A head node and a second node, two CPUs and one; the environment that points `--address auto` at them."""
    port = free_port()
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0", "RAY_ADDRESS": f"127.0.0.1:{port}",
           "RAY_AUTH_MODE": "disabled"}  # else a token another local Ray left in ~/.ray turns it on for some nodes
    # `ray stop` stops every Ray on the machine, so one cluster at a time, whoever else runs these tests
    with ONE_CLUSTER_AT_A_TIME.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            start_cluster(port, env)
            yield env
        finally:
            subprocess.run([RAY, "stop", "--force"], capture_output=True, timeout=120, check=False, env=env)


ONE_CLUSTER_AT_A_TIME = Path(tempfile.gettempdir()) / "meeplog-test-ray.lock"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def tournament(db: str, out: Path, *extra: str) -> list[str]:
    return ["tournament", "run", "forest", *PLAYERS, "--games", str(GAMES), "--seed", "5", "--db", db,
            "--out", str(out), *extra]


def standings_of(out: Path) -> dict:
    [path] = out.glob("*.json")
    return json.loads(path.read_text())


def stored_once(db: str) -> None:
    """Every scheduled game is in the store exactly once, with its result."""
    store = open_store(db)
    [found] = tournament_ids(store)
    recorded = load_tournament(store, found)
    assert sorted(recorded.results) == list(range(GAMES))
    assert sorted(str(s.id) for s in store.games()) == sorted(str(game_id(found, i)) for i in range(GAMES))
    assert all(s.finished is not None for s in store.games())


@pytest.fixture(scope="module")
def local_standings(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """The standings of the same tournament on the local pool (each Ray run must give them)."""
    here = tmp_path_factory.mktemp("local")
    local = meeplog(*tournament(str(here / "local.db"), here / "out", "--workers", "2"))
    assert local.returncode == 0, local.stderr
    return standings_of(here / "out")


def test_a_ray_tournament_gives_the_local_standings_and_stores_every_game_once(cluster, local_standings, tmp_path):
    with postgres_database() as url:
        on_ray = subprocess.run([MEEPLOG, *tournament(url, tmp_path / "ray", "--backend", "ray")], env=cluster,
                                capture_output=True, text=True, timeout=600, check=False)
        assert on_ray.returncode == 0, on_ray.stderr
        stored_once(url)
    assert standings_of(tmp_path / "ray") == local_standings


def ray_workers() -> list[int]:
    """The Ray worker processes playing a game now (Ray names them after their task)."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        with contextlib.suppress(OSError):
            if b"ray::play_with_progress" in cmdline.read_bytes():
                found.append(int(cmdline.parent.name))
    return found


def sessions_ended(db: str, deadline: float = 30) -> None:
    """Wait until no one else is connected to `db`: a killed driver's last COMMIT, already sent, is then applied
    or rolled back for good, so what the store holds can no longer change under the test."""
    end = time.monotonic() + deadline
    with psycopg.connect(db, autocommit=True) as probe:
        while probe.execute(OTHER_SESSIONS).fetchone() != (0,):
            assert time.monotonic() < end, "the killed driver's database session never ended"
            time.sleep(0.05)


OTHER_SESSIONS = "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"


def run_until(command: list[str], env: dict[str, str], ready, deadline: float = 300) -> subprocess.Popen[str]:
    run = subprocess.Popen([MEEPLOG, *command], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           start_new_session=True)
    end = time.monotonic() + deadline
    while not ready() and run.poll() is None and time.monotonic() < end:
        time.sleep(0.05)
    return run


def test_a_worker_killed_mid_tournament_costs_one_replayed_game(cluster, tmp_path):
    with postgres_database() as url:
        command = tournament(url, tmp_path / "out", "--backend", "ray")
        run = run_until(command, cluster, lambda: recorded_so_far(url) >= 5 and ray_workers())
        try:
            killed = ray_workers()
            assert killed, "no Ray worker was playing"
            os.kill(killed[0], signal.SIGKILL)
            listed = meeplog("tournament", "list", "--db", url)  # from anywhere that reaches the store, meanwhile
            assert listed.returncode == 0 and "forest" in listed.stdout, listed.stderr
            _, err = run.communicate(timeout=600)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(run.pid, signal.SIGKILL)
        assert run.returncode == 0, err
        stored_once(url)
        standings = standings_of(tmp_path / "out")
        assert standings["failed"] == 0 and standings["recorded"] == GAMES


def test_the_driver_killed_and_the_same_command_resumes(cluster, local_standings, tmp_path):
    with postgres_database() as url:
        command = tournament(url, tmp_path / "out", "--backend", "ray")
        run = run_until(command, cluster, lambda: recorded_so_far(url) >= 8)
        assert run.poll() is None, f"the tournament ended before it was killed: {run.communicate()[1][-3000:]}"
        run.send_signal(signal.SIGKILL)
        run.wait()
        sessions_ended(url)
        partial = recorded(url)
        assert 8 <= partial < GAMES
        resumed = subprocess.run([MEEPLOG, *command], env=cluster, capture_output=True, text=True, timeout=600,
                                 check=False)
        assert resumed.returncode == 0, resumed.stderr
        assert f"resuming: {partial} games already recorded" in resumed.stdout
        stored_once(url)
    assert standings_of(tmp_path / "out") == local_standings


def test_a_model_seat_on_ray_sends_its_records_as_it_plays(cluster, tmp_path):
    """The records of a game with a remote seat reach the driver through Ray's queue, decision by decision."""
    with serving() as server, postgres_database() as url:
        command = ["tournament", "run", "forest", "-p", f"model=llm:base_url={server.url}/v1,model=mock",
                   "-p", "random", "-p", "random", "--games", "6", "--db", url, "--out", str(tmp_path / "out"),
                   "--backend", "ray", "--concurrency", "2"]
        done = subprocess.run([MEEPLOG, *command], env=cluster, capture_output=True, text=True, timeout=600,
                              check=False)
        assert done.returncode == 0, done.stderr
        store = open_store(url)
        [found] = tournament_ids(store)
        assert sorted(load_tournament(store, found).results) == list(range(6))
        asked = sum(1 for request in server.received if "messages" in request.body)
        answered = sum(len([r for r in store.history(s.id) if type(r.event).__name__ == "LlmExchange"])
                       for s in store.games())
        assert asked == answered > 0, "every request the model answered is stored, once"
