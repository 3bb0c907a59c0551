"""A tournament's cost per game against the game's own, on this machine, in one run (lines of scripts/bench).

A game played in a tournament costs more than the same game recorded in memory: a worker process plays it
through the match runner, and this process, the single writer, saves it. Two lines measure that cost on
random-player Old Man games, stored in SQLite as `meeplog tournament run` does by default: a game in a
one-worker tournament against its in-memory recording (goal ≤3x), and the games a second worker adds
(goal: two workers play ≥1.8x as many games a second as one, on two idle cores). A third line runs issue 34's
comparison as commands, whole: a stored tournament of cheap bots on 2 workers against `scripts/soak` with the same
players (DESIGN.md section 9: at least 0.5x its games a second).
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from meeplog.core.game import Game
from meeplog.core.registry import load_rules
from meeplog.core.store import open_store
from meeplog.core.tournament.run import play_tournament
from meeplog.core.tournament.schedule import Plan
from meeplog.core.tournament.stored import open_tournament

GAME, PLAYERS = "forest", 3
TOURNAMENT_BUDGET = 3.0  # a tournament game, as a multiple of the same game recorded in memory
TWO_WORKERS_BUDGET = 1.8  # games a second with two workers, as a multiple of one worker's
SOAK_BUDGET = 0.5  # a stored tournament's games a second on 2 workers, as a multiple of the soak's
CHEAP_BOTS = ("heuristic", "heuristic", "random")  # the soak's players; the tournament seeds its second heuristic


def tournament_seconds(backend: str, games: int, workers: int, store: str = "memory") -> float:
    """Wall seconds of a tournament of `games` random Old Man games, start-up of the workers included."""
    rules = load_rules(GAME)
    plan = Plan(GAME, rules.version, rules.configure(PLAYERS).model_dump(mode="json"), ("random",) * PLAYERS,
                games, 1, "random")
    opened = open_store(store)
    tournament, _ = open_tournament(opened, plan)
    started = time.perf_counter()
    play_tournament(opened, tournament, workers, backend=backend)
    return time.perf_counter() - started


def in_memory_seconds(games: int) -> float:
    """Wall seconds of recording `games` random Old Man games through the Game aggregate, in this process."""
    rules = load_rules(GAME)
    config = rules.configure(PLAYERS)
    started = time.perf_counter()
    for seed in range(games):
        choices = random.Random(seed)
        game = Game.start(rules, config, ["random"] * PLAYERS, seed)
        while not (pending := game.pending()).over:
            for seat in pending.seats:
                game.submit(seat, choices.choice(game.legal(seat)))
    return time.perf_counter() - started


def sqlite_tournament_seconds(games: int, workers: int) -> float:
    with tempfile.TemporaryDirectory() as folder:
        return tournament_seconds("local", games, workers, str(Path(folder) / "bench.db"))


def command_seconds(command: list[str]) -> float:
    """Wall seconds of a command run whole (start-up and exit included), its output dropped."""
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def soak_and_tournament_seconds(games: int) -> tuple[float, float]:
    """Wall seconds of issue 34's two commands, one after the other: `scripts/soak` of cheap bots on Old Man at three
    seats (no observations), and a tournament of the same players on 2 workers in a fresh SQLite file."""
    soak = [sys.executable, "-m", "scripts.soak", GAME, "--games", str(games), "--workers", "2", "--count",
            str(PLAYERS), "--skip-observations"]
    soak += [option for player in CHEAP_BOTS for option in ("--players", player)]
    with tempfile.TemporaryDirectory() as folder:
        tournament = [sys.executable, "-m", "meeplog", "tournament", GAME, "-p", CHEAP_BOTS[0], "-p",
                      f"{CHEAP_BOTS[1]}:seed=2", "-p", CHEAP_BOTS[2], "--games", str(games), "--workers", "2",
                      "--db", str(Path(folder) / "soak.db"), "--out", str(Path(folder) / "out")]
        return command_seconds(soak), command_seconds(tournament)


def soak_line(games: int = 2000, repeats: int = 3) -> str:
    """The tournament's games a second over the soak's, one pair of runs at a time (a loaded machine slows both)."""
    ratios = sorted(soak / tournament for soak, tournament in
                    (soak_and_tournament_seconds(games) for _ in range(repeats)))
    return (f"a stored tournament of {games} cheap Old Man games (heuristic x2 + random) on 2 workers against "
            f"scripts/soak with the same players: {', '.join(f'{r:.2f}' for r in ratios)}x its games a second "
            f"(goal ≥{SOAK_BUDGET:g}x: {verdict(ratios[-1] >= SOAK_BUDGET)})")


def verdict(met: bool) -> str:
    return "met" if met else "missed"


def lines(games: int = 1000) -> list[str]:
    """Best of two runs each, the runs of one measure back to back."""
    memory = min(in_memory_seconds(games) for _ in range(2))
    one = min(sqlite_tournament_seconds(games, 1) for _ in range(2))
    two = min(sqlite_tournament_seconds(games, 2) for _ in range(2))
    ratio, speedup = one / memory, one / two
    return [
        f"a random Old Man game in a one-worker tournament on SQLite: {one / games * 1e3:.2f} ms, recorded in memory "
        f"{memory / games * 1e3:.2f} ms: {ratio:.1f}x (goal ≤{TOURNAMENT_BUDGET:g}x: "
        f"{verdict(ratio <= TOURNAMENT_BUDGET)})",
        f"two workers against one, {games} games: {speedup:.2f}x the games a second (goal ≥{TWO_WORKERS_BUDGET:g}x "
        f"on 2 idle cores: {verdict(speedup >= TWO_WORKERS_BUDGET)})",
        soak_line(),
    ]


if __name__ == "__main__":
    print("\n".join(lines()))
