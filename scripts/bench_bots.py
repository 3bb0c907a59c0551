"""How fast MCTS searches and how strong the bots are, for every registered game.

For each game: MCTS simulations per second from the opening position (on one core, before the
games start), then a strength table: one seat of bot A against bots B in every other seat, the A
seat rotated through the table, on paired seeds. A's win share counts a shared win as a fraction;
the 95% interval is Wilson's; "even" is 1/players, the share of a bot no better than the others.
Games go through the real Game aggregate and match runner (no store), in worker processes. Each
finished game is appended to a JSON Lines file (--save), so an interrupted run resumes where it
stopped when run again with the same settings.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import signal
import sys
import time
from dataclasses import asdict, dataclass
from multiprocessing import Pool
from pathlib import Path

import orjson
from rich.console import Console
from rich.table import Table

from meeplog.core.game import Game
from meeplog.core.kernel import Evaluator
from meeplog.core.players import make_player
from meeplog.core.registry import UnknownName, game_names, load_rules
from meeplog.core.runner import MatchRunner, MatchSettings
from meeplog.core.specs import PlayerSpec
from meeplog.core.tournament.standings import wilson
from meeplog.core.tournament.worker import exit_with_parent
from meeplog.players.mcts import Search
from meeplog.players.mcts_options import MctsOptions
from meeplog.players.random import RandomPlayer


@dataclass(frozen=True)
class Setting:
    """Where a game is measured: its seat count and the MCTS spec tuned for it (docs/bots-mcts.md)."""

    players: int
    mcts: str


SETTINGS = {
    "forest": Setting(4, "mcts:sims=1000,c=0.5,rollout=heuristic,others=rollout,depth=16"),
    "donkey": Setting(4, "mcts:sims=400,c=1,depth=8"),
    "hike": Setting(2, "mcts:sims=120,c=0.5,rollout=heuristic,others=rollout,bias=1,depth=4"),
    "trekking": Setting(2, "mcts:sims=150,per_move=5,c=0.5,rollout=heuristic,others=rollout,bias=0.5,fpu=0.9,depth=10"),
    "routard": Setting(2, "mcts:sims=100,c=0.5,rollout=heuristic,others=rollout,bias=1,fpu=0.5"),
}
DEFAULT_MCTS = "mcts:sims=200,c=0.5,rollout=heuristic"
SPEED_SPECS = ("mcts", "mcts:depth=16", "mcts:depth=8")  # random playouts to the end, or cut (needs evaluate)


@dataclass(frozen=True)
class Task:
    game: str
    hero: str
    others: str
    players: int
    seed: int

    @property
    def pairing(self) -> tuple[str, str, str, int]:
        return self.game, self.hero, self.others, self.players


def setting(name: str, players: int | None, mcts: str | None) -> Setting:
    """The game's tuned setting, with the command line's overrides; an untuned game plays at its minimum."""
    tuned = SETTINGS.get(name, Setting(load_rules(name).min_players, DEFAULT_MCTS))
    return Setting(players or tuned.players, mcts or tuned.mcts)


def play(task: Task) -> tuple[Task, float, float]:
    """One game: the hero's win share (1/k for a k-way shared win) and the seconds it took."""
    started = time.perf_counter()
    rules = load_rules(task.game)
    hero_seat = task.seed % task.players
    specs = [task.hero if seat == hero_seat else task.others for seat in range(task.players)]
    game = Game.start(rules, rules.configure(task.players), specs, task.seed)
    seats = [make_player(PlayerSpec.parse(spec), task.seed * 10 + seat) for seat, spec in enumerate(specs)]
    fallbacks = [RandomPlayer(RandomPlayer.Options(), seat) for seat in range(task.players)]
    outcome = asyncio.run(MatchRunner(game, seats, fallbacks, settings=MatchSettings(timeout=None)).play())
    winners = outcome.winners
    share = 1 / len(winners) if hero_seat in winners else 0.0
    return task, share, time.perf_counter() - started


def sims_per_second(name: str, spec: str, players: int, seconds: float) -> float:
    """MCTS simulations per second for the first decision of a game (seed 0)."""
    rules = load_rules(name)
    state = rules.setup(rules.configure(players), random.Random(0))
    seat = rules.pending(state).seats[0]
    search = Search(rules, seat, lambda rng: rules.sample(state, seat, rng),
                    MctsOptions(**PlayerSpec.parse(spec).options), random.Random(1))
    started = time.perf_counter()
    search.run(seconds=seconds)
    return search.simulations / (time.perf_counter() - started)


