"""What the game does by itself after a call: the die lost or won, and the next round rolled.

The dice are drawn from the rng `decide` is handed and written into DiceRolled events, so `evolve` never
draws and a replay needs no rng.
"""

from __future__ import annotations

import random

from meeplog.core.kernel import GameEvent

from .events import DiceRolled, DieLost, RoundStarted
from .state import PerudoState


def after_loss(state: PerudoState, loser: int, rng: random.Random) -> list[GameEvent]:
    """The die lost, then the next round unless one player is left: the loser starts it, or if out, the next
    player still in to its left (P10); a loser down to its last die for the first time plays it palifico (P11)."""
    counts = list(state.counts)
    counts[loser] -= 1
    events: list[GameEvent] = [DieLost(loser, counts[loser])]
    if sum(1 for count in counts if count) < 2:
        return events
    starter = loser
    while not counts[starter]:
        starter = (starter + 1) % state.players
    palifico = state.config.palifico and starter == loser and counts[loser] == 1 and not state.had_palifico[loser]
    return events + next_round(state, counts, starter, palifico, rng)


def next_round(state: PerudoState, counts: list[int], starter: int, palifico: bool,
               rng: random.Random) -> list[GameEvent]:
    """A new round: every player still in rolls its dice, in seat order."""
    faces = range(1, state.dice.faces + 1)
    rolls = [DiceRolled(seat, count, roll(rng, faces, count)) for seat, count in enumerate(counts) if count]
    return [RoundStarted(state.round + 1, starter, palifico), *rolls]


def roll(rng: random.Random, faces: range, count: int) -> tuple[int, ...]:
    """`count` dice, sorted: a cup shows its faces, not the order they fell in."""
    return tuple(sorted(rng.choices(faces, k=count)))
