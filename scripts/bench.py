"""Meeplog's performance budgets (DESIGN.md section 8), measured as ratios in one run.

For each registered game: the cost of a random playout step of the bare kernel as a multiple of a bare
pure-Python reference step (a trick-taking step on plain lists: pick a card, remove it, play it); and the cost
of a game recorded through the Game aggregate in memory, and of one stored in SQLite as a tournament stores it
(its rows encoded, SAVED_TOGETHER games a transaction), as multiples of the bare kernel. Beside the last, its
floor: the in-memory recording plus SQLite alone inserting the same games' rows, made beforehand, with the
store's statement and as many games a transaction, which is what a save would cost if encoding and the
event-sourcing library cost nothing. Each figure is the best of several
rounds, each round on games not played before (a kernel that remembers what it computed must not meet the same
games again), and the three figures of a game on the same rounds of seeds, so that the ratios compare like
with like on a noisy machine. Then MCTS simulations per second from each game's first decision with random
playouts to the end, and on Old Man of the Forest with playouts cut by the evaluation (scripts/bench-bots
measures more specs and the bots' strength); each game's slowest heuristic decision against a hoarding and a
passing seat, against the 50-ms budget (the conformance kit's games, core/conformance/timing.py); last, a
tournament game against its in-memory recording, and two workers against one (scripts/bench_tournament.py); the
leaderboard over 100,000 stored games, cold and followed (scripts/bench_leaderboard.py, its store built once); the
analysis of one Old Man of the Forest game at 200 simulations a decision (scripts/bench_analysis.py).
"""

from __future__ import annotations

import argparse
import math
import random
import sqlite3
import tempfile
import time
from collections.abc import Callable
from importlib import import_module
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from meeplog.core.audit import DECISIONS
from meeplog.core.compiled import HOT_MODULES, is_compiled
from meeplog.core.conformance.timing import BOUND, BUDGET, FACTOR, HeuristicTooSlow, time_every_game
from meeplog.core.game import Game
from meeplog.core.registry import game_names, load_rules
from meeplog.core.rows import encoded
from meeplog.core.store import BatchedSQLiteRecorder, Row, open_store
from scripts.bench_analysis import line as analysis_line
from scripts.bench_bots import sims_per_second
from scripts.bench_leaderboard import line as leaderboard_line
from scripts.bench_ray import line as ray_line
from scripts.bench_tournament import lines as tournament_lines
from scripts.bench_tournament import verdict

ROUNDS = 5
SAVED_TOGETHER = 50  # games a transaction in the SQLite rows, as a tournament's group commit saves them (run.py);
# with rounds of other sizes, their greatest common divisor, so that every round saves all its games
MCTS_BUDGET = 5000  # simulations per second on Old Man of the Forest from the first trick, playouts cut at 16
MCTS_CUT_SPEC = "mcts:depth=16"
PLAYOUT_BUDGET = 1000  # simulations per second with random playouts to the end, every game, smallest table


def reference_playout(seed: int, players: int = 4, hand: int = 10) -> int:
    """A bare trick-taking game on plain lists: the floor that a kernel step is compared with."""
    rng = random.Random(seed)
    deck = list(range(50))
    rng.shuffle(deck)
    hands = [deck[i * hand:(i + 1) * hand] for i in range(players)]
    leader, steps = 0, 0
    for _ in range(hand):
        trick = []
        for order in range(players):
            seat = (leader + order) % players
            card = rng.choice(hands[seat])
            hands[seat].remove(card)
            trick.append((card % 10, -order, seat))
            steps += 1
        leader = max(trick)[2]
    return steps


def choices_rng(seed: int) -> random.Random:
    """The players' choices, kept apart from the game's own randomness (Random(seed), as in Game)."""
    return random.Random(seed + 1_000_003)


