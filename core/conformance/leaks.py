"""The no-leak check (DESIGN.md section 4), as a function so that it can be tested on leaky games too.

Three ways two worlds can differ in what an observer cannot know:
- hidden state: `sample` redraws it; the observer's view must not change, and the same decision
  made in both worlds must read the same to the observer;
- a hidden choice: another seat makes a different decision; if the observer's view afterwards is the
  same, the events it was shown must be the same too;
- a hidden part of the deal: setup is run again with one of its random draws nudged (a card shuffled
  elsewhere, a die showing another face); if the observer's view of the new start is the same, the setup
  events it was shown (Rules.setup_with_events) must be the same too.
In all, when the observer's view afterwards differs, the events may differ (a legitimate reveal).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from meeplog.core.conformance.playouts import play, steps
from meeplog.core.kernel import Command, GameEvent, Rules

Problem = str
Prompt = Callable[[Any, int], object]  # (state, seat) -> what the seat is sent beside its view, to compare
Feed = Callable[[Any, Sequence[GameEvent], int], object]  # (state, events, seat) -> the events as the seat reads them
CHECKS_PER_GAME = 120  # decisions checked per game, spread evenly: long games are sampled, not skipped


def find_leaks(rules: Rules[Any, Any], config: Any, seeds: range, prompt: Prompt | None = None,
               feed: Feed | None = None) -> list[Problem]:
    """Every leak found in random games with these seeds; `prompt(state, seat)` adds a text to compare, and
    `feed(state, events, seat)` how the events a decision or the setup caused reach the seat (by default,
    `seen_by`)."""
    feed = feed or _seen
    problems: list[Problem] = []
    for seed in seeds:
        rng = random.Random(seed)
        problems += find_setup_leaks(rules, config, seed, rng, prompt=prompt, feed=feed)
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


SETUP_NUDGES = 12  # setups per seed made again with one draw nudged


class Nudged(random.Random):
    """Random(seed), except that its `nth` draw (a number below a bound, which shuffles, choices of one and
    ranges are made of, or a float, which weighted choices are) comes out shifted by `shift` of its range:
    a deal that may differ from Random(seed)'s only in what some seat cannot see. It counts its draws."""

    def __init__(self, seed: int, nth: int = -1, shift: float = 0.5) -> None:
        super().__init__(seed)
        self.nth, self.shift, self.draws = nth, shift, 0

    def _randbelow(self, n: int) -> int:
        value = super()._randbelow(n)
        return (value + 1 + int(self.shift * (n - 1))) % n if self._nudged() else value

    def random(self) -> float:
        value = super().random()
        return (value + self.shift) % 1.0 if self._nudged() else value

    def _nudged(self) -> bool:
        self.draws += 1
        return self.draws - 1 == self.nth


def find_setup_leaks(rules: Rules[Any, Any], config: Any, seed: int, rng: random.Random, *,
                     prompt: Prompt | None = None, feed: Feed | None = None) -> list[Problem]:
    """The leaks of the setup events of seed `seed`'s deal, against deals nudged from it (`rng` picks how)."""
    feed = feed or _seen
    counted = Nudged(seed)
    state, events = rules.setup_with_events(config, counted)
    if not counted.draws:
        return []
    problems = []
    for _ in range(SETUP_NUDGES):
        nudged = Nudged(seed, rng.randrange(counted.draws), rng.random())
        twin, twin_events = rules.setup_with_events(config, nudged)
        for observer in range(config.players):
            if rules.view(twin, observer) != rules.view(state, observer):
                continue
            if feed(state, events, observer) != feed(twin, twin_events, observer):
                problems.append(f"seed {seed}: the setup events seat {observer} is shown reveal a hidden part of "
                                f"the deal: {feed(state, events, observer)} vs {feed(twin, twin_events, observer)}")
            if prompt and prompt(twin, observer) != prompt(state, observer):
                problems.append(f"seed {seed}: the prompt of seat {observer} shows a hidden part of the deal")
    return problems


def _compare(rules: Rules[Any, Any], first: tuple[Any, Command], second: tuple[Any, Command], *, seat: int,
             observer: int, seed: int, what: str, feed: Feed) -> list[Problem]:
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


def _seen(state: Any, events: Sequence[GameEvent], observer: int) -> list[GameEvent]:
    return [event.seen_by(observer) for event in events]
