"""Guess: a one-shot simultaneous game that tells whether a search treats secret moves as secret.

Seat 0 hides a coin in hand 0 or 1; at the same time seat 1 either guesses a hand (right: seat 1
wins; wrong: seat 0 wins) or plays safe, winning with probability SAFE_WINS. Not knowing the hidden
hand, a guess wins half the time at best against a hider who mixes, so safe is the right move; a
search that let seat 1 see the hider's move would guess and always be right.
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

SAFE_WINS = 0.7
HIDER, GUESSER = 0, 1
MOVES = {HIDER: ("hide 0", "hide 1"), GUESSER: ("guess 0", "guess 1", "safe")}


@dataclass(frozen=True)
class Choose(Command):
    move: str


@dataclass(frozen=True)
class Chosen(PrivateEvent):
    secret: ClassVar[tuple[str, ...]] = ("move",)
    seat: int
    move: str | None


@dataclass(frozen=True)
class Settled(GameEvent):
    """Both moves revealed; `winner` includes the draw that settles a safe move."""

    hidden: str
    guess: str
    winner: int


class GuessConfig(GameConfig):
    players: int = Field(2, ge=2, le=2)


@dataclass(eq=True)
class GuessState:
    moves: dict[int, str] = field(default_factory=dict)
    winner: int | None = None

    def clone(self) -> GuessState:
        return GuessState(dict(self.moves), self.winner)


class GuessView(BaseModel, frozen=True):
    my_move: str | None
    revealed: tuple[str, ...] | None  # both moves, once settled
    winner: int | None


class GuessRules(Rules[GuessState, GuessConfig]):
    name = "guess"
    title = "Guess"
    version = "1"
    min_players = 2
    max_players = 2
    Config = GuessConfig
    events = (Chosen, Settled)
    commands = (Choose,)

    def setup(self, config: GuessConfig, rng: random.Random) -> GuessState:
        return GuessState()

    def pending(self, state: GuessState) -> Pending:
        if state.winner is not None:
            return GAME_OVER
        return Pending.together([seat for seat in (HIDER, GUESSER) if seat not in state.moves])

    def legal(self, state: GuessState, seat: int) -> list[Command]:
        return [Choose(move) for move in MOVES[seat]] if seat in self.pending(state).seats else []

    def decide(self, state: GuessState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
        if command not in self.legal(state, seat):
            raise IllegalCommand(f"seat {seat} cannot play {command} now")
        moves = {**state.moves, seat: command.move}
        chosen = Chosen(seat, command.move)
        if len(moves) < 2:
            return [chosen]
        hidden, guess = moves[HIDER], moves[GUESSER]
        if guess == "safe":
            winner = GUESSER if rng.random() < SAFE_WINS else HIDER
        else:
            winner = GUESSER if guess[-1] == hidden[-1] else HIDER
        return [chosen, Settled(hidden, guess, winner)]

    def evolve(self, state: GuessState, event: GameEvent) -> None:
        match event:
            case Chosen(seat, move):
                state.moves[seat] = move
            case Settled(hidden, guess, winner):
                state.moves = {HIDER: hidden, GUESSER: guess}
                state.winner = winner

    def view(self, state: GuessState, seat: int) -> BaseModel:
        revealed = None if state.winner is None else (state.moves[HIDER], state.moves[GUESSER])
        return GuessView(my_move=state.moves.get(seat), revealed=revealed, winner=state.winner)

    def outcome(self, state: GuessState) -> Outcome:
        scores = [1.0 if seat == state.winner else 0.0 for seat in (HIDER, GUESSER)]
        return Outcome.from_keys(scores, scores)

    def sample(self, state: GuessState, seat: int, rng: random.Random) -> GuessState:
        """Redraw the other seat's move if it is made but not revealed yet."""
        sampled = state.clone()
        for other, _move in state.moves.items():
            if other != seat and state.winner is None:
                sampled.moves[other] = rng.choice(MOVES[other])
        return sampled

    def describe(self, state: GuessState, item: GameEvent | Command) -> str:
        return repr(item)
