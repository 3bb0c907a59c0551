"""The analysis of one seat of one stored game, kept as its own event-sourced record beside the game.

Its id is derived from the game's id, the seat and the analyser's settings (sims, seed, blunder threshold,
version), so the same analysis asked again finds the record it made instead of scoring again, and another
setting's analysis is another record: scores made under different settings are never mixed. The record is
written whole in one transaction once every decision is scored, so an interrupted analysis leaves nothing
behind, and running it again starts afresh. Games are never written to.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import astuple
from datetime import UTC, datetime

from meeplog.core.analysis.events import (
    ANALYSIS_TOPIC,
    AnalysisEvent,
    AnalysisFinished,
    AnalysisStarted,
    Settings,
)
from meeplog.core.analysis.scorer import Scored, score_game
from meeplog.core.audit import GameStarted
from meeplog.core.game import Recorded
from meeplog.core.store import GameStore

ANALYSIS_NAMESPACE = uuid.UUID("0c6f3f0e-5d4b-5b8e-9a39-2f1d7c3e8a41")


def analysis_id(game_id: uuid.UUID, seat: int, settings: Settings) -> uuid.UUID:
    return uuid.uuid5(ANALYSIS_NAMESPACE, f"{game_id}/{seat}/{'/'.join(map(str, astuple(settings)))}")


class Analysis:
    """One seat's analysis: what it scores, under which settings, and every decision scored."""

    def __init__(self, record_id: uuid.UUID) -> None:
        self.id = record_id
        self.log: list[Recorded] = []
        self._saved = 0
        self.started: AnalysisStarted | None = None
        self.scored: list[Scored] = []
        self.finished = False

    @classmethod
    def rebuild(cls, history: Sequence[Recorded]) -> Analysis:
        if not history or not isinstance(history[0].event, AnalysisStarted):
            raise ValueError("an analysis's history must begin with AnalysisStarted")
        analysis = cls(history[0].originator_id)
        for recorded in history:
            analysis._apply(recorded.event)
        analysis.log = list(history)
        analysis._saved = len(history)
        return analysis

    @property
    def head(self) -> AnalysisStarted:
        if self.started is None:
            raise ValueError("the analysis has not started")
        return self.started

    def record(self, event: AnalysisEvent) -> None:
        self._apply(event)
        self.log.append(Recorded(self.id, len(self.log) + 1, datetime.now(UTC), ANALYSIS_TOPIC, event))

    def _apply(self, event: object) -> None:
        match event:
            case AnalysisStarted():
                self.started = event
            case Scored():
                self.scored.append(event)
            case AnalysisFinished():
                self.finished = True

    def collect_events(self) -> list[Recorded]:
        new = self.log[self._saved:]
        self._saved = len(self.log)
        return new


def load_analysis(store: GameStore, record_id: uuid.UUID) -> Analysis | None:
    """The stored analysis with this id, if it was finished."""
    history = list(store.events.get(record_id))
    if not history:
        return None
    analysis = Analysis.rebuild(history)
    return analysis if analysis.finished else None


def analyse(history: Sequence[Recorded], seat: int, settings: Settings) -> Analysis:
    """Score every decision of `seat` in a stored game (its history), as a record not yet saved."""
    started = history[0].event
    if not isinstance(started, GameStarted):
        raise ValueError("a game's history must begin with GameStarted")
    game_id = history[0].originator_id
    analysis = Analysis(analysis_id(game_id, seat, settings))
    analysis.record(AnalysisStarted(str(game_id), started.game, seat, started.seats[seat], started.rules_version,
                                    settings))
    for scored in score_game(history, settings.sims, settings.seed, settings.blunder, frozenset({seat})):
        analysis.record(scored)
    analysis.record(AnalysisFinished(len(analysis.scored)))
    return analysis
