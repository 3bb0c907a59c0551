"""The PettingZoo environments' speed against the bare kernel (DESIGN.md section 9: within 3x).

For each game, random-policy episodes three ways, over the same seeds: the bare kernel (legal, a uniform
choice, apply: what a search playout does), the AEC environment in PettingZoo's usual loop (`env.last()`,
so every step also builds the acting seat's observation vector from its view), and the environment asked
only for the action mask (`env.action_mask`, what an agent that reads the pydantic view or only needs the
legal actions pays). Figures are game decisions per second (an environment step that only adds an item to a
combination is not a decision) and the time per decision as a multiple of the kernel's. Last, the observation
vector alone, timed at every step of the masks-only games: the usual loop pays it beside the kernel whatever
else it saves, so where it passes 2x the kernel, the 3x budget is out of reach for that game while the vector is
built afresh at every step.

Beside them, PettingZoo's budget (DESIGN.md section 9): environment steps per second (every action an agent
takes, a combination's items too) in PettingZoo's usual loop, against PettingZoo's classic `connect_four_v3` in the
same loop, in the same run; every environment should step at least as fast (a ratio of 1.0 or more).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

from meeplog.core.registry import game_names, load_rules
from meeplog.players.environments import MeeplogEnv, env


def kernel_episode(rules: Any, config: Any, seed: int) -> int:
    """A random game on the bare kernel; its number of decisions."""
    choices, rng = random.Random(seed + 1), random.Random(seed)
    state = rules.setup(config, rng)
    decisions = 0
    while not (pending := rules.pending(state)).over:
        chosen = [(seat, choices.choice(rules.legal(state, seat))) for seat in pending.seats]
        for seat, command in chosen:
            rules.apply(state, seat, command, rng)
        decisions += len(chosen)
    return decisions


def env_episode(environment: MeeplogEnv, seed: int, mask: Callable[[MeeplogEnv, str], np.ndarray]) -> int:
    """A random-policy game through the environment, the mask read with `mask`; its number of decisions."""
    choices = random.Random(seed + 1)
    environment.reset(seed=seed)
    for agent in environment.agent_iter():
        if environment.terminations[agent]:
            environment.step(None)
            continue
        legal = mask(environment, agent).nonzero()[0]
        environment.step(int(legal[choices.randrange(len(legal))]))
    return environment.decisions


def usual_loop(environment: Any, seed: int) -> int:
    """PettingZoo's usual loop over any AEC environment, a uniform choice among the legal actions of the mask that
    `last()` observes; the number of steps taken (an agent done steps None, which is not counted)."""
    choices = random.Random(seed + 1)
    environment.reset(seed=seed)
    steps = 0
    for _ in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        legal = observation["action_mask"].nonzero()[0]
        environment.step(int(legal[choices.randrange(len(legal))]))
        steps += 1
    return steps


def connect_four_steps(seeds: range) -> float:
    """PettingZoo's classic connect_four_v3 in the usual loop: steps per second over `seeds`."""
    from pettingzoo.classic import connect_four_v3

    environment = connect_four_v3.env()
    return timed(lambda seed: usual_loop(environment, seed), seeds)


def full_observation(environment: MeeplogEnv, agent: str) -> np.ndarray:
    observation, *_ = environment.last()
    return observation["action_mask"]


def mask_only(environment: MeeplogEnv, agent: str) -> np.ndarray:
    return environment.action_mask(agent)


class VectorTimer:
    """A `mask` for env_episode that first builds the acting seat's observation vector alone, and times it."""

    def __init__(self) -> None:
        self.spent = 0.0  # CPU seconds, the clock's own cost included
        self.steps = 0

    def __call__(self, environment: MeeplogEnv, agent: str) -> np.ndarray:
        started = time.process_time()
        environment.vector(environment.state, environment.possible_agents.index(agent))
        self.spent += time.process_time() - started
        self.steps += 1
        return environment.action_mask(agent)


def vector_seconds(environment: MeeplogEnv, seeds: range) -> float:
    """CPU seconds a decision spends building the acting seat's observation vector alone, over the random-policy
    games of `seeds`: what the usual loop pays for `observation` beside the kernel, whatever the rest costs."""
    timer = VectorTimer()
    decisions = sum(env_episode(environment, seed, timer) for seed in seeds)
    return (timer.spent - timer.steps * clock_cost()) / decisions


def clock_cost(reads: int = 20_000) -> float:
    """The CPU seconds a timed block adds to what it times: about one of its two clock reads (each a system call,
    some 0.25 us, a tenth of a kernel decision), the end of the first and the start of the second."""
    started = time.process_time()
    for _ in range(reads):
        time.process_time()
        time.process_time()
    return (time.process_time() - started) / reads / 2


def timed(run: Callable[[int], int], seeds: range) -> float:
    """Decisions per second of this process's CPU time over `seeds`: the machine is shared, and wall time
    would count the other processes' turns on the cores too."""
    started = time.process_time()
    decisions = sum(run(seed) for seed in seeds)
    return decisions / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=1000, help="random-policy episodes per game and way")
    parser.add_argument("--game", action="append", help="a game id (repeatable; default: every registered game)")
    parser.add_argument("--players", type=int, help="seats (default: each game's fewest)")
    args = parser.parse_args()
    console = Console()
    connect_four = connect_four_steps(range(args.episodes))
    console.print(f"connect_four_v3: {connect_four:,.0f} steps/s in the usual loop")
    table = Table("game", "seats", "kernel/s", "env/s", "x", "masks/s", "x", "vector alone, x", "env steps/s",
                  "/ connect_four",
                  title="decisions per second (x: a decision's time as a multiple of the kernel's); environment steps"
                        f" per second against connect_four_v3's {connect_four:,.0f} (at least 1.0 is the budget)")
    for game in args.game or game_names():
        rules = load_rules(game)
        environment = env(game, players=args.players)  # the survey is made here, before any clock runs
        config, seeds = environment.config, range(args.episodes)
        kernel = timed(lambda seed, rules=rules, config=config: kernel_episode(rules, config, seed), seeds)
        full = timed(lambda seed, e=environment: env_episode(e, seed, full_observation), seeds)
        masks = timed(lambda seed, e=environment: env_episode(e, seed, mask_only), seeds)
        vector = vector_seconds(environment, seeds)
        steps = timed(lambda seed, e=environment: usual_loop(e, seed), seeds)
        table.add_row(
            game,
            str(config.players),
            f"{kernel:,.0f}",
            f"{full:,.0f}",
            f"{kernel / full:.1f}",
            f"{masks:,.0f}",
            f"{kernel / masks:.1f}",
            f"{vector * kernel:.1f}",
            f"{steps:,.0f}",
            f"{steps / connect_four:.2f}",
        )
        console.print(f"{game}: kernel {kernel:,.0f}, environment {full:,.0f}, mask only {masks:,.0f} decisions/s;"
                      f" {steps:,.0f} steps/s, {steps / connect_four:.2f}x connect_four_v3")
    console.print(table)


if __name__ == "__main__":
    main()
