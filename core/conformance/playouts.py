"""Playouts straight on a rules kernel, recording every decision and event, for the conformance checks.

Players are random unless a `choose` is handed in; `observation` builds what a seat is shown the way
Game.observation does, and `problems` runs the cheap checks every finished game must pass.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from meeplog.core.kernel import Command, GameEvent, Outcome, Rules
from meeplog.core.players import Need, Observation

MAX_STEPS = 20_000


@dataclass
class Playout:
    config: Any
    seed: int
    state: Any = None
    decisions: list[tuple[int, Command]] = field(default_factory=list)
    events: list[GameEvent] = field(default_factory=list)  # what the decisions caused
    setup: list[GameEvent] = field(default_factory=list)  # what setup did (Rules.setup_with_events), before them


Step = tuple[Any, int, Command]  # (state before the decision, seat, command)
Choose = Callable[[Any, int, list[Command]], Command]  # (state, seat, legal commands) -> the command


def steps(rules: Rules[Any, Any], config: Any, seed: int, playout: Playout | None = None,
          choose: Choose | None = None) -> Iterator[Step]:
    """Play a game, yielding each decision before it is applied; random choices unless `choose` is given.

    Simultaneous decisions are chosen from the state before any of them and applied in seat order, as
    the match runner does; each must stay legal after the others (the kernel contract).
    """
    rng = random.Random(seed)
    pick = choose or (lambda _state, _seat, moves: rng.choice(moves))
    record = playout or Playout(config, seed)
    state, record.setup = rules.setup_with_events(config, random.Random(seed))
    record.state = state
    for _ in range(MAX_STEPS):
        pending = rules.pending(state)
        if pending.over:
            return
        chosen = []
        for seat in pending.seats:
            moves = rules.legal(state, seat)
            assert moves, f"pending seat {seat} has no legal command"
            chosen.append((seat, pick(state, seat, moves)))
        for seat, command in chosen:
            yield state, seat, command
            events = rules.apply(state, seat, command, rng)
            record.decisions.append((seat, command))
            record.events.extend(events)
    raise AssertionError(f"no end after {MAX_STEPS} decisions (seed {seed})")


def play(rules: Rules[Any, Any], config: Any, seed: int, on_step: Callable[[Step], None] | None = None,
         choose: Choose | None = None) -> Playout:
    record = Playout(config, seed)
    for step in steps(rules, config, seed, record, choose):
        if on_step:
            on_step(step)
    return record


def observation(rules: Rules[Any, Any], state: Any, seat: int, feed: Sequence[GameEvent] = (),
                legal: Sequence[Command] | None = None, *, needs: Need = Need.ALL) -> Observation:
    """What the seat is shown (as much of it as `needs` asks), with `sample` drawing from `state`, built
    straight on the kernel."""
    offered = tuple(rules.legal(state, seat) if legal is None else legal)
    return Observation.of(rules, state, seat, needs=needs, legal=offered, feed=lambda: tuple(feed))


def problems(rules: Rules[Any, Any], playout: Playout) -> list[str]:
    """What is wrong with a finished game: an invalid outcome, or events that do not fold to its state."""
    found = []
    outcome = rules.outcome(playout.state)
    players = playout.config.players
    if not isinstance(outcome, Outcome) or not len(outcome.scores) == len(outcome.ranks) == players:
        found.append(f"the outcome {outcome!r} does not score and rank {players} seats")
    elif min(outcome.ranks) != 1:
        found.append("nobody ranks first")
    rebuilt = rules.setup(playout.config, random.Random(playout.seed))
    for event in playout.events:
        rules.evolve(rebuilt, event)
    if rebuilt != playout.state:
        found.append("folding the events does not rebuild the final state")
    return found


def player_counts(rules: Rules[Any, Any]) -> range:
    return range(rules.min_players, rules.max_players + 1)
