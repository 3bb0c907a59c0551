"""A model's plan never runs past something new (DESIGN.md section 10, Rules.continues).

Where a game says a seat's decision carries on the one it made in the step before (a chain of its own small
decisions), the seat must have learned nothing in between: whatever the parts it cannot see, the same commands
from the same step must leave it the same view and the same legal commands. The check plays random games and,
at every such decision, replays the step on states drawn from what the seat knew when it decided
(Rules.sample) and compares. A game that says no decision carries on (the default) passes at once.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from meeplog.core.conformance.playouts import MAX_STEPS
from meeplog.core.kernel import Command, GameEvent, IllegalCommand, Rules

CHAIN_GAMES = 3  # per player count
SAMPLES = 3  # worlds drawn from what the seat knew, per carried-on decision


@dataclass
class _Step:
    state: Any  # the state before the step
    commands: list[tuple[int, Command]]  # every seat's command of the step, in the order applied
    start: int  # where the step's events begin in the game's events


def carried_on_past_news(rules: Rules[Any, Any], config: Any, seed: int) -> tuple[int, list[str]]:
    """How many decisions of a random game carry on the step before, and those where the seat learned something."""
    rng = random.Random(seed)
    state = rules.setup(config, random.Random(seed))
    events: list[GameEvent] = []
    last: dict[int, _Step] = {}  # the seats of the step before, with it
    carried, problems = 0, []
    for _ in range(MAX_STEPS):
        pending = rules.pending(state)
        if pending.over:
            return carried, problems
        for seat in pending.seats:
            step = last.get(seat)
            if step is not None and rules.continues(state, seat, events[step.start :]):
                carried += 1
                problems += _news(rules, state, seat, step, seed)
        step = _Step(state.clone(), [], len(events))
        for seat in pending.seats:
            step.commands.append((seat, rng.choice(rules.legal(state, seat))))
        for seat, command in step.commands:
            events += rules.apply(state, seat, command, rng)
        last = dict.fromkeys(pending.seats, step)
    raise AssertionError(f"no end after {MAX_STEPS} steps (seed {seed})")


def _news(rules: Rules[Any, Any], state: Any, seat: int, step: _Step, seed: int) -> list[str]:
    """What differs for `seat` after the step replayed in worlds it could not tell from the real one."""
    for number in range(SAMPLES):
        world = rules.sample(step.state, seat, random.Random(number))
        try:
            for decider, command in step.commands:
                rules.apply(world, decider, command, random.Random(seed * 100 + number))
        except IllegalCommand:  # another seat's command needs what this world redrew: no world to compare
            continue
        if rules.view(world, seat) != rules.view(state, seat) or rules.legal(world, seat) != rules.legal(state, seat):
            commands = ", ".join(rules.describe(state, command) for _, command in step.commands)
            return [f"seat {seat} decides on after {commands} (seed {seed}), but it learned something new there"]
    return []


def test_a_decision_that_carries_on_the_one_before_shows_the_seat_nothing_new(meeplog_rules: Rules[Any, Any]) -> None:
    for players in sorted({meeplog_rules.min_players, meeplog_rules.max_players}):
        config = meeplog_rules.configure(players)
        for seed in range(CHAIN_GAMES):
            _carried, problems = carried_on_past_news(meeplog_rules, config, seed)
            assert problems == [], f"{players} players"
