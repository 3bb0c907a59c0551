"""The leaderboard over 100,000 stored games (a line of scripts/bench; DESIGN.md section 9).

The store is built once and kept (CACHE), in a few minutes: POOL real games are played and stored as `meeplog
tournament` stores them, then each of the store's games is one of them copied under a new game id, row for row
(the same encoded records, so each is a whole log that replays: its seed and commands are the pool game's). The
leaderboard reads them as it reads any game; only the outcomes repeat, every POOL games. Playing all 100,000 took
about 40 minutes. A build stopped half-way starts again (the store is renamed into place when complete).
Then three figures from one run: the leaderboard cold (a new
projection reads the whole store and fits every rating, bootstrap included), from the view that read saved in the
store (core/leaderboard/saved.py) as a new `meeplog leaderboard` starts, and following, the projection built
up to the last FOLLOWED games then fed them one at a time, each followed by the ratings' refresh, as a viewer
that follows the store does (core/leaderboard/projection.py). Budgets: at most 10 s cold, 5 ms a new game.
"""

from __future__ import annotations

import os
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

from meeplog.core.leaderboard import saved
from meeplog.core.leaderboard.board import leaderboard
from meeplog.core.leaderboard.projection import FollowedLeaderboard, Settings
from meeplog.core.leaderboard.strengths import Strengths
from meeplog.core.registry import load_rules
from meeplog.core.store import GameStore, Row, open_store
from meeplog.core.tournament.run import default_workers, play_tournament
from meeplog.core.tournament.schedule import Plan
from meeplog.core.tournament.stored import open_tournament
from scripts.bench_tournament import verdict

CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "meeplog" / "bench"
STORE_VERSION = 2  # raise it when what the store should hold changes (2: copies of a pool of real games)
GAMES = 100_000
POOL = 1_000  # real games played, each copied GAMES / POOL times under new ids
COPIES_A_SAVE = 500  # games a transaction
FOLLOWED = 500  # the last games, fed one at a time
COLD_BUDGET, FOLLOW_BUDGET_MS = 10.0, 5.0
TOURNAMENTS = (  # game, seats, players, share of the games
    ("forest", 3, ("random", "random:seed=2", "random:seed=3", "heuristic"), 0.6),
    ("hike", 3, ("random", "heuristic", "random:seed=2"), 0.4),
)


def plans(games: int) -> list[Plan]:
    built = []
    for game, seats, players, share in TOURNAMENTS:
        rules = load_rules(game)
        config = rules.configure(seats).model_dump(mode="json")
        built.append(Plan(game, rules.version, config, players, round(games * share), 1, "random"))
    return built


def bench_store(games: int) -> Path:
    """The cached store of `games` games, built first if need be."""
    CACHE.mkdir(parents=True, exist_ok=True)
    path = CACHE / f"leaderboard-{games}-v{STORE_VERSION}.db"
    if path.exists():
        return path
    building = path.with_suffix(".part")
    for stale in CACHE.glob(f"{building.name}*"):
        stale.unlink()
    print(f"building the leaderboard's bench store: {games:,} games into {path} ...", flush=True)
    started = time.perf_counter()
    pool = pool_games(min(POOL, games))
    store = open_store(str(building))
    try:
        copies = copied(pool, games)
        while batch := [row for _, rows in zip(range(COPIES_A_SAVE), copies, strict=False) for row in rows]:
            store.save_rows(batch)
    finally:
        store.close()
    building.rename(path)
    print(f"built in {time.perf_counter() - started:.0f} s", flush=True)
    return path


