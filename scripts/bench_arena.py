"""The agent API's budget (issue 48, DESIGN.md section 9): 64 bot agents connected to `meeplog serve --ladder
forest:4` on loopback, so 16 tables in flight, for ten minutes: a decision's round trip through the API at p99 at
most 50 ms, and the server's memory flat.

The agents run in this process, on one event loop, each with its own stream and connection, and play a random
legal command as soon as their turn comes. Two times are taken per decision:
- `post`: the command's POST, sent to answered (202): the server checks the token, the seat and the command and
  stores it;
- `round trip`: the command sent to the next turn of that game reaching its agent (any agent): the decision has
  gone through the API, been played by the table's owner, and the next seat been told down its stream. A turn that
  ends the game has no next turn and is not counted.
The server's resident memory (VmRSS) is read every 10 s; "flat" compares the mean of the last minute with the
mean of the second (the first fills caches). The load average is printed: the machine may be shared, and then the
CPU seconds the server and this process (the agents) spent a decision say more than the times. `--meeplog` runs
another checkout's server (its venv's `meeplog`) against the same agents, to compare; `--profile FILE` runs the
server under cProfile.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
import orjson
from rich.console import Console
from rich.table import Table

from meeplog.core.agents.registry import Agents
from meeplog.core.store import open_store
from tests.viewer.servers import free_port

MEEPLOG = str(Path(sys.executable).with_name("meeplog"))
SAMPLE_SECONDS = 10.0


class Bench:
    def __init__(self, url: str) -> None:
        self.url = url
        self.posts: list[float] = []
        self.round_trips: list[float] = []
        self.sent: dict[str, tuple[int, float]] = {}  # game -> (version sent at, when)
        self.games_over: set[str] = set()
        self.refused = 0
        self.server_cpu = self.own_cpu = 0.0  # CPU seconds over the run: the server's, this process's (the agents')

    async def agent(self, token: str, stop: asyncio.Event) -> None:
        headers = {"Authorization": f"Bearer {token}"}
        async with httpx.AsyncClient(base_url=self.url, headers=headers, timeout=httpx.Timeout(60.0)) as client:
            while not stop.is_set():
                try:
                    async with client.stream("GET", "/api/agent/stream") as lines:
                        async for line in lines.aiter_lines():
                            if stop.is_set():
                                return
                            if line.strip():
                                await self.take(client, orjson.loads(line))
                except httpx.TransportError:
                    await asyncio.sleep(0.5)

    async def take(self, client: httpx.AsyncClient, event: dict) -> None:
        game_id = event["game_id"]
        if event["type"] == "over":
            self.games_over.add(game_id)
            self.sent.pop(game_id, None)
            return
        if event["type"] != "turn":
            return
        now = time.perf_counter()
        sent = self.sent.get(game_id)
        if sent is not None and event["version"] > sent[0]:
            self.round_trips.append(now - sent[1])
            del self.sent[game_id]
        command = random.choice(event["observation"]["legal"])
        self.sent[game_id] = (event["version"], time.perf_counter())
        started = time.perf_counter()
        answer = await client.post(
            f"/api/agent/games/{game_id}/commands", json={"version": event["version"], "command": command}
        )
        self.posts.append(time.perf_counter() - started)
        if answer.status_code != 202:
            self.refused += 1


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pid: int) -> float:
    """The process's CPU time so far (user and system, every thread)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000


