"""How a stored tournament scales with workers, against the soak playing the same games with no store.

For each set of players (cheap random games, heuristic ones, MCTS ones) and each store (SQLite, and
PostgreSQL when a server answers at 127.0.0.1:5432), games a second at 1, 2, ... N workers (N = this
machine's cores), beside `scripts/soak`'s games a second for the same players and workers with no store.
Then what the writer costs: microseconds per game and per event to save finished games, batch by batch as
a tournament does, measured in this process on games played beforehand. Goals (DESIGN.md section 9): at N
workers a stored tournament reaches at least 0.6x the soak's throughput; for games of 5 ms or more, N
workers reach at least 0.75·N times one worker's; the writer costs at most 0.25 ms per Old Man game.
Wall-clock figures from one run, on a machine that may be shared: read the ratios.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import tempfile
import time
import uuid
from collections.abc import Iterator
from multiprocessing import Pool
from pathlib import Path

import psycopg

from meeplog.core.registry import load_rules
from meeplog.core.store import open_store
from meeplog.core.tournament.chunks import MOST_PER_CHUNK
from meeplog.core.tournament.own_writes import save_games, writes_own_games
from meeplog.core.tournament.run import Watcher, Writer, default_workers, play_tournament, task
from meeplog.core.tournament.schedule import Plan
from meeplog.core.tournament.stored import open_tournament
from meeplog.core.tournament.worker import PlayedGame, play_game
from scripts.soak import soak_one, start_worker, tasks

GAME, SEATS = "forest", 3
PLAYER_SETS = {  # players, games a run
    "random x3": (("random", "random:seed=2", "random:seed=3"), 3000),
    "heuristic x2 + random": (("heuristic", "heuristic:seed=2", "random"), 1500),
    "mcts:sims=50 + heuristic + random": (("mcts:sims=50", "heuristic", "random"), 80),
}
POSTGRES = "postgresql://postgres@127.0.0.1:5432/postgres"
SOAK_BUDGET, SCALING_BUDGET, WRITER_BUDGET_US = 0.6, 0.75, 250.0


def plan(players: tuple[str, ...], games: int) -> Plan:
    rules = load_rules(GAME)
    config = rules.configure(SEATS).model_dump(mode="json")
    return Plan(GAME, rules.version, config, players, games, 1, "random")


def tournament_rate(db: str, players: tuple[str, ...], games: int, workers: int) -> float:
    """Games a second of a whole tournament, its workers' start-up included."""
    store = open_store(db)
    tournament, _ = open_tournament(store, plan(players, games))
    started = time.perf_counter()
    play_tournament(store, tournament, workers)
    return games / (time.perf_counter() - started)


def soak_rate(players: tuple[str, ...], games: int, workers: int) -> float:
    """Games a second of `scripts/soak` with the same players, observations not weighed."""
    todo = tasks(GAME, [SEATS], games, 0, players, weigh=False)
    started = time.perf_counter()
    with Pool(workers, initializer=start_worker) as pool:
        for _ in pool.imap_unordered(soak_one, todo, chunksize=4):
            pass
    return games / (time.perf_counter() - started)


@contextlib.contextmanager
def databases(postgres: bool) -> Iterator[Iterator[str]]:
    """Fresh store URLs: SQLite files in a folder, or PostgreSQL databases dropped at the end."""
    with tempfile.TemporaryDirectory() as folder:
        if not postgres:
            yield (str(Path(folder) / f"{n}.db") for n in range(10**6))
            return
        made: list[str] = []

        def fresh() -> Iterator[str]:
            while True:
                name = f"meeplog_bench_{uuid.uuid4().hex[:12]}"
                with psycopg.connect(POSTGRES, autocommit=True) as connection:
                    connection.execute(f"CREATE DATABASE {name}")
                made.append(name)
                yield POSTGRES.rsplit("/", 1)[0] + "/" + name

        try:
            yield fresh()
        finally:
            with psycopg.connect(POSTGRES, autocommit=True) as connection:
                for name in made:
                    connection.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def postgres_answers() -> bool:
    try:
        psycopg.connect(POSTGRES, connect_timeout=2).close()
    except psycopg.Error:
        return False
    return True


