"""Pennies: a tiny game with a simultaneous secret decision, for testing the engine itself.

Each round every seat secretly picks 0 or 1; once all have picked, the picks are revealed and each
seat scores the number of other seats that picked the same. Three rounds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import ClassVar

from pydantic import BaseModel, Field

from meeplog.core.kernel import (
    GAME_OVER,
    Command,
    GameConfig,
    GameEvent,
    IllegalCommand,
    Outcome,
    Pending,
    PrivateEvent,
    Rules,
)

ROUNDS = 3


@dataclass(frozen=True)
class Pick(Command):
    side: int


@dataclass(frozen=True)
class Picked(PrivateEvent):
    secret: ClassVar[tuple[str, ...]] = ("side",)
    seat: int
    side: int | None


@dataclass(frozen=True)
class Revealed(GameEvent):
    sides: tuple[int, ...]


class PenniesConfig(GameConfig):
    players: int = Field(2, ge=2, le=3)


@dataclass(eq=True)
class PenniesState:
    players: int
    round: int = 1
    picks: dict[int, int] = field(default_factory=dict)
    scores: list[int] = field(default_factory=list)

    def clone(self) -> PenniesState:
        return PenniesState(self.players, self.round, dict(self.picks), list(self.scores))


class PenniesView(BaseModel, frozen=True):
    round: int
    my_pick: int | None
    picked: list[int]
    scores: list[int]


class PenniesRules(Rules[PenniesState, PenniesConfig]):
    name = "pennies"
    title = "Pennies"
    version = "1"
    min_players = 2
    max_players = 3
    Config = PenniesConfig
    events = (Picked, Revealed)
    commands = (Pick,)

    def setup(self, config: PenniesConfig, rng: random.Random) -> PenniesState:
        return PenniesState(config.players, scores=[0] * config.players)

    def pending(self, state: PenniesState) -> Pending:
        if state.round > ROUNDS:
            return GAME_OVER
        return Pending.together([s for s in range(state.players) if s not in state.picks])

    def sides(self, state: PenniesState) -> range:
        return range(2)

    def legal(self, state: PenniesState, seat: int) -> list[Command]:
        return [Pick(side) for side in self.sides(state)] if seat in self.pending(state).seats else []

    def decide(self, state: PenniesState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
        if seat not in self.pending(state).seats:
            raise IllegalCommand(f"seat {seat} has nothing to pick now")
        if not isinstance(command, Pick) or command.side not in self.sides(state):
            raise IllegalCommand(f"pick a side from 0 to {len(self.sides(state)) - 1}")
        events: list[GameEvent] = [Picked(seat, command.side)]
        if len(state.picks) + 1 == state.players:
            picks = {**state.picks, seat: command.side}
            events.append(Revealed(tuple(picks[s] for s in range(state.players))))
        return events

    def evolve(self, state: PenniesState, event: GameEvent) -> None:
        match event:
            case Picked(seat, side):
                state.picks[seat] = side
            case Revealed(sides):
                for seat, side in enumerate(sides):
                    state.scores[seat] += sum(1 for other, s in enumerate(sides) if other != seat and s == side)
                state.picks.clear()
                state.round += 1

    def view(self, state: PenniesState, seat: int) -> BaseModel:
        return PenniesView(round=state.round, my_pick=state.picks.get(seat), picked=sorted(state.picks),
                           scores=state.scores)

    def outcome(self, state: PenniesState) -> Outcome:
        return Outcome.from_keys(state.scores, state.scores)

    def sample(self, state: PenniesState, seat: int, rng: random.Random) -> PenniesState:
        sampled = state.clone()
        for other in sampled.picks:
            if other != seat:
                sampled.picks[other] = rng.randrange(2)
        return sampled

    def describe(self, state: PenniesState, item: GameEvent | Command) -> str:
        return repr(item)


class LeakyPenniesRules(PenniesRules):
    """Shows everyone's picks in the view: the no-leak check must catch it."""

    def view(self, state: PenniesState, seat: int) -> BaseModel:
        return PenniesView(round=state.round, my_pick=state.picks.get(seat), picked=list(state.picks.values()),
                           scores=state.scores)


@dataclass(frozen=True)
class LoudPicked(Picked):
    def seen_by(self, seat: int) -> GameEvent:
        return self


class LoudPenniesRules(PenniesRules):
    """Announces every pick to everyone in the event feed: the no-leak check must catch it."""

    def decide(self, state: PenniesState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
        return [LoudPicked(e.seat, e.side) if isinstance(e, Picked) else e
                for e in super().decide(state, seat, command, rng)]


class CrowdedPenniesRules(PenniesRules):
    """Offers every side below 2 ** (round + 7): the second round lists 512 commands, which the bounded-decision
    check must catch."""

    def sides(self, state: PenniesState) -> range:
        return range(2 ** (state.round + 7))


class WordyPenniesView(PenniesView, frozen=True):
    notes: str


class WordyPenniesRules(PenniesRules):
    """Puts 70,000 characters of notes in every view: the bounded-observation check must catch it."""

    def view(self, state: PenniesState, seat: int) -> BaseModel:
        return WordyPenniesView(round=state.round, my_pick=state.picks.get(seat), picked=sorted(state.picks),
                                scores=state.scores, notes="pennies " * 8_750)