def kernel_playout(rules: Any, config: Any, seed: int) -> int:
    rng, choices = random.Random(seed), choices_rng(seed)
    state = rules.setup(config, rng)
    pending, legal, apply = rules.pending, rules.legal, rules.apply
    steps = 0
    while not (now := pending(state)).over:
        for seat in now.seats:
            apply(state, seat, choices.choice(legal(state, seat)), rng)
            steps += 1
    return steps


def recorded_game(rules: Any, config: Any, seed: int) -> Game:
    """The same random game as kernel_playout, but through the aggregate, which records every event."""
    choices = choices_rng(seed)
    game = Game.start(rules, config, ["random"] * config.players, seed)
    while not (now := game.pending()).over:
        for seat in now.seats:
            game.submit(seat, choices.choice(game.legal(seat)))
    return game


def per_step(run: Callable[[int], int], games: int) -> float:
    """Best-of-ROUNDS seconds per step, each round on `games` seeds of its own (the same for every `run`)."""
    best = float("inf")
    for round_ in range(ROUNDS):
        started = time.perf_counter()
        steps = sum(run(seed) for seed in range(round_ * games, (round_ + 1) * games))
        best = min(best, (time.perf_counter() - started) / steps)
    return best


def bench_config(rules: Any) -> Any:
    """The table a game's step costs are measured at: its largest, but Routard's smallest, as since the
    first run of this script, so that runs compare (scripts/playouts.py plays the same for callgrind)."""
    return rules.configure(rules.min_players if rules.name == "routard" else rules.max_players)


def bench_game(name: str, games: int, db_folder: Path) -> dict[str, float]:
    rules = load_rules(name)
    config = bench_config(rules)
    store = open_store(str(db_folder / f"{name}.db"))

    unsaved: list[Row] = []
    together = math.gcd(games, SAVED_TOGETHER)

    def stored(seed: int) -> int:
        game = recorded_game(rules, config, seed)
        unsaved.extend(encoded(game.log))
        if seed % together == together - 1:
            store.save_rows(unsaved)
            unsaved.clear()
        return _decisions(game)

    def in_memory(seed: int) -> int:
        return _decisions(recorded_game(rules, config, seed))

    return {
        "kernel": per_step(lambda seed: kernel_playout(rules, config, seed), games),
        "memory": per_step(in_memory, games),
        "sqlite": per_step(stored, games),
        "sqlite alone": sqlite_alone(rules, config, games, db_folder / f"{name}-rows.db"),
    }


def sqlite_alone(rules: Any, config: Any, games: int, path: Path) -> float:
    """Best-of-ROUNDS seconds per decision of SQLite inserting the rows of the games `per_step` plays, made
    beforehand, with the store's own table and insert (BatchedSQLiteRecorder.insert_rows), SAVED_TOGETHER
    games a transaction: a save's cost that no Python can take away."""
    recorder = open_store(str(path)).recorder
    assert isinstance(recorder, BatchedSQLiteRecorder)
    best = float("inf")
    with sqlite3.connect(path, isolation_level=None) as connection:
        for round_ in range(ROUNDS):
            played = [recorded_game(rules, config, seed) for seed in range(round_ * games, (round_ + 1) * games)]
            rows = [encoded(game.log) for game in played]
            started = time.perf_counter()
            together = math.gcd(games, SAVED_TOGETHER)
            for first in range(0, len(rows), together):
                batch = [row for game in rows[first:first + together] for row in game]
                connection.execute("BEGIN")
                recorder.insert_rows(connection.cursor(), batch)
                connection.execute("COMMIT")
            best = min(best, (time.perf_counter() - started) / sum(map(_decisions, played)))
    return best


def mcts_table(names: list[str]) -> Table:
    """MCTS with random playouts to the end of the game, from its first decision, at its smallest table."""
    table = Table(title="MCTS with random playouts to the end, from the first decision (best of two 1-second searches)")
    for column in ("game", "players", "sims/s", f"≥{PLAYOUT_BUDGET:,}"):
        table.add_column(column, justify="right")
    for name in names:
        players = load_rules(name).min_players
        rate = max(sims_per_second(name, "mcts", players, seconds=1.0) for _ in range(2))
        table.add_row(name, str(players), f"{rate:,.0f}", verdict(rate >= PLAYOUT_BUDGET))
    return table


