"""The rules kernel of Let's Take a Hike (shared/rules/lets-take-a-hike.fr.txt and its digest, RULES.md).

A turn is three card actions or a hike. `decide` turns a command into its event, then appends every
automatic consequence (reveals, matches, busts, hazards, turn and hike ends) until someone must choose.
"""

from __future__ import annotations

import random

from pydantic import BaseModel

from core.kernel import Command, GameEvent, Outcome, Pending, Policy, Rules
from games.hike.automatic import deal
from games.hike.commands import COMMANDS
from games.hike.config import HikeConfig
from games.hike.data import DATA
from games.hike.decisions import apply, decide
from games.hike.events import EVENTS
from games.hike.evolve import evolve
from games.hike.legal import legal, pending
from games.hike.narration import describe
from games.hike.sampling import sample
from games.hike.scoring import outcome
from games.hike.state import HikeState
from games.hike.view import view


class HikeRules(Rules[HikeState, HikeConfig]):
    name = "hike"
    title = "Let's Take a Hike"
    version = "1"
    min_players = 2
    max_players = 5
    Config = HikeConfig
    events = EVENTS
    commands = COMMANDS

    def data_hash(self, config: HikeConfig) -> str:
        return DATA.hash(config.data_file)

    def setup(self, config: HikeConfig, rng: random.Random) -> HikeState:
        return self.setup_with_events(config, rng)[0]

    def setup_with_events(self, config: HikeConfig, rng: random.Random) -> tuple[HikeState, list[GameEvent]]:
        state = HikeState.empty(config, DATA.load(config.data_file))
        dealt = deal(state, rng)
        evolve(state, dealt)
        return state, [dealt]

    def pending(self, state: HikeState) -> Pending:
        return pending(state)

    def legal(self, state: HikeState, seat: int) -> list[Command]:
        return legal(state, seat)

    def decide(self, state: HikeState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
        return decide(state, seat, command, rng)

    def evolve(self, state: HikeState, event: GameEvent) -> None:
        evolve(state, event)

    def apply(self, state: HikeState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
        return apply(state, seat, command, rng)

    def view(self, state: HikeState, seat: int) -> BaseModel:
        return view(state, seat, pending(state))

    def outcome(self, state: HikeState) -> Outcome:
        return outcome(state)

    def sample(self, state: HikeState, seat: int, rng: random.Random) -> HikeState:
        return sample(state, seat, rng)

    def describe(self, state: HikeState, item: GameEvent | Command) -> str:
        return describe(state, item)

    def heuristic(self) -> Policy:
        from games.hike.heuristic import HikeHeuristic

        return HikeHeuristic()
