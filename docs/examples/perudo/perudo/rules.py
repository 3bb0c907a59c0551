"""The rules kernel of Perudo (Liar's Dice with aces wild; RULES.md), wiring the role modules together.

Every player rolls dice under a cup and bids on how many dice on the whole table show a face; the next
player raises the bid or calls it. Whoever was wrong loses a die, and the last player with dice wins.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pydantic import BaseModel

from meeplog.core.kernel import Command, GameEvent, Outcome, Pending, Policy, Rules

from .automatic import next_round
from .commands import COMMANDS
from .config import MAX_PLAYERS, MIN_PLAYERS, PerudoConfig
from .data import DATA
from .decisions import decide
from .events import EVENTS, FaceChosen
from .evolve import evolve
from .heuristic import PerudoHeuristic
from .legal import legal, pending
from .narration import describe
from .sampling import sample
from .scoring import outcome
from .state import PerudoState
from .view import PerudoView, view


class PerudoRules(Rules[PerudoState, PerudoConfig]):
    name = "perudo"
    title = "Perudo"
    version = "1"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    Config = PerudoConfig
    events = EVENTS
    commands = COMMANDS

    def data_hash(self, config: PerudoConfig) -> str:
        return DATA.hash(config.data_file)

    def setup(self, config: PerudoConfig, rng: random.Random) -> PerudoState:
        return self.setup_with_events(config, rng)[0]

    def setup_with_events(self, config: PerudoConfig, rng: random.Random) -> tuple[PerudoState, list[GameEvent]]:
        """The first round rolled, started by a seat drawn at random (P2), through the same events as any round:
        recorded as the game starts, they show each seat its own dice from the first line of the log."""
        state = PerudoState.new(config, DATA.load(config.data_file))
        events = next_round(state, state.counts, rng.randrange(config.players), palifico=False, rng=rng)
        for event in events:
            evolve(state, event)
        return state, events

    def pending(self, state: PerudoState) -> Pending:
        return pending(state)

    def legal(self, state: PerudoState, seat: int) -> list[Command]:
        return legal(state, seat)

    def decide(self, state: PerudoState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
        return decide(state, seat, command, rng)

    def evolve(self, state: PerudoState, event: GameEvent) -> None:
        evolve(state, event)

    def view(self, state: PerudoState, seat: int) -> BaseModel:
        return view(state, seat)

    def view_model(self) -> type[BaseModel]:
        return PerudoView

    def outcome(self, state: PerudoState) -> Outcome:
        return outcome(state)

    def sample(self, state: PerudoState, seat: int, rng: random.Random) -> PerudoState:
        return sample(state, seat, rng)

    def describe(self, state: PerudoState, item: GameEvent | Command) -> str:
        return describe(state, item)

    def continues(self, state: PerudoState, seat: int, events: Sequence[GameEvent]) -> bool:
        """A bid is named in two steps, its face then its quantity: naming the face shows the bidder nothing, so
        a model may answer both at once."""
        return len(events) == 1 and isinstance(events[0], FaceChosen) and events[0].seat == seat

    def heuristic(self) -> Policy:
        return PerudoHeuristic()
