"""Games for the analysis tests: a stored Forest game played by bots, and Purse, a game with one bad move."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from pydantic import BaseModel, Field

from meeplog.core.game import Game
from meeplog.core.kernel import GAME_OVER, Command, GameConfig, GameEvent, Outcome, Pending, Rules
from meeplog.core.players import make_player
from meeplog.core.specs import PlayerSpec
from tests.replays.recording import record


def forest_game(players: tuple[str, ...] = ("random", "heuristic", "random"), seed: int = 5) -> Game:
    """A whole Forest game played by bots, in memory (its seats named by the players' classes)."""
    seated = [make_player(PlayerSpec.parse(spec), seed * 10 + seat) for seat, spec in enumerate(players)]
    return record("forest", len(players), seed, seats=seated)


@dataclass(frozen=True)
class Take(Command):
    coins: int


@dataclass(frozen=True)
class Took(GameEvent):
    seat: int
    coins: int


class PurseConfig(GameConfig):
    players: int = Field(2, ge=2, le=2)


@dataclass
class PurseState:
    scores: list[int] = field(default_factory=lambda: [0, 0])
    turn: int = 0

    def clone(self) -> PurseState:
        return PurseState(list(self.scores), self.turn)


class PurseView(BaseModel, frozen=True):
    scores: list[int]


class PurseRules(Rules[PurseState, PurseConfig]):
    """Each seat in turn takes 0, 1 or 2 coins, once; the richer wins. Taking 0 is a blunder."""

    name = "purse"
    title = "Purse"
    version = "1"
    min_players = 2
    max_players = 2
    Config = PurseConfig
    events = (Took,)
    commands = (Take,)

    def setup(self, config: PurseConfig, rng: random.Random) -> PurseState:
        return PurseState()

    def pending(self, state: PurseState) -> Pending:
        return GAME_OVER if state.turn >= 2 else Pending.single(state.turn)

    def legal(self, state: PurseState, seat: int) -> list[Command]:
        return [Take(coins) for coins in range(3)] if seat == state.turn < 2 else []

    def decide(self, state: PurseState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
        assert isinstance(command, Take)
        return [Took(seat, command.coins)]

    def evolve(self, state: PurseState, event: GameEvent) -> None:
        assert isinstance(event, Took)
        state.scores[event.seat] += event.coins
        state.turn += 1

    def view(self, state: PurseState, seat: int) -> BaseModel:
        return PurseView(scores=state.scores)

    def outcome(self, state: PurseState) -> Outcome:
        return Outcome.from_keys(state.scores, state.scores)

    def sample(self, state: PurseState, seat: int, rng: random.Random) -> PurseState:
        return state.clone()

    def describe(self, state: PurseState, item: GameEvent | Command) -> str:
        return repr(item)