def start_worker() -> None:
    """Leave Ctrl-C to the parent, which then stops the pool (a worker interrupted mid-game would hang
    it), and exit if the parent is killed."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exit_with_parent()


def load_saved(path: Path) -> dict[Task, tuple[float, float]]:
    """The games an earlier run finished: task -> (share, seconds)."""
    if not path.exists():
        return {}
    saved = {}
    for number, line in enumerate(path.read_bytes().splitlines(), start=1):
        try:
            row = orjson.loads(line)
            saved[Task(row["game"], row["hero"], row["others"], row["players"], row["seed"])] = (
                row["share"], row["seconds"])
        except (orjson.JSONDecodeError, KeyError, TypeError):
            print(f"{path}:{number}: not a saved game, skipped (an interrupted write?)", file=sys.stderr)
    return saved


def print_speed(console: Console, names: list[str], settings: dict[str, Setting], seconds: float) -> None:
    speed = Table(title=f"MCTS simulations per second from the opening position ({seconds:g}s, one core)")
    for column in ("game", "players", "spec", "sims/s"):
        speed.add_column(column, justify="right")
    for name in names:
        evaluates = isinstance(load_rules(name).heuristic(), Evaluator)
        chosen = settings[name]
        for spec in dict.fromkeys([chosen.mcts, *SPEED_SPECS]):
            if "depth" in PlayerSpec.parse(spec).options and not evaluates:
                continue
            rate = sims_per_second(name, spec, chosen.players, seconds)
            speed.add_row(name, str(chosen.players), spec, f"{rate:,.0f}")
            console.print(f"{name}: {spec} {rate:,.0f} sims/s")
    console.print(speed)


def play_all(console: Console, tasks: list[Task], save: Path, workers: int) -> dict[Task, tuple[float, float]]:
    """Every task's result, from the save file or played now (appended to it as each game ends)."""
    saved = load_saved(save)
    results = {task: saved[task] for task in tasks if task in saved}
    todo = [task for task in tasks if task not in results]
    if results:
        console.print(f"{len(results)} of {len(tasks)} games already played, in {save}")
    shares: dict[tuple[str, str, str, int], list[float]] = {}
    for task, (share, _) in results.items():
        shares.setdefault(task.pairing, []).append(share)
    started = time.perf_counter()
    with Pool(workers, initializer=start_worker) as pool, save.open("ab") as out:
        for done, (task, share, seconds) in enumerate(pool.imap_unordered(play, todo), start=1):
            results[task] = share, seconds
            out.write(orjson.dumps({**asdict(task), "share": share, "seconds": seconds}) + b"\n")
            out.flush()
            pairing = shares.setdefault(task.pairing, [])
            pairing.append(share)
            if done % 25 == 0 or done == len(todo):
                console.print(f"[{done}/{len(todo)}, {time.perf_counter() - started:.0f}s] {task.game} "
                              f"{task.hero} vs {task.others}: {len(pairing)} games, "
                              f"win share {sum(pairing) / len(pairing):.3f}")
    return results


def print_strength(console: Console, tasks: list[Task], results: dict[Task, tuple[float, float]]) -> None:
    pairings: dict[tuple[str, str, str, int], list[tuple[float, float]]] = {}
    for task in tasks:
        if task in results:
            pairings.setdefault(task.pairing, []).append(results[task])
    strength = Table(title="Strength: one seat of A against B in the others, seats rotated")
    for column in ("game", "players", "A", "B", "games", "A's win share", "95% CI", "even", "A is better",
                   "s/game"):
        strength.add_column(column, justify="right")
    for (name, hero, others, players), rows in pairings.items():
        games = len(rows)
        wins = sum(share for share, _ in rows)
        low, high = wilson(wins, games)
        even = 1 / players
        strength.add_row(name, str(players), hero, others, str(games), f"{wins / games:.3f}",
                         f"[{low:.3f}, {high:.3f}]", f"{even:.3f}", "yes" if low > even else "no",
                         f"{sum(seconds for _, seconds in rows) / games:.2f}")
    console.print(strength)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: all registered")
    parser.add_argument("--players", type=int, help="seats in every game (default: tuned per game)")
    parser.add_argument("--mcts", help="the MCTS spec to measure in every game (default: tuned per game)")
    parser.add_argument("--heuristic", default="heuristic", help="the heuristic spec (default heuristic)")
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="search time for each speed figure; 0 skips them (default 3)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes for the games (default 2)")
    parser.add_argument("--report", action="store_true",
                        help="the strength table from the saved games only (of a run stopped early): play none")
    parser.add_argument("--save", type=Path, default=Path("results/bench-bots.jsonl"),
                        help="finished games, appended as they end and reused by the next run "
                             "(default results/bench-bots.jsonl)")
    args = parser.parse_args()
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 200)
    names = args.game or game_names()
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers take a whole number of at least 1")
    unknown = sorted(set(names) - set(game_names()))
    if unknown:
        parser.error(f"unknown game {', '.join(unknown)}; registered: {', '.join(game_names())}")
    settings = {name: setting(name, args.players, args.mcts) for name in names}
    for spec in {args.heuristic, *(chosen.mcts for chosen in settings.values())}:
        try:
            make_player(PlayerSpec.parse(spec), 0)
        except (ValueError, UnknownName) as error:  # refused here, not in every worker
            parser.error(str(error))
    args.save.parent.mkdir(parents=True, exist_ok=True)

    if args.seconds > 0:
        print_speed(console, names, settings, args.seconds)
    # Seed by seed across the pairings, so that a run stopped early has every pairing measured alike.
    tasks = [Task(name, hero, others, settings[name].players, seed)
             for name in names
             for seed in range(args.games)
             for hero, others in ((args.heuristic, "random"), (settings[name].mcts, "random"),
                                  (settings[name].mcts, args.heuristic))]
    try:
        results = load_saved(args.save) if args.report else play_all(console, tasks, args.save, args.workers)
    except KeyboardInterrupt:
        console.print(f"interrupted: the finished games are in {args.save}; the same command resumes from them")
        sys.exit(130)
    print_strength(console, tasks, results)


if __name__ == "__main__":
    main()