def writer_cost(db: str, games: int = 640) -> tuple[float, float, float | None]:
    """Microseconds the tournament process spends per game and per event saving finished random Old Man games,
    in batches of what a tournament saves together (Writer.flush), the games played beforehand in this
    process; where workers save their own games (own_writes.py: PostgreSQL, a SQLite file) and the tournament
    process only their results, also what a worker spends saving one game, a chunk at a time (third figure;
    None elsewhere)."""
    players = ("random", "random:seed=2", "random:seed=3")
    store = open_store(db)
    tournament, _ = open_tournament(store, plan(players, games))
    played = [asyncio.run(play_game(task(tournament, fixture))) for fixture in tournament.plan.fixtures]
    finished = [game for game in played if isinstance(game, PlayedGame)]
    events = sum(len(game.rows) for game in finished)
    own_writes, worker_us = writes_own_games(db), None
    if own_writes:
        started = time.perf_counter()
        for first in range(0, len(finished), MOST_PER_CHUNK):
            save_games(db, [game.rows for game in finished[first:first + MOST_PER_CHUNK]])
        worker_us = (time.perf_counter() - started) / len(finished) * 1e6
        finished = [PlayedGame((), game.result) for game in finished]
    tournament.start(1)
    writer = Writer(store, tournament, Watcher(), own_writes=own_writes)
    started = time.perf_counter()
    for first in range(0, len(finished), 64):  # a batch as 0.1 s of two workers' cheap games fills it
        writer.finished(finished[first:first + 64])
        writer.flush()
    seconds = time.perf_counter() - started
    return seconds / len(finished) * 1e6, seconds / events * 1e6, worker_us


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=default_workers(), help="the most workers (default: cores)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every run's games (default 1)")
    args = parser.parse_args()
    stores = ["sqlite", *(["postgresql"] if postgres_answers() else [])]
    counts = list(range(1, args.workers + 1))
    print(f"{GAME}, {SEATS} seats, games a second by workers ({os.cpu_count()} cores here); soak: no store")
    header = f"{'players':<36}{'store':<12}" + "".join(f"{n:>9}w" for n in counts) + f"{'N/1':>7}{'/soak':>7}"
    print(header)
    for label, (players, planned) in PLAYER_SETS.items():
        games = max(1, round(planned * args.scale))
        soak = [soak_rate(players, games, n) for n in counts]
        print(f"{label:<36}{'soak':<12}" + "".join(f"{rate:>10.1f}" for rate in soak))
        for kind in stores:
            with databases(kind == "postgresql") as fresh:
                rates = [tournament_rate(next(fresh), players, games, n) for n in counts]
            scaling, against_soak = rates[-1] / rates[0], rates[-1] / soak[-1]
            print(f"{label:<36}{kind:<12}" + "".join(f"{rate:>10.1f}" for rate in rates)
                  + f"{scaling:>7.2f}{against_soak:>7.2f}")
    print(f"goals: /soak at least {SOAK_BUDGET}x; N/1 at least {SCALING_BUDGET}·N for games of 5 ms or more")
    for kind in stores:
        with databases(kind == "postgresql") as fresh:
            per_game, per_event, worker_us = writer_cost(next(fresh))
        verdict = "met" if per_game <= WRITER_BUDGET_US else "missed"
        print(f"the writer on {kind}: {per_game:.0f} us per random Old Man game, {per_event:.2f} us per event "
              f"(goal ≤{WRITER_BUDGET_US:.0f} us a game: {verdict})")
        if worker_us is not None:
            print(f"  (the tournament process records results only; each worker saves its own games, "
                  f"{worker_us:.0f} us a game, {MOST_PER_CHUNK} to a transaction, beside the others)")


if __name__ == "__main__":
    main()
