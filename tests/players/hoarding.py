"""Hoard: a toy game whose heuristic is quick in ordinary play and exponential in a hoarded hand, for testing
that the heuristic timing check (core/conformance/timing.py) finds such a heuristic.

On its turn a seat draws the top card of a public deck (`Draw`, a command that names nothing) or plays a card
from its hand for its value in points. Everything is public. The heuristic plays its highest card once it
holds three, after weighing every subset of its hand (what a policy that lists combinations does): it never
holds more than three cards itself, but asked in the place of a seat that only draws, it meets 2^n subsets.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import combinations

from pydantic import BaseModel

from meeplog.core.kernel import GAME_OVER, Command, GameConfig, GameEvent, IllegalCommand, Outcome, Pending, Rules

TURNS = 30  # per seat
LIMIT = 10  # the heuristic plays when some of its cards make exactly this much


@dataclass(frozen=True)
class Draw(Command):
    pass


@dataclass(frozen=True)
class Play(Command):
    card: int


@dataclass(frozen=True)
class Drawn(GameEvent):
    seat: int


@dataclass(frozen=True)
class Played(GameEvent):
    seat: int
    card: int


class HoardConfig(GameConfig):
    players: int = 2


@dataclass(eq=True)
class HoardState:
    players: int
    deck: list[int]
    hands: list[list[int]] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    turn: int = 0

    def clone(self) -> HoardState:
        return HoardState(self.players, self.deck[:], [hand[:] for hand in self.hands], self.scores[:], self.turn)


class HoardView(BaseModel, frozen=True):
    hand: list[int]
    hand_sizes: list[int]
    scores: list[int]
    turn: int


class HoardRules(Rules[HoardState, HoardConfig]):
    name = "hoard"
    title = "Hoard"
    version = "1"
    min_players = 2
    max_players = 3
    Config = HoardConfig
    events = (Drawn, Played)
    commands = (Draw, Play)

    def setup(self, config: HoardConfig, rng: random.Random) -> HoardState:
        deck = [1 + card % 9 for card in range(TURNS * config.players)]
        rng.shuffle(deck)
        return HoardState(config.players, deck, [[] for _ in range(config.players)], [0] * config.players)

    def pending(self, state: HoardState) -> Pending:
        return GAME_OVER if state.turn >= TURNS * state.players else Pending.single(state.turn % state.players)

    def legal(self, state: HoardState, seat: int) -> list[Command]:
        if seat not in self.pending(state).seats:
            return []
        return [*([Draw()] if state.deck else []), *(Play(card) for card in sorted(set(state.hands[seat])))] \
            or [Draw()]

    def decide(self, state: HoardState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
        if command not in self.legal(state, seat):
            raise IllegalCommand(f"seat {seat} cannot {command!r} now")
        return [Played(seat, command.card) if isinstance(command, Play) else Drawn(seat)]

    def evolve(self, state: HoardState, event: GameEvent) -> None:
        if isinstance(event, Played):
            state.hands[event.seat].remove(event.card)
            state.scores[event.seat] += event.card
        elif isinstance(event, Drawn) and state.deck:
            state.hands[event.seat].append(state.deck.pop())
        state.turn += 1

    def view(self, state: HoardState, seat: int) -> BaseModel:
        return HoardView(hand=sorted(state.hands[seat]), hand_sizes=[len(hand) for hand in state.hands],
                         scores=state.scores, turn=state.turn)

    def outcome(self, state: HoardState) -> Outcome:
        return Outcome.from_keys(state.scores, state.scores)

    def sample(self, state: HoardState, seat: int, rng: random.Random) -> HoardState:
        return state.clone()

    def describe(self, state: HoardState, item: GameEvent | Command) -> str:
        return repr(item)

    def heuristic(self) -> SubsetHeuristic:
        return SubsetHeuristic()


class SubsetHeuristic:
    """Plays its highest card when some of its cards make exactly LIMIT or it holds three, else draws; it counts
    the ways to make LIMIT by weighing every subset of its hand."""

    def choose(self, state: HoardState, seat: int, legal: list[Command], rng: random.Random) -> Command:
        hand = state.hands[seat]
        tens = sum(1 for size in range(len(hand) + 1) for chosen in combinations(hand, size) if sum(chosen) == LIMIT)
        plays = [command for command in legal if isinstance(command, Play)]
        if plays and (tens or len(hand) >= 3 or Draw() not in legal):
            return max(plays, key=lambda command: command.card)
        return Draw() if Draw() in legal else legal[0]
