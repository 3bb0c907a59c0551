"""How close a tournament with a model seat comes to the ideal when many games are in flight (issue 17).

It starts `meeplog mock-llm --delay D` (a model that takes D seconds per answer), plays `--games` Old Man of
the Forest games with one seat played by it and two random bots, through `meeplog tournament` on a SQLite
store, and watches the store while it runs to count the games in flight (started, not finished). The
ideal wall time is the games' model time spread over the slots in flight: one game's model time (its
requests times D, the mean over the games played) x games / (workers x concurrency), and never less than
the longest game's. The goal (DESIGN.md section 9) is a wall time within 1.5x of the ideal.
"""

from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from meeplog.core.audit import LlmExchange
from meeplog.core.store import open_store
from meeplog.core.tournament.inflight import REMOTE_CONCURRENCY
from meeplog.core.tournament.run import default_workers

GOAL = 1.5


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def in_flight(db: Path) -> int:
    if not db.exists():
        return 0
    return sum(game.finished is None for game in open_store(str(db)).games())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=64)
    parser.add_argument("--delay", type=float, default=0.5, help="seconds the mock model takes per answer")
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--concurrency", type=int, default=REMOTE_CONCURRENCY, help="games in flight per worker")
    args = parser.parse_args()
    meeplog = str(Path(sys.executable).with_name("meeplog"))
    port = free_port()
    mock = subprocess.Popen(
        [meeplog, "mock-llm", "--port", str(port), "--delay", str(args.delay)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert mock.stdout is not None
        print(mock.stdout.readline().strip())
        with tempfile.TemporaryDirectory() as folder:
            db = Path(folder) / "bench.db"
            model = f"model=llm:base_url=http://127.0.0.1:{port}/v1,model=mock"
            command = [
                meeplog,
                "tournament",
                "forest",
                "-p",
                model,
                "-p",
                "random",
                "-p",
                "random",
                "--games",
                str(args.games),
                "--workers",
                str(args.workers),
                "--concurrency",
                str(args.concurrency),
                "--db",
                str(db),
                "--out",
                folder,
            ]
            started = time.perf_counter()
            run = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            samples = []
            while run.poll() is None:
                samples.append(in_flight(db))
                time.sleep(0.25)
            wall = time.perf_counter() - started
            if run.returncode:
                sys.exit(f"the tournament failed: {run.stderr.read() if run.stderr else ''}")
            report(db, args, wall, samples)
    finally:
        mock.terminate()
        mock.wait()


def report(db: Path, args: argparse.Namespace, wall: float, samples: list[int]) -> None:
    store = open_store(str(db))
    requests = [sum(isinstance(r.event, LlmExchange) for r in store.history(game.id)) for game in store.games()]
    per_game = [count * args.delay for count in requests]
    slots = args.workers * args.concurrency
    ideal = max(statistics.mean(per_game) * len(per_game) / slots, *per_game)
    busy = [count for count in samples if count]
    print(f"{len(per_game)} games of Old Man of the Forest, one seat a mock model answering in {args.delay:g} s")
    print(
        f"model requests per game: mean {statistics.mean(requests):.1f} (one game's model time"
        f" {statistics.mean(per_game):.1f} s, the longest {max(per_game):.1f} s)"
    )
    print(
        f"games in flight: at most {slots} ({args.workers} workers x {args.concurrency});"
        f" seen {max(samples, default=0)} at peak, {statistics.mean(busy) if busy else 0:.1f} on average"
    )
    print(
        f"wall time {wall:.1f} s, ideal {ideal:.1f} s: {wall / ideal:.2f}x the ideal"
        f" (goal: within {GOAL:g}x) {'ok' if wall <= GOAL * ideal else 'MISSED'}"
    )


if __name__ == "__main__":
    main()
