"""The rules kernel of Let's Take a Hike (shared/rules/lets-take-a-hike.fr.txt and its digest, RULES.md).

A turn is three card actions or a hike. `decide` turns a command into its event, then appends every
automatic consequence (reveals, matches, busts, hazards, turn and hike ends) until someone must choose.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pydantic import BaseModel

from meeplog.core.kernel import Command, GameEvent, Outcome, Pending, Policy, Rules
from meeplog.games.hike.automatic import deal
from meeplog.games.hike.chains import continues
from meeplog.games.hike.commands import COMMANDS
from meeplog.games.hike.config import HikeConfig
from meeplog.games.hike.data import DATA
from meeplog.games.hike.decisions import apply, decide
from meeplog.games.hike.events import EVENTS
from meeplog.games.hike.evolve import evolve
from meeplog.games.hike.legal import legal, pending
from meeplog.games.hike.narration import describe
from meeplog.games.hike.sampling import sample
from meeplog.games.hike.scoring import outcome, score_pad
from meeplog.games.hike.state import HikeState
from meeplog.games.hike.view import view


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

    def score_pad(self, state: HikeState) -> tuple[dict[str, int], ...]:
        return score_pad(state)

    def sample(self, state: HikeState, seat: int, rng: random.Random) -> HikeState:
        return sample(state, seat, rng)

    def describe(self, state: HikeState, item: GameEvent | Command) -> str:
        return describe(state, item)

    def continues(self, state: HikeState, seat: int, events: Sequence[GameEvent]) -> bool:
        return continues(self.pending(state).seats, seat, events)

    def heuristic(self) -> Policy:
        from meeplog.games.hike.heuristic import HikeHeuristic

        return HikeHeuristic()
