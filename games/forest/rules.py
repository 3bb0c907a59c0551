"""The rules kernel of Old Man of the Forest (shared/rules/old-man-of-the-forest.fr.txt and its digest).

Round: everyone plays a card; the highest takes an opponent's card, then the second-highest takes
one of the rest, each able to cash their whole won pile in for an orangutan at the moment they take.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from mypy_extensions import mypyc_attr
from pydantic import BaseModel

from meeplog.core.folding import decide_then_fold
from meeplog.core.kernel import Command, GameEvent, Outcome, Pending, Rules
from meeplog.games.forest.automatic import deal
from meeplog.games.forest.chains import continues
from meeplog.games.forest.commands import COMMANDS
from meeplog.games.forest.config import ForestConfig
from meeplog.games.forest.data import DATA
from meeplog.games.forest.decisions import decide
from meeplog.games.forest.events import EVENTS
from meeplog.games.forest.evolve import evolve
from meeplog.games.forest.heuristic import ForestHeuristic
from meeplog.games.forest.legal import legal, pending
from meeplog.games.forest.narration import describe
from meeplog.games.forest.sampling import sample
from meeplog.games.forest.scoring import score_pad, tie_break_key
from meeplog.games.forest.state import ForestState
from meeplog.games.forest.view import view


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (core/compiled.py), yet open to variants
class ForestRules(Rules[ForestState, ForestConfig]):
    name = "forest"
    title = "Old Man of the Forest"
    version = "1"
    min_players = 3
    max_players = 4
    Config = ForestConfig
    events = EVENTS
    commands = COMMANDS

    def data_hash(self, config: ForestConfig) -> str:
        return DATA.hash(config.data_file)

    # --- setup -------------------------------------------------------------------------------

    def setup(self, config: ForestConfig, rng: random.Random) -> ForestState:
        return self.setup_with_events(config, rng)[0]

    def setup_with_events(self, config: ForestConfig, rng: random.Random) -> tuple[ForestState, list[GameEvent]]:
        state = ForestState.empty(config, DATA.load(config.data_file))
        dealt = deal(state, 0, rng)
        evolve(state, dealt)
        return state, [dealt]

    def pending(self, state: ForestState) -> Pending:
        return pending(state)

    def legal(self, state: ForestState, seat: int) -> list[Command]:
        return legal(state, seat)

    def decide(self, state: ForestState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
        return decide(state, seat, command, rng)

    def evolve(self, state: ForestState, event: GameEvent) -> None:
        evolve(state, event)

    def apply(self, state: ForestState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
        return decide_then_fold(decide, evolve, state, seat, command, rng=rng)

    def view(self, state: ForestState, seat: int) -> BaseModel:
        return view(state, seat, pending(state))

    def outcome(self, state: ForestState) -> Outcome:
        keys = [tie_break_key(state, seat) for seat in range(state.players)]
        return Outcome.from_keys(state.banked, keys, note="ties broken by highest orangutans, then shared")

    def score_pad(self, state: ForestState) -> tuple[dict[str, int], ...]:
        return score_pad(state)

    def sample(self, state: ForestState, seat: int, rng: random.Random) -> ForestState:
        return sample(state, seat, rng)

    def describe(self, state: ForestState, item: GameEvent | Command) -> str:
        return describe(state, item)

    def continues(self, state: ForestState, seat: int, events: Sequence[GameEvent]) -> bool:
        return continues(seat, events)

    def heuristic(self) -> ForestHeuristic:
        return ForestHeuristic()
