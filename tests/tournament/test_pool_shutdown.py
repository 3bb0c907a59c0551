"""A run whose worker pool is cancelled still exits (core/tournament/run.py, OneGameEach.shutdown): a worker that
had put more on the progress queue than its pipe holds ends only once that is read, and the interpreter joins it
at exit. Found as a stopped tournament (--on-dead-seat stop) that never exited."""

from __future__ import annotations

import subprocess
import sys
import time

from meeplog.core.compiled import ROOT
from meeplog.core.tournament import worker

PROGRESS = b"x" * 1_000_000  # far more than a pipe holds (64 KB on Linux)

CANCELLED = """
import time
from meeplog.core.tournament.run import OneGameEach, worker_context
from tests.tournament.test_pool_shutdown import flood

pool = OneGameEach(worker_context(), 1)
pool.executor.submit(flood)
time.sleep(0.5)  # the worker holds it: a game being played as the run is stopped
pool.shutdown(cancel=True)
print("shut down", flush=True)
"""


def flood() -> None:
    """In a worker: a game that sends its progress after the pool was cancelled."""
    time.sleep(2)
    worker._progress[0].put(PROGRESS)


def test_a_cancelled_pool_whose_worker_left_unread_progress_lets_the_run_exit():
    done = subprocess.run([sys.executable, "-c", CANCELLED], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          check=False, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert done.stdout == "shut down\n"
