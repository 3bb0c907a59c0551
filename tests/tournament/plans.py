"""Tournament plans and the meeplog command line for the tournament tests."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from pathlib import Path

from meeplog.core.registry import load_rules
from meeplog.core.store import GameStore, open_store
from meeplog.core.tournament.aggregate import Tournament
from meeplog.core.tournament.run import play_tournament
from meeplog.core.tournament.schedule import Plan
from meeplog.core.tournament.stored import load_tournament, open_tournament, tournament_ids

MEEPLOG = str(Path(sys.executable).with_name("meeplog"))


def forest_plan(players: tuple[str, ...] = ("random",) * 3, games: int = 12, seed: int = 1, seats: int = 3) -> Plan:
    rules = load_rules("forest")
    return Plan("forest", rules.version, rules.configure(seats).model_dump(mode="json"), players, games, seed, "random")


def played(path: Path, plan: Plan) -> tuple[GameStore, Tournament]:
    """A SQLite store at `path` with `plan`'s tournament played to the end on one worker, and the tournament."""
    store = open_store(str(path))
    tournament, _ = open_tournament(store, plan)
    play_tournament(store, tournament, workers=1)
    return store, tournament


def meeplog(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [MEEPLOG, *args], capture_output=True, text=True, timeout=300, check=False, env=env, cwd=cwd
    )


def recorded_so_far(db: str | Path) -> int:
    """Results stored so far over every tournament at `db`, read while a tournament process writes there;
    0 until it can be read (a SQLite file is not opened before that process creates it)."""
    if "://" not in str(db) and not Path(db).exists():
        return 0
    with contextlib.suppress(Exception):
        return recorded(db)
    return 0


def recorded(db: str | Path) -> int:
    """Results stored over every tournament at `db`, once no one writes there: an error is the test's failure."""
    store = open_store(str(db))
    try:
        return sum(len(load_tournament(store, found).results) for found in tournament_ids(store))
    finally:
        store.close()
    return 0
