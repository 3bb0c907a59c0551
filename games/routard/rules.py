"""The rules kernel of Le Jeu du Routard (shared/rules/jeu-du-routard.fr.txt and its digest).

Prepare a backpack with the die and the sheet, then travel the track paying for moves, hotels and
souvenirs, hitchhiking on other pawns, until someone lands on the arrival airport with two achat, two
reportage and two aventure cards. `decide` validates a command, then plays on (drawing cards, rolling
dice) on a scratch copy until someone must decide again; the events it returns replay that exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pydantic import BaseModel

from meeplog.core.kernel import Command, GameEvent, Outcome, Pending, Policy, Rules
from meeplog.games.routard.automatic import deal, play_on
from meeplog.games.routard.chains import continues
from meeplog.games.routard.commands import COMMANDS
from meeplog.games.routard.config import RoutardConfig
from meeplog.games.routard.data import DATA
from meeplog.games.routard.decisions import apply, decide
from meeplog.games.routard.events import EVENTS
from meeplog.games.routard.evolve import evolve
from meeplog.games.routard.legal import options, pending
from meeplog.games.routard.narration import describe
from meeplog.games.routard.sampling import sample
from meeplog.games.routard.scoring import outcome, score_pad
from meeplog.games.routard.state import RoutardState
from meeplog.games.routard.view import view


class RoutardRules(Rules[RoutardState, RoutardConfig]):
    name = "routard"
    title = "Le Jeu du Routard"
    version = "2"
    min_players = 2
    max_players = 6
    Config = RoutardConfig
    events = EVENTS
    commands = COMMANDS

    def data_hash(self, config: RoutardConfig) -> str:
        return DATA.hash(config.data_file)

    def setup(self, config: RoutardConfig, rng: random.Random) -> RoutardState:
        return self.setup_with_events(config, rng)[0]

    def setup_with_events(self, config: RoutardConfig, rng: random.Random) -> tuple[RoutardState, list[GameEvent]]:
        state = RoutardState.empty(config, DATA.load(config.data_file))
        dealt = deal(state, rng)
        evolve(state, dealt)
        return state, [dealt, *play_on(state, rng)]

    def pending(self, state: RoutardState) -> Pending:
        return pending(state)

    def legal(self, state: RoutardState, seat: int) -> list[Command]:
        return options(state, seat)

    def decide(self, state: RoutardState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
        return decide(state, seat, command, rng)

    def evolve(self, state: RoutardState, event: GameEvent) -> None:
        evolve(state, event)

    def apply(self, state: RoutardState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
        return apply(state, seat, command, rng)

    def view(self, state: RoutardState, seat: int) -> BaseModel:
        return view(state, seat, pending(state))

    def outcome(self, state: RoutardState) -> Outcome:
        return outcome(state)

    def score_pad(self, state: RoutardState) -> tuple[dict[str, int], ...]:
        return score_pad(state)

    def sample(self, state: RoutardState, seat: int, rng: random.Random) -> RoutardState:
        return sample(state, seat, rng)

    def describe(self, state: RoutardState, item: GameEvent | Command) -> str:
        return describe(state, item)

    def continues(self, state: RoutardState, seat: int, events: Sequence[GameEvent]) -> bool:
        return continues(self.pending(state).seats, seat, events)

    def heuristic(self) -> Policy:
        from meeplog.games.routard.heuristic import RoutardHeuristic

        return RoutardHeuristic()
