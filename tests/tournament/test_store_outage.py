"""PostgreSQL restarted mid-tournament: the tournament waits for it, says so in one line, reconnects and
completes with every game stored once. The server is a throwaway cluster the test makes itself (initdb in a
temporary folder, pg_ctl on a free port), never the machine's shared one."""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from meeplog.core.store import open_store
from tests.tournament.plans import MEEPLOG, recorded, recorded_so_far

BINARIES = sorted(Path("/usr/lib/postgresql").glob("*/bin"))
GAMES = 1200  # one worker on PostgreSQL plays some 350 random games a second: the restart lands mid-run


@dataclass
class Cluster:
    data: Path
    port: int

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def pg_ctl(self, *args: str) -> None:
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.data.parent}"
        as_postgres(str(BINARIES[-1] / "pg_ctl"), "-D", str(self.data), "-o", options, "-l",
                    str(self.data.parent / "server.log"), "-w", *args)


def as_postgres(*command: str) -> None:
    subprocess.run(["runuser", "-u", "postgres", "--", *command], check=True, capture_output=True, timeout=120)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    if not BINARIES or os.geteuid() != 0 or not shutil.which("runuser"):
        pytest.skip("needs PostgreSQL's server binaries and root, to run initdb as the postgres user")
    try:
        owner = pwd.getpwnam("postgres")
    except KeyError:
        pytest.skip("needs the postgres system user to own a throwaway cluster")
    folder = Path(tempfile.mkdtemp(prefix="meeplog-pg-"))  # not under pytest's own folder, which only root may enter
    os.chown(folder, owner.pw_uid, owner.pw_gid)
    made = Cluster(folder / "data", free_port())
    try:
        as_postgres(str(BINARIES[-1] / "initdb"), "-D", str(made.data), "-A", "trust", "-U", "postgres")
        made.pg_ctl("start")
        yield made
    finally:
        subprocess.run(["runuser", "-u", "postgres", "--", str(BINARIES[-1] / "pg_ctl"), "-D", str(made.data),
                        "-m", "immediate", "stop"], capture_output=True, check=False, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)


def test_a_tournament_waits_out_a_postgresql_restart_and_stores_every_game_once(cluster, tmp_path):
    run = subprocess.Popen(
        [MEEPLOG, "tournament", "forest", "-p", "random", "-p", "random", "-p", "random", "--games", str(GAMES),
         "--workers", "1", "--db", cluster.url, "--out", str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while recorded_so_far(cluster.url) < 30 and time.monotonic() < deadline and run.poll() is None:
            time.sleep(0.05)
        assert run.poll() is None, "the tournament ended before the restart"
        cluster.pg_ctl("-m", "fast", "stop")
        time.sleep(10)  # longer than the library's own retries (ten, 0.2 s apart): the run must wait it out
        cluster.pg_ctl("start")
        stdout, stderr = run.communicate(timeout=300)
    finally:
        if run.poll() is None:
            run.kill()
    assert run.returncode == 0, stdout + stderr
    waited = [line for line in stdout.splitlines() if "the store stopped answering" in line]
    assert len(waited) == 1 and "waiting for it to come back" in waited[0], stdout
    assert "the store answers again" in stdout
    assert recorded(cluster.url) == GAMES
    games = [summary.id for summary in open_store(cluster.url).games()]
    assert len(games) == len(set(games)) == GAMES