def heuristic_table(names: list[str]) -> Table:
    """Each game's slowest heuristic decision against a hoarder and a passer: the conformance kit's games
    (core/conformance/timing.py), the slowest decisions timed four times (the least try counts)."""
    table = Table(title=f"Heuristic decisions against a hoarder and a passer (the slowest; budget "
                        f"{BUDGET * 1000:.0f} ms)")
    for column in ("game", "decisions", "slowest ms", "/budget", "≤1x", "where"):
        table.add_column(column, justify="left" if column == "where" else "right")
    for name in names:
        rules = load_rules(name)
        if rules.heuristic() is None:
            table.add_row(name, "-", "-", "-", "-", "no heuristic")
            continue
        try:
            timing = time_every_game(rules)
        except HeuristicTooSlow as slow:
            table.add_row(name, "-", f">{BOUND * 1000:,.0f}", f">{FACTOR}x", verdict(False), str(slow))
            continue
        worst = timing.worst()
        seconds = worst.seconds if worst else 0.0
        table.add_row(name, f"{timing.decisions:,}", f"{seconds * 1000:.2f}", f"{seconds / BUDGET:.3f}x",
                      verdict(seconds <= BUDGET), worst.where if worst else "")
    return table


def _decisions(game: Game) -> int:
    return sum(1 for recorded in game.log if isinstance(recorded.event, DECISIONS))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per measurement round (default 100)")
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: all registered")
    args = parser.parse_args()
    console = Console()
    reference = per_step(reference_playout, args.games * 4)
    table = Table(title=f"Step costs (best of {ROUNDS} rounds, {args.games} games each)")
    for column in ("game", "kernel µs/step", "kernel/ref (≤5x)", "memory/kernel (≤3x)", "SQLite/kernel (≤6x)",
                   "its floor"):
        table.add_column(column, justify="right")
    with tempfile.TemporaryDirectory() as folder:
        for name in args.game or game_names():
            console.print(f"measuring {name} ...")
            costs = bench_game(name, args.games, Path(folder))
            table.add_row(
                name,
                f"{costs['kernel'] * 1e6:.1f}",
                f"{costs['kernel'] / reference:.1f}x",
                f"{costs['memory'] / costs['kernel']:.2f}x",
                f"{costs['sqlite'] / costs['kernel']:.2f}x",
                f"{(costs['memory'] + costs['sqlite alone']) / costs['kernel']:.2f}x",
            )
    console.print(f"reference step: {reference * 1e6:.2f} µs (a trick-taking step on plain lists)")
    console.print(table)
    console.print(mcts_table(args.game or game_names()))
    rate = max(sims_per_second("forest", MCTS_CUT_SPEC, 4, seconds=1.0) for _ in range(3))
    console.print(f"MCTS on forest (4 players) from the first trick, {MCTS_CUT_SPEC}: {rate:,.0f} sims/s "
                  f"(budget ≥{MCTS_BUDGET:,}: {verdict(rate >= MCTS_BUDGET)})")
    console.print(heuristic_table(args.game or game_names()))
    for line in tournament_lines():
        console.print(line)
    console.print(leaderboard_line())
    console.print(analysis_line())
    console.print(ray_line() if find_spec("ray") else "Ray backend: not measured (pip install 'meeplog[ray]')")
    compiled = all(is_compiled(import_module(name)) for name in HOT_MODULES)
    console.print("the hot modules (core/compiled.py) ran compiled" if compiled else
                  "the hot modules (core/compiled.py) ran from source: scripts/setup-venv compiles them")


if __name__ == "__main__":
    main()
