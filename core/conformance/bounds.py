"""Whole games under chosen players, measuring every decision's size and what a remote seat is sent.

The players are the ones tournaments meet and the ones that break games: random, the game's heuristic,
MCTS, and two adversaries that always answer the first or the last legal command (a weak model or a
broken bot that hoards cards makes a combinatorial list grow, if a game lets it). `measure` plays one
game straight on the kernel and keeps the largest `legal` list and the largest HTTP-agent observation
(players/http_agent.py, serialised as it is sent) met on the way; past either bound of core/limits.py
it stops the game with OutOfBounds, which says where.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from meeplog.core.conformance.playouts import Playout, observation, steps
from meeplog.core.kernel import Command, Rules
from meeplog.core.limits import MAX_LEGAL_COMMANDS, MAX_OBSERVATION_BYTES
from meeplog.core.players import Need, Observation, load_player_class, make_player
from meeplog.core.specs import PlayerSpec
from meeplog.players.http_agent import observe

Policy = Callable[[Observation], Command]
ADVERSARIES = ("first", "last")


class OutOfBounds(AssertionError):
    """A decision listed more commands, or an observation weighed more, than core/limits.py allows."""


@dataclass
class Extremes:
    """The largest decision and observation met, and how many decisions were made."""

    decision: int = 0  # legal commands
    observation: int = 0  # bytes
    decisions: int = 0

    def add(self, other: Extremes) -> None:
        self.decision = max(self.decision, other.decision)
        self.observation = max(self.observation, other.observation)
        self.decisions += other.decisions


def needs(spec: str) -> Need:
    """What a seat's player reads of an observation: the adversaries and random read only the legal list."""
    parsed = PlayerSpec.parse(spec)
    return Need.NOTHING if parsed.name in (*ADVERSARIES, "random") else load_player_class(parsed.name).needs


def policy(spec: str, seed: int) -> Policy:
    """A seat's player from a spec: `first`, `last`, `random`, or any player with a synchronous `choose`
    (heuristic, mcts:...)."""
    parsed = PlayerSpec.parse(spec)
    if parsed.name == "first":
        return lambda obs: obs.legal[0]
    if parsed.name == "last":
        return lambda obs: obs.legal[-1]
    if parsed.name == "random":
        rng = random.Random(parsed.options.get("seed", seed))
        return lambda obs: rng.choice(obs.legal)
    player = make_player(parsed, seed)
    choose = getattr(player, "choose", None)
    if choose is None:
        raise ValueError(f"{parsed.name} has no synchronous choose: use first, last, random, heuristic or mcts")
    return choose


def observation_bytes(obs: Observation) -> int:
    """The size of the JSON body an HTTP agent is POSTed for this observation."""
    return len(orjson.dumps(observe(obs, obs.rejection).model_dump(mode="json")))


def measure(rules: Rules[Any, Any], config: Any, seed: int, specs: Sequence[str], *,
            weigh: bool = True) -> tuple[Playout, Extremes]:
    """Play one game with a player per seat (`specs`), measuring each decision as it is offered.

    A seat's feed is the events since its previous decision, as it sees them (the runner's feed). Without
    `weigh`, observations are not weighed, and each seat is shown only what its player reads (as in a
    tournament): the HTTP agent's observation is most of the cost of a game measured in full.
    """
    players = [policy(spec, seed * 10 + seat) for seat, spec in enumerate(specs)]
    shown = [Need.ALL if weigh else needs(spec) for spec in specs]
    playout, extremes = Playout(config, seed), Extremes()
    delivered = [0] * config.players

    def choose(state: Any, seat: int, legal: list[Command]) -> Command:
        step = len(playout.decisions)
        if len(legal) > MAX_LEGAL_COMMANDS:
            raise OutOfBounds(f"seat {seat} had {len(legal):,} legal commands at decision {step} "
                              f"(bound {MAX_LEGAL_COMMANDS})")
        feed = [event.seen_by(seat) for event in playout.events[delivered[seat]:]] if Need.FEED in shown[seat] else ()
        delivered[seat] = len(playout.events)
        obs = observation(rules, state, seat, feed, legal, needs=shown[seat])
        if weigh:
            size = observation_bytes(obs)
            if size > MAX_OBSERVATION_BYTES:
                raise OutOfBounds(f"seat {seat} was sent {size:,} bytes at decision {step} "
                                  f"(bound {MAX_OBSERVATION_BYTES:,})")
            extremes.observation = max(extremes.observation, size)
        extremes.decision = max(extremes.decision, len(legal))
        extremes.decisions += 1
        return players[seat](obs)

    for _ in steps(rules, config, seed, playout, choose):
        pass
    return playout, extremes
