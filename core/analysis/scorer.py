"""The scorer: a stored game's decisions, each valued by search from what the deciding seat knew then.

The search is found through the registry (core/analysis/search.py: the players' ISMCTS), and sees the true state
only through `Rules.sample` for the deciding seat. It values each legal command by its mean final rank and mean
final score for the seat and names the command it would play, the best one; the loss is how much worse the
command played did than that, in rank (lower is better) and in score, never below zero. A decision with one legal
command is no decision and is not scored.

Chains (Rules.continues: a payment card by card) are marked with the index of their first decision; their
steps' losses add up to the chain's (each step is measured against the best continuation from there).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from meeplog.core.analysis.search import CommandSearch, load_search
from meeplog.core.audit import AUDIT_EVENTS, CommandAccepted, GameStarted, PlayerFellBack
from meeplog.core.game import Game, Recorded, block_end
from meeplog.core.kernel import Command, Rules
from meeplog.core.registry import load_rules

VERSION = "1"  # the analyser's: change it whenever the scores it gives change
TOP = 5  # the commands kept with their values, best first


@dataclass(frozen=True)
class Valued:
    """One legal command's value for the seat: mean final rank and score over the simulations through it."""

    command: str  # as the rules describe it
    rank: float
    score: float
    visits: int


@dataclass(frozen=True)
class Decision:
    """A stored decision as the scorer meets it: where it is in the game's log, who made it and with what."""

    at: int  # originator version of the decision's record (CommandAccepted or PlayerFellBack)
    seat: int
    command: Command
    chain: int  # `at` of the first decision of the chain it belongs to (itself when it starts one)
    state: Any  # the true state just before it: only ever handed to Rules.sample for this seat


@dataclass(frozen=True)
class Scored:
    """A decision's analysis: the command played and the best one with their values, the loss between them."""

    at: int
    seat: int
    chain: int
    played: Valued
    best: Valued
    top: tuple[Valued, ...]
    loss_rank: float
    loss_score: float
    blunder: bool


def decisions(history: Sequence[Recorded], seats: frozenset[int] | None = None) -> Iterator[Decision]:
    """The game's decisions in order (those of `seats`, or all), each with the state it was made in."""
    first = history[0].event
    if not isinstance(first, GameStarted):
        raise ValueError("a game's history must begin with GameStarted")
    game = Game.rebuild(history[: block_end(history, 0)])
    rules, state = game.rules, game.state
    last: tuple[int, int, int] | None = None  # the previous decision: seat, index in history, chain
    for index in range(block_end(history, 0), len(history)):
        event = history[index].event
        if isinstance(event, CommandAccepted | PlayerFellBack):
            chain = history[index].originator_version
            if last is not None and last[0] == event.seat:
                since = [r.event for r in history[last[1]:index] if not isinstance(r.event, AUDIT_EVENTS)]
                if rules.continues(state, event.seat, since):
                    chain = last[2]
            if seats is None or event.seat in seats:
                yield Decision(history[index].originator_version, event.seat, event.command, chain, state.clone())
            last = (event.seat, index, chain)
        elif not isinstance(event, AUDIT_EVENTS):
            rules.evolve(state, event)


class Scorer:
    """Values every legal command of a decision by search from the deciding seat's information."""

    def __init__(self, rules: Rules[Any, Any], sims: int, seed: int, blunder: float,
                 search: CommandSearch | None = None) -> None:
        self.rules, self.sims, self.seed, self.blunder = rules, sims, seed, blunder
        self.search = search or load_search()

    def score(self, decision: Decision) -> Scored | None:
        """The decision's analysis, or None when it had only one legal command."""
        rules, seat = self.rules, decision.seat
        legal = rules.legal(decision.state, seat)
        if len(legal) <= 1:
            return None
        rng = random.Random(f"{self.seed}/{decision.at}")
        searched = self.search(rules, decision.state, seat, legal, sims=self.sims, rng=rng)
        valued = {command: Valued(rules.describe(decision.state, command), tried.rank, tried.score, tried.visits)
                  for command, tried in searched.values.items()}
        best = valued[searched.best]
        played = valued.get(decision.command)
        if played is None:  # not legal where the search looked: nothing to compare it with
            return None
        loss_rank = max(0.0, played.rank - best.rank)
        top = sorted(valued.values(), key=lambda v: (-v.visits, v.rank))[:TOP]
        return Scored(decision.at, seat, decision.chain, played, best, tuple(top), loss_rank,
                      max(0.0, best.score - played.score), loss_rank >= self.blunder)


def score_game(history: Sequence[Recorded], sims: int, seed: int, blunder: float,
               seats: frozenset[int] | None = None) -> Iterator[Scored]:
    """Every decision of `seats` (or all) in a stored game, scored; forced ones left out."""
    started = history[0].event
    if not isinstance(started, GameStarted):
        raise ValueError("a game's history must begin with GameStarted")
    scorer = Scorer(load_rules(started.game), sims, seed, blunder)
    for decision in decisions(history, seats):
        if (scored := scorer.score(decision)) is not None:
            yield scored

