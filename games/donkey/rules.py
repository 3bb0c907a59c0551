"""The rules kernel of the Donkey game (shared/rules/donkey.fr.txt and its digest, rulings D1-D31).

A round: a donkey is revealed; everyone commits load cards face down at once; favours are declared in
turn; contracts are accepted or refused in turn (favour-2 users last, peeks just before deciding);
favours 4 and 6 act; then the loads are revealed and weighed, and the right players score.
"""

from __future__ import annotations

import random

from pydantic import BaseModel

from meeplog.core.kernel import Command, GameEvent, Outcome, Pending, Policy, Rules
from meeplog.games.donkey.automatic import deal, play_on
from meeplog.games.donkey.commands import COMMANDS
from meeplog.games.donkey.config import DonkeyConfig
from meeplog.games.donkey.data import DATA
from meeplog.games.donkey.decisions import apply, decide
from meeplog.games.donkey.events import EVENTS
from meeplog.games.donkey.evolve import evolve
from meeplog.games.donkey.legal import legal, pending
from meeplog.games.donkey.narration import describe
from meeplog.games.donkey.sampling import sample
from meeplog.games.donkey.scoring import outcome, score_pad
from meeplog.games.donkey.state import DonkeyState
from meeplog.games.donkey.view import view


class DonkeyRules(Rules[DonkeyState, DonkeyConfig]):
    name = "donkey"
    title = "Donkey"
    version = "1"
    min_players = 3
    max_players = 7
    Config = DonkeyConfig
    events = EVENTS
    commands = COMMANDS

    def data_hash(self, config: DonkeyConfig) -> str:
        return DATA.hash(config.data_file)

    def setup(self, config: DonkeyConfig, rng: random.Random) -> DonkeyState:
        return self.setup_with_events(config, rng)[0]

    def setup_with_events(self, config: DonkeyConfig, rng: random.Random) -> tuple[DonkeyState, list[GameEvent]]:
        state = DonkeyState.empty(config, DATA.load(config.data_file))
        dealt = deal(state, rng)
        evolve(state, dealt)
        return state, [dealt, *play_on(state, rng)]  # the first donkey's reveal

    def pending(self, state: DonkeyState) -> Pending:
        return pending(state)

    def legal(self, state: DonkeyState, seat: int) -> list[Command]:
        return legal(state, seat)

    def decide(self, state: DonkeyState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
        return decide(state, seat, command, rng)

    def evolve(self, state: DonkeyState, event: GameEvent) -> None:
        evolve(state, event)

    def apply(self, state: DonkeyState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
        return apply(state, seat, command, rng)

    def view(self, state: DonkeyState, seat: int) -> BaseModel:
        return view(state, seat, pending(state))

    def outcome(self, state: DonkeyState) -> Outcome:
        return outcome(state)

    def score_pad(self, state: DonkeyState) -> tuple[dict[str, int], ...]:
        return score_pad(state)

    def sample(self, state: DonkeyState, seat: int, rng: random.Random) -> DonkeyState:
        return sample(state, seat, rng)

    def describe(self, state: DonkeyState, item: GameEvent | Command) -> str:
        return describe(state, item)

    def heuristic(self) -> Policy:
        from meeplog.games.donkey.heuristic import DonkeyHeuristic

        return DonkeyHeuristic()

