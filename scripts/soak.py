"""Soak one game: many games on the bare kernel, in parallel processes, under the cheap conformance checks.

Games are spread over every player count of the game. Each one is played by core/conformance/bounds.py,
which measures every decision as it is offered (how many legal commands, and how many bytes the HTTP
agent's observation weighs) and stops the game past a bound of core/limits.py; then the finished game
must have a valid outcome and events that fold back into its final state (core/conformance/playouts.py).
The report gives, per player count, the largest decision and observation met, and every failure with
the player count and seed that reproduce it (`--count P --first-seed S --games 1`).
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field
from multiprocessing import Pool

from rich.console import Console
from rich.table import Table

from meeplog.core.conformance.bounds import Extremes, measure, policy
from meeplog.core.conformance.playouts import problems
from meeplog.core.limits import MAX_LEGAL_COMMANDS, MAX_OBSERVATION_BYTES
from meeplog.core.registry import UnknownName, game_names, load_rules
from meeplog.core.tournament.worker import exit_with_parent


@dataclass(frozen=True)
class Task:
    game: str
    players: int
    seed: int
    specs: tuple[str, ...]  # seat i plays specs[i % len(specs)]
    weigh: bool = True  # weigh every observation against the bound (core/conformance/bounds.py)


@dataclass(frozen=True)
class Result:
    task: Task
    extremes: Extremes
    seconds: float
    failure: str | None


@dataclass
class Tally:
    """What the games of one player count met."""

    games: int = 0
    seconds: float = 0.0
    extremes: Extremes = field(default_factory=Extremes)
    failures: list[Result] = field(default_factory=list)


def soak_one(task: Task) -> Result:
    """Play one game with the checks; any exception is a failure of that game, reported, never raised."""
    started = time.perf_counter()
    rules = load_rules(task.game)
    specs = [task.specs[seat % len(task.specs)] for seat in range(task.players)]
    extremes = Extremes()
    try:
        playout, extremes = measure(rules, rules.configure(task.players), task.seed, specs, weigh=task.weigh)
        failure = "; ".join(problems(rules, playout)) or None
    except Exception as error:  # the soak reports every way a game can break
        failure = f"{type(error).__name__}: {error}"
    return Result(task, extremes, time.perf_counter() - started, failure)


def tasks(game: str, counts: list[int], games: int, first_seed: int, specs: tuple[str, ...], *,
          weigh: bool = True) -> list[Task]:
    """`games` games, dealt round the player counts in turn; the k-th game of a count has seed first_seed + k."""
    return [Task(game, counts[n % len(counts)], first_seed + n // len(counts), specs, weigh) for n in range(games)]


def start_worker() -> None:
    exit_with_parent()


def report(console: Console, game: str, specs: tuple[str, ...], tallies: dict[int, Tally], wall: float, *,
           weighed: bool) -> None:
    table = Table(title=f"soak {game}, players {', '.join(specs)}: {wall:.0f}s")
    for column in ("players", "games", "decisions/game", "largest decision", "largest observation", "failures",
                   "ms/game"):
        table.add_column(column, justify="right")
    whole = Tally()
    for players, tally in sorted(tallies.items()):
        whole.games += tally.games
        whole.seconds += tally.seconds
        whole.extremes.add(tally.extremes)
        whole.failures += tally.failures
        table.add_row(*_row(str(players), tally, weighed))
    table.add_row(*_row("all", whole, weighed))
    console.print(table)
    console.print(f"bounds: {MAX_LEGAL_COMMANDS} legal commands, {MAX_OBSERVATION_BYTES:,} bytes (core/limits.py)"
                  + ("" if weighed else "; observations not weighed (--skip-observations)"))
    for result in whole.failures:
        task = result.task
        console.print(f"FAILED {task.players} players, seed {task.seed}: {result.failure} "
                      f"(again: scripts/soak {game} --count {task.players} --first-seed {task.seed} --games 1 "
                      f"{' '.join(f'--players {spec}' for spec in specs)})")


def _row(label: str, tally: Tally, weighed: bool) -> list[str]:
    games = max(tally.games, 1)
    observation = f"{tally.extremes.observation:,} B" if weighed else "not weighed"
    return [label, str(tally.games), f"{tally.extremes.decisions / games:,.0f}", f"{tally.extremes.decision:,}",
            observation, str(len(tally.failures)), f"{tally.seconds / games * 1e3:.1f}"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="the game to soak")
    parser.add_argument("--games", type=int, default=200, help="games in all, over the player counts (default 200)")
    parser.add_argument("--players", action="append",
                        help="the player of every seat: random, heuristic, first, last or mcts:...; repeat it "
                             "to cycle the seats through several (default random)")
    parser.add_argument("--count", type=int, action="append", help="only this player count (repeatable)")
    parser.add_argument("--first-seed", type=int, default=0, help="the seed of each count's first game (default 0)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--skip-observations", action="store_true",
                        help="do not weigh what a remote seat would be sent at every decision, the dearest check "
                             "(most of a random game's time); the other checks stay")
    args = parser.parse_args()
    if args.game not in game_names():
        parser.error(f"unknown game {args.game}; registered: {', '.join(game_names())}")
    rules = load_rules(args.game)
    counts = args.count or list(range(rules.min_players, rules.max_players + 1))
    if bad := [n for n in counts if not rules.min_players <= n <= rules.max_players]:
        parser.error(f"{rules.title} takes {rules.min_players} to {rules.max_players} players, not {bad[0]}")
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers take a whole number of at least 1")
    specs = tuple(args.players or ["random"])
    for spec in specs:
        try:
            policy(spec, 0)
        except (ValueError, UnknownName) as error:
            parser.error(str(error))

    console = Console(highlight=False, width=None if sys.stdout.isatty() else 160)
    tallies: dict[int, Tally] = {n: Tally() for n in counts}
    started = time.perf_counter()
    with Pool(args.workers, initializer=start_worker) as pool:
        todo = tasks(args.game, counts, args.games, args.first_seed, specs, weigh=not args.skip_observations)
        for result in pool.imap_unordered(soak_one, todo, chunksize=4):
            tally = tallies[result.task.players]
            tally.games += 1
            tally.seconds += result.seconds
            tally.extremes.add(result.extremes)
            if result.failure:
                tally.failures.append(result)
    report(console, args.game, specs, tallies, time.perf_counter() - started,
           weighed=not args.skip_observations)
    if any(tally.failures for tally in tallies.values()):
        sys.exit(1)


if __name__ == "__main__":
    main()
