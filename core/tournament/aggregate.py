"""The Tournament aggregate: its schedule and what has been recorded of it, folded from its events.

Like the Game aggregate it keeps `Recorded` envelopes in a list and hands the unsaved ones to the store
through `collect_events`, so a batch of finished games and their results is saved in one transaction.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from meeplog.core.game import Recorded
from meeplog.core.tournament.events import (
    TOURNAMENT_TOPIC,
    Fixture,
    GameFailed,
    GameRecorded,
    TournamentEvent,
    TournamentFinished,
    TournamentScheduled,
    TournamentStarted,
)
from meeplog.core.tournament.schedule import Plan, fixtures


class Tournament:
    def __init__(self, tournament_id: uuid.UUID) -> None:
        self.id = tournament_id
        self.log: list[Recorded] = []
        self._saved = 0
        self.scheduled: TournamentScheduled | None = None
        self.results: dict[int, GameRecorded | GameFailed] = {}
        self.runs = 0
        self.finished = False

    @classmethod
    def schedule(cls, plan: Plan) -> Tournament:
        tournament = cls(plan.id())
        schedule = fixtures(len(plan.players), plan.seats, plan.games, plan.seed)
        tournament._trigger(TournamentScheduled(**plan.__dict__, fixtures=tuple(schedule)))
        return tournament

    @classmethod
    def rebuild(cls, history: Iterable[Recorded]) -> Tournament:
        records = list(history)
        if not records or not isinstance(records[0].event, TournamentScheduled):
            raise ValueError("a tournament's history must begin with TournamentScheduled")
        tournament = cls(records[0].originator_id)
        for recorded in records:
            tournament._apply(recorded.event)
        tournament.log = records
        tournament._saved = len(records)
        return tournament

    # --- reading ---------------------------------------------------------------------------------

    @property
    def plan(self) -> TournamentScheduled:
        if self.scheduled is None:
            raise ValueError("the tournament has no schedule")
        return self.scheduled

    @property
    def version(self) -> int:
        return len(self.log)

    def pending(self) -> list[Fixture]:
        """The scheduled games with nothing recorded yet, in schedule order."""
        return [fixture for fixture in self.plan.fixtures if fixture.index not in self.results]

    # --- changing --------------------------------------------------------------------------------

    def start(self, workers: int) -> None:
        self._trigger(TournamentStarted(workers, len(self.results)))

    def record(self, result: GameRecorded | GameFailed) -> None:
        if result.index in self.results:
            raise ValueError(f"game {result.index} of tournament {self.id} is already recorded")
        if not 0 <= result.index < len(self.plan.fixtures):
            raise ValueError(f"tournament {self.id} has no game {result.index}")
        self._trigger(result)

    def finish(self) -> None:
        if self.pending():
            raise ValueError(f"tournament {self.id} still has {len(self.pending())} games to play")
        failed = sum(isinstance(result, GameFailed) for result in self.results.values())
        self._trigger(TournamentFinished(len(self.results) - failed, failed))

    def _trigger(self, event: TournamentEvent) -> None:
        self._apply(event)
        self.log.append(Recorded(self.id, len(self.log) + 1, datetime.now(UTC), TOURNAMENT_TOPIC, event))

    def _apply(self, event: Any) -> None:
        match event:
            case TournamentScheduled():
                self.scheduled = event
            case TournamentStarted():
                self.runs += 1
            case GameRecorded() | GameFailed():
                self.results[event.index] = event
            case TournamentFinished():
                self.finished = True

    # --- persistence -----------------------------------------------------------------------------

    def collect_events(self) -> list[Recorded]:
        new = self.log[self._saved:]
        self._saved = len(self.log)
        return new
