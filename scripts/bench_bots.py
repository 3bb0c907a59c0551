"""How fast MCTS searches and how strong the bots are, for every registered game.

For each game: MCTS simulations per second from the opening position (on one core, before the
games start), then a strength table: one seat of bot A against bots B in every other seat, the A
seat rotated through the table, on paired seeds. A's win share counts a shared win as a fraction;
the 95% interval is Wilson's; "even" is 1/players, the share of a bot no better than the others.
Games go through the real Game aggregate and match runner (no store), in worker processes.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import random
import sys
import time
from dataclasses import dataclass
from multiprocessing import Pool
from typing import Any

from pydantic_core import PydanticUndefined
from rich.console import Console
from rich.table import Table

from core.game import Game
from core.kernel import Rules
from core.players import Player
from core.registry import game_names, load_rules
from core.runner import MatchRunner, MatchSettings
from core.specs import PlayerSpec
from players.heuristic import HeuristicPlayer
from players.mcts import Evaluator, MctsOptions, MctsPlayer, Search
from players.random import RandomPlayer

BOTS: dict[str, type[Player]] = {"random": RandomPlayer, "heuristic": HeuristicPlayer, "mcts": MctsPlayer}
MCTS_SPECS = {  # the settings tuned per game (docs/bots-mcts.md); --mcts overrides them
    "forest": "mcts:sims=1000,c=0.5,rollout=heuristic,others=rollout,depth=16",
    "donkey": "mcts:sims=200,c=0.5",
    "hike": "mcts:sims=100,c=0.5,rollout=heuristic,bias=1",
    "trekking": "mcts:sims=50,c=0.5,rollout=heuristic,others=rollout,bias=1,depth=10",
    "routard": "mcts:sims=30,c=0.5,rollout=heuristic,bias=1",
}
DEFAULT_MCTS = "mcts:sims=200,c=0.5,rollout=heuristic"
SPEED_SPECS = ("mcts", "mcts:depth=8")  # random playouts to the end, and cut after 8 decisions (needs evaluate)


@dataclass(frozen=True)
class Task:
    game: str
    hero: str
    others: str
    seed: int
    players: int


def bot(text: str, seed: int) -> Player:
    spec = PlayerSpec.parse(text)
    cls = BOTS[spec.name]
    return cls(cls.Options(**spec.options), seed)


def default_players(rules: Rules[Any, Any]) -> int:
    """The game's default seat count if its Config has one, else its smallest."""
    default = rules.Config.model_fields["players"].default
    return rules.min_players if default in (None, PydanticUndefined) else default


def play(task: Task) -> tuple[Task, float, float]:
    """One game: the hero's win share (1/k for a k-way shared win) and the seconds it took."""
    started = time.perf_counter()
    rules = load_rules(task.game)
    hero_seat = task.seed % task.players
    specs = [task.hero if seat == hero_seat else task.others for seat in range(task.players)]
    game = Game.start(rules, rules.configure(task.players), specs, task.seed)
    seats = [bot(spec, task.seed * 10 + seat) for seat, spec in enumerate(specs)]
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


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion observed over n trials."""
    centre = share + z * z / (2 * n)
    spread = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return (centre - spread) / scale, (centre + spread) / scale


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: all registered")
    parser.add_argument("--mcts", help="the MCTS spec to measure in every game (default: tuned per game)")
    parser.add_argument("--heuristic", default="heuristic", help="the heuristic spec (default heuristic)")
    parser.add_argument("--seconds", type=float, default=3.0, help="search time for the speed figure (default 3)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes for the games (default 2)")
    args = parser.parse_args()
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 160)
    names = args.game or game_names()
    seats = {name: default_players(load_rules(name)) for name in names}
    mcts = {name: args.mcts or MCTS_SPECS.get(load_rules(name).name, DEFAULT_MCTS) for name in names}
    pairings = {name: [(args.heuristic, "random"), (mcts[name], "random"), (mcts[name], args.heuristic)]
                for name in names}

    speed = Table(title=f"MCTS simulations per second from the opening position ({args.seconds:g}s, one core)")
    for column in ("game", "players", "spec", "sims/s"):
        speed.add_column(column, justify="right")
    for name in names:
        evaluates = isinstance(load_rules(name).heuristic(), Evaluator)
        for spec in dict.fromkeys([mcts[name], *SPEED_SPECS]):
            if "depth" in spec and not evaluates:
                continue
            rate = sims_per_second(name, spec, seats[name], args.seconds)
            speed.add_row(name, str(seats[name]), spec, f"{rate:,.0f}")
            console.print(f"{name}: {spec} {rate:,.0f} sims/s")
    console.print(speed)

    tasks = [Task(name, hero, others, seed, seats[name])
             for name in names for hero, others in pairings[name] for seed in range(args.games)]
    results: dict[tuple[str, str, str], list[float]] = {}
    elapsed: dict[tuple[str, str, str], float] = {}
    started = time.perf_counter()
    with Pool(args.workers) as pool:
        for done, (task, share, seconds) in enumerate(pool.imap_unordered(play, tasks), start=1):
            key = (task.game, task.hero, task.others)
            results.setdefault(key, []).append(share)
            elapsed[key] = elapsed.get(key, 0.0) + seconds
            if len(results[key]) == args.games or done % 50 == 0:
                console.print(f"[{done}/{len(tasks)}, {time.perf_counter() - started:.0f}s] {task.game} "
                              f"{task.hero} vs {task.others}: {len(results[key])} games, "
                              f"win share {sum(results[key]) / len(results[key]):.3f}")

    strength = Table(title=f"Strength: one seat of A against B in the others, seats rotated, {args.games} games each")
    for column in ("game", "A", "B", "A's win share", "95% CI", "even", "A is better", "s/game"):
        strength.add_column(column, justify="right")
    for name in names:
        even = 1 / seats[name]
        for hero, others in pairings[name]:
            shares = results[name, hero, others]
            share = sum(shares) / len(shares)
            low, high = wilson(share, len(shares))
            strength.add_row(name, hero, others, f"{share:.3f}", f"[{low:.3f}, {high:.3f}]", f"{even:.3f}",
                             "yes" if low > even else "no", f"{elapsed[name, hero, others] / len(shares):.2f}")
    console.print(strength)


if __name__ == "__main__":
    main()
