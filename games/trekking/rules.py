"""The rules kernel of Trekking the World (shared/rules/trekking-the-world.fr.txt and its digest, rulings T1-T36).

A turn: an optional flight from an airport, the compulsory Move paid with trek cards whose values add
up exactly to the route's length, then one action (draw two, visit the destination underfoot, or a
Journey). The game ends after the turn in which the fifth region token or a fifth destination is taken.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from pydantic import BaseModel

from meeplog.core.folding import decide_then_fold
from meeplog.core.kernel import Command, GameEvent, Outcome, Pending, Rules
from meeplog.games.trekking.automatic import deal
from meeplog.games.trekking.chains import continues
from meeplog.games.trekking.commands import COMMANDS
from meeplog.games.trekking.config import TrekkingConfig
from meeplog.games.trekking.data import DATA
from meeplog.games.trekking.decisions import decide
from meeplog.games.trekking.events import EVENTS, GameBegan
from meeplog.games.trekking.evolve import evolve
from meeplog.games.trekking.heuristic import TrekkingHeuristic
from meeplog.games.trekking.legal import legal, pending
from meeplog.games.trekking.narration import describe
from meeplog.games.trekking.reference import map_text
from meeplog.games.trekking.routes import TABLE_LENGTH, Routes, routes_for
from meeplog.games.trekking.sampling import sample
from meeplog.games.trekking.scoring import ScoreSheet, outcome, score_sheet
from meeplog.games.trekking.state import TrekState
from meeplog.games.trekking.view import view


@cache
def _routes(path: str | None, move_path: str) -> Routes:
    """The route tables of one map and path rule, built once per process (section 4.4)."""
    return routes_for(DATA.load(path).adjacency, move_path == "simple_path", TABLE_LENGTH)


class TrekkingRules(Rules[TrekState, TrekkingConfig]):
    name = "trekking"
    title = "Trekking the World"
    version = "2"
    min_players = 2
    max_players = 5
    Config = TrekkingConfig
    events = EVENTS
    commands = COMMANDS

    def data_hash(self, config: TrekkingConfig) -> str:
        return DATA.hash(config.data_file)

    def reference(self, config: TrekkingConfig) -> str:
        return map_text(DATA.load(config.data_file))

    def setup(self, config: TrekkingConfig, rng: random.Random) -> TrekState:
        return self.setup_with_events(config, rng)[0]

    def setup_with_events(self, config: TrekkingConfig, rng: random.Random) -> tuple[TrekState, list[GameEvent]]:
        state = TrekState.empty(config, DATA.load(config.data_file), _routes(config.data_file, config.move_path))
        first = rng.randrange(config.players) if config.first_player == "random" else config.first_player
        events: list[GameEvent] = [GameBegan(first)]
        evolve(state, events[0])
        if config.start_airport_timing == "after_reveal":
            events.append(deal(state, rng))
            evolve(state, events[-1])
        return state, events

    def pending(self, state: TrekState) -> Pending:
        return pending(state)

    def legal(self, state: TrekState, seat: int) -> list[Command]:
        return legal(state, seat)

    def decide(self, state: TrekState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
        return decide(state, seat, command, rng)

    def evolve(self, state: TrekState, event: GameEvent) -> None:
        evolve(state, event)

    def apply(self, state: TrekState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
        return decide_then_fold(decide, evolve, state, seat, command, rng=rng)

    def view(self, state: TrekState, seat: int) -> BaseModel:
        return view(state, seat)

    def outcome(self, state: TrekState) -> Outcome:
        return outcome(state)

    def score_pad(self, state: TrekState) -> tuple[dict[str, int], ...]:
        """Each seat's score by the rulebook's categories, for the seat page's end (replays/viewer/sheets.py)."""
        return tuple(_pad(score_sheet(state, seat)) for seat in range(state.players))

    def sample(self, state: TrekState, seat: int, rng: random.Random) -> TrekState:
        return sample(state, seat, rng)

    def describe(self, state: TrekState, item: GameEvent | Command) -> str:
        return describe(state, item)

    def continues(self, state: TrekState, seat: int, events: Sequence[GameEvent]) -> bool:
        return continues(state, seat, events)

    def heuristic(self) -> TrekkingHeuristic:
        return TrekkingHeuristic()


def _pad(sheet: ScoreSheet) -> dict[str, int]:
    """A score sheet in the rulebook's words (section 4.11), in its order."""
    return {
        "destination cards": sheet.destinations,
        "VP tokens": sheet.vp_tokens,
        "region tokens": sheet.region_tokens,
        "Most Souvenirs tiles": sheet.tiles,
        "souvenir sets": sheet.sets,
    }
