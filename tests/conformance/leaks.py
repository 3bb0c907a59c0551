"""The no-leak check (DESIGN.md section 4), as a function so that it can be tested on leaky games too.

Two ways two worlds can differ in what an observer cannot know:
- hidden state: `sample` redraws it; the observer's view must not change, and the same decision
  made in both worlds must read the same to the observer;
- a hidden choice: another seat makes a different decision; if the observer's view afterwards is the
  same, the events it was shown must be the same too.
In both, when the observer's view afterwards differs, the events may differ (a legitimate reveal).
"""

from __future__ import annotations

import random
from typing import Any

from core.kernel import Command, GameEvent, Rules
from tests.conformance.playouts import play, steps

Problem = str
CHECKS_PER_GAME = 120  # decisions checked per game, spread evenly: long games are sampled, not skipped


def find_leaks(rules: Rules[Any, Any], config: Any, seeds: range, prompt=None, feed=None) -> list[Problem]:
    """Every leak found in random games with these seeds; `prompt(state, seat)` adds a text to compare, and
    `feed(state, events, seat)` how the events a decision caused reach the seat (by default, `seen_by`)."""
    feed = feed or _seen
    problems: list[Problem] = []
    for seed in seeds:
        rng = random.Random(seed)
        stride = max(1, len(play(rules, config, seed).decisions) // CHECKS_PER_GAME)
        for step, (state, seat, command) in enumerate(steps(rules, config, seed)):
            if step % stride:
                continue
            observer = rng.randrange(config.players)
            twin = rules.sample(state, observer, rng)
            if rules.view(twin, observer) != rules.view(state, observer):
                problems.append(f"seed {seed}: the view of seat {observer} shows something hidden")
            if prompt and prompt(twin, observer) != prompt(state, observer):
                problems.append(f"seed {seed}: the prompt of seat {observer} shows something hidden")
            if command in rules.legal(twin, seat):
                problems += _compare(rules, (state, command), (twin, command), seat=seat, observer=observer, seed=seed,
                                     what="hidden state", feed=feed)
            others = [c for c in rules.legal(state, seat) if c != command]
            if seat != observer and others:
                problems += _compare(rules, (state, command), (state, rng.choice(others)), seat=seat,
                                     observer=observer, seed=seed, what="a hidden choice", feed=feed)
            if len(problems) > 5:
                return problems
    return problems


def _compare(rules: Rules[Any, Any], first: tuple[Any, Command], second: tuple[Any, Command], *, seat: int,
             observer: int, seed: int, what: str, feed) -> list[Problem]:
    (state_a, command_a), (state_b, command_b) = first, second
    world_a, world_b = state_a.clone(), state_b.clone()
    events_a = rules.apply(world_a, seat, command_a, random.Random(seed))
    events_b = rules.apply(world_b, seat, command_b, random.Random(seed))
    if rules.view(world_a, observer) != rules.view(world_b, observer):
        return []
    feed_a = feed(world_a, events_a, observer)
    feed_b = feed(world_b, events_b, observer)
    if feed_a == feed_b:
        return []
    return [f"seed {seed}: the event feed of seat {observer} reveals {what}: {feed_a} vs {feed_b}"]


def _seen(state: Any, events: list[GameEvent], observer: int) -> list[GameEvent]:
    return [event.seen_by(observer) for event in events]