async def run(agents: int, seconds: float, seats: int, profile: str | None = None, meeplog: str = MEEPLOG) -> None:
    console = Console(width=160)
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "arena.db")
        registry = Agents(open_store(db))
        tokens = [registry.add(f"bot{number:02d}") for number in range(agents)]
        port = free_port()
        serve = ["serve", "--db", db, "--port", str(port), "--ladder", f"forest:{seats}"]
        command = [meeplog, *serve]
        if profile:
            command = [sys.executable, "-m", "scripts.bench_arena", "--serve-profiled", str(Path(profile).resolve())]
            command += serve
        server = subprocess.Popen(
            command,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            url = f"http://127.0.0.1:{port}"
            for _ in range(600):
                try:
                    httpx.get(f"{url}/openapi.json", timeout=5)
                    break
                except httpx.TransportError:
                    await asyncio.sleep(0.1)
            bench = Bench(url)
            stop = asyncio.Event()
            tasks = [asyncio.create_task(bench.agent(token, stop)) for token in tokens]
            memory: list[tuple[float, float]] = []
            began, server_cpu, own_cpu = time.monotonic(), cpu_seconds(server.pid), time.process_time()
            while time.monotonic() - began < seconds:
                await asyncio.sleep(SAMPLE_SECONDS)
                elapsed = time.monotonic() - began
                memory.append((elapsed, rss_mb(server.pid)))
                console.print(
                    f"{elapsed:5.0f} s: {len(bench.games_over)} games, {len(bench.posts)} decisions, "
                    f"server {memory[-1][1]:.0f} MB",
                    highlight=False,
                )
            bench.server_cpu, bench.own_cpu = cpu_seconds(server.pid) - server_cpu, time.process_time() - own_cpu
            stop.set()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        finally:
            server.terminate()
            server.wait(30)
    report(console, bench, memory, agents=agents, seats=seats, seconds=seconds)


def report(
    console: Console, bench: Bench, memory: list[tuple[float, float]], *, agents: int, seats: int, seconds: float
) -> None:
    second = [mb for at, mb in memory if 60 <= at < 120] or [memory[0][1]]
    last = [mb for at, mb in memory if at >= memory[-1][0] - 60]
    table = Table(
        title=f"{agents} agents, forest:{seats} ({agents // seats} tables in flight), {seconds:.0f} s, "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    for column in (
        "decisions",
        "games",
        "post p50",
        "post p99",
        "round trip p50",
        "round trip p99",
        "server MB (2nd min -> last min)",
        "server CPU a decision",
        "agents' CPU a decision",
        "refused",
    ):
        table.add_column(column, justify="right")
    table.add_row(
        f"{len(bench.posts):,}",
        f"{len(bench.games_over):,}",
        f"{percentile(bench.posts, 0.5):.1f} ms",
        f"{percentile(bench.posts, 0.99):.1f} ms",
        f"{percentile(bench.round_trips, 0.5):.1f} ms",
        f"{percentile(bench.round_trips, 0.99):.1f} ms",
        f"{statistics.mean(second):.0f} -> {statistics.mean(last):.0f}",
        f"{bench.server_cpu / max(1, len(bench.posts)) * 1000:.2f} ms",
        f"{bench.own_cpu / max(1, len(bench.posts)) * 1000:.2f} ms",
        str(bench.refused),
    )
    console.print(table)


def serve_profiled(out: str, arguments: list[str]) -> None:
    """`meeplog serve ARGUMENTS` with every thread under cProfile (the table threads, the request and stream threads,
    the event loop), timed in CPU seconds (a thread waiting costs none), the profiles merged into `out` when SIGTERM
    stops it: where the server's time goes. The profiler makes the server several times slower; compare shares."""
    from meeplog.core.cli import main as meeplog

    profiles: list[cProfile.Profile] = []

    def profile_thread(*_: object) -> None:
        # the thread's first event: its own profiler takes over from this hook from here on
        profiles.append(profile := cProfile.Profile(time.thread_time))
        profile.enable()

    def stop(*_: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)  # the server's own handler stops it first, then hands the signal on to this
    threading.setprofile(profile_thread)
    main_profile = cProfile.Profile(time.thread_time)
    main_profile.enable()
    sys.argv = ["meeplog", *arguments]
    try:
        meeplog()
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        main_profile.disable()
        merged = pstats.Stats(main_profile)
        for profile in list(profiles):
            merged.add(profile)
        merged.dump_stats(out)


def main() -> None:
    if sys.argv[1:2] == ["--serve-profiled"]:
        serve_profiled(sys.argv[2], sys.argv[3:])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--profile", metavar="FILE", help="run the server under cProfile, its stats written to FILE")
    parser.add_argument(
        "--meeplog", default=MEEPLOG, help="the server's meeplog (another checkout's, to compare): this venv's"
    )
    asked = parser.parse_args()
    asyncio.run(run(asked.agents, asked.seconds, asked.seats, asked.profile, asked.meeplog))


if __name__ == "__main__":
    main()
