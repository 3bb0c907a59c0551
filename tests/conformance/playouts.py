"""Random playouts straight on a rules kernel, recording every decision and event, for the conformance checks."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from core.kernel import Command, GameEvent, Rules

MAX_STEPS = 20_000


@dataclass
class Playout:
    config: Any
    seed: int
    state: Any = None
    decisions: list[tuple[int, Command]] = field(default_factory=list)
    events: list[GameEvent] = field(default_factory=list)


Step = tuple[Any, int, Command]  # (state before the decision, seat, command)


def steps(rules: Rules[Any, Any], config: Any, seed: int, playout: Playout | None = None) -> Iterator[Step]:
    """Play a random game, yielding each decision before it is applied.

    Simultaneous decisions are chosen from the state before any of them and applied in seat order, as
    the match runner does; each must stay legal after the others (the kernel contract).
    """
    rng = random.Random(seed)
    record = playout or Playout(config, seed)
    state = rules.setup(config, random.Random(seed))
    record.state = state
    for _ in range(MAX_STEPS):
        pending = rules.pending(state)
        if pending.over:
            return
        chosen = []
        for seat in pending.seats:
            moves = rules.legal(state, seat)
            assert moves, f"pending seat {seat} has no legal command"
            chosen.append((seat, rng.choice(moves)))
        for seat, command in chosen:
            yield state, seat, command
            events = rules.apply(state, seat, command, rng)
            record.decisions.append((seat, command))
            record.events.extend(events)
    raise AssertionError(f"no end after {MAX_STEPS} decisions (seed {seed})")


def play(rules: Rules[Any, Any], config: Any, seed: int, on_step: Callable[[Step], None] | None = None) -> Playout:
    record = Playout(config, seed)
    for step in steps(rules, config, seed, record):
        if on_step:
            on_step(step)
    return record


def player_counts(rules: Rules[Any, Any]) -> range:
    return range(rules.min_players, rules.max_players + 1)