def pool_games(games: int) -> list[tuple[Row, ...]]:
    """`games` real games played as the tournaments of TOURNAMENTS, each game's rows as stored, in log order."""
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(str(Path(folder) / "pool.db"))
        try:
            for plan in plans(games):
                tournament, _ = open_tournament(store, plan)
                play_tournament(store, tournament, default_workers())
            rows: dict[str, list[Row]] = {}
            recorder = store.recorder
            with recorder.datastore.transaction(commit=False) as cursor:  # type: ignore[attr-defined]
                cursor.execute(
                    "SELECT originator_id, originator_version, topic, state"
                    f" FROM {recorder.events_table_name} ORDER BY rowid"  # type: ignore[attr-defined]
                )
                for originator, version, topic, state in cursor.fetchall():
                    rows.setdefault(originator, []).append((originator, version, topic, bytes(state)))
        finally:
            store.close()
    return [tuple(game) for game in rows.values() if game[0][2].endswith("/GameStarted")]


def copied(pool: list[tuple[Row, ...]], games: int) -> Iterator[tuple[Row, ...]]:
    """`games` games, the pool's in turn, each under a new id."""
    for number in range(games):
        game = uuid.uuid4().hex
        yield tuple((game, version, topic, state) for _, version, topic, state in pool[number % len(pool)])


def cold_seconds(store: GameStore) -> tuple[float, float, int]:
    """Wall and CPU seconds (all threads) from nothing to the leaderboard of the whole store, and its rated games.
    The view reached is then saved in the store, as `meeplog leaderboard` saves it."""
    started, cpu = time.perf_counter(), time.process_time()
    followed = FollowedLeaderboard(store, Settings())
    followed.follow()
    board = leaderboard(followed.view, "bench", Strengths())
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu
    saved.save(store, followed.view)
    return wall, cpu, board.sections[0].rated


def resumed_seconds(store: GameStore) -> float:
    """Seconds from nothing in memory to the leaderboard, from the view saved in the store."""
    started = time.perf_counter()
    followed = FollowedLeaderboard(store, Settings(), saved.load(store, Settings()))
    followed.follow()
    leaderboard(followed.view, "bench", Strengths())
    return time.perf_counter() - started


def following_ms(store: GameStore) -> tuple[float, float, float]:
    """Milliseconds a game over the last FOLLOWED games fed one at a time: folding it, then refitting the ratings
    (wall), and both in CPU."""
    ends = [f"{plan.game}/GameFinished" for plan in plans(GAMES)]
    last = store.recorder.max_notification_id() or 0
    tail = store.recorder.select_notifications(start=max(1, last - 300 * FOLLOWED), limit=10**6, topics=ends)
    stops = [note.id for note in tail[-FOLLOWED:]]
    followed, strengths = FollowedLeaderboard(store), Strengths()
    followed.follow(upto=stops[0] - 1)
    leaderboard(followed.view, "bench", strengths)
    folding = refreshing = 0.0
    cpu = time.process_time()
    for stop in stops:
        started = time.perf_counter()
        followed.follow(upto=stop)
        folded = time.perf_counter()
        leaderboard(followed.view, "bench", strengths)
        folding += folded - started
        refreshing += time.perf_counter() - folded
    cpu = time.process_time() - cpu
    return folding / FOLLOWED * 1e3, refreshing / FOLLOWED * 1e3, cpu / FOLLOWED * 1e3


def line() -> str:
    """Wall-clock figures against the budgets, with the CPU they took: on a busy machine the CPU says more."""
    store = open_store(str(bench_store(GAMES)))
    try:
        cold, cold_cpu, rated = cold_seconds(store)
        resumed = resumed_seconds(store)
        folding, refreshing, each_cpu = following_ms(store)
    finally:
        store.close()
    each = folding + refreshing
    return (
        f"the leaderboard over {rated:,} stored games: {cold:.1f} s cold, {cold_cpu:.1f} s of CPU (budget "
        f"≤{COLD_BUDGET:g} s: {verdict(cold <= COLD_BUDGET)}), {resumed:.2f} s from its view saved in the store; "
        f"followed, {each:.2f} ms a new game, {each_cpu:.2f} ms "
        f"of CPU (budget ≤{FOLLOW_BUDGET_MS:g} ms: {verdict(each <= FOLLOW_BUDGET_MS)}): {folding:.2f} ms to fold it, "
        f"{refreshing:.2f} ms to refit with its bootstrap"
    )


if __name__ == "__main__":
    print(line())
