"""Tournament plans and the meeplog command line for the tournament tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from core.registry import load_rules
from core.tournament.schedule import Plan

MEEPLOG = str(Path(sys.executable).with_name("meeplog"))


def forest_plan(players: tuple[str, ...] = ("random",) * 3, games: int = 12, seed: int = 1, seats: int = 3) -> Plan:
    rules = load_rules("forest")
    return Plan("forest", rules.version, rules.configure(seats).model_dump(mode="json"), players, games, seed, "random")


def meeplog(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [MEEPLOG, *args], capture_output=True, text=True, timeout=300, check=False, env=env, cwd=cwd
    )
