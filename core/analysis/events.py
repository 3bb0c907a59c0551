"""What an analysis records: the game and seat it scores with the analyser's settings, each decision scored, its end.

They travel in the same `Recorded` envelopes as a game's events, with `ANALYSIS_TOPIC` where a game id would
be; importing this module tells the store their codec (`meeplog.core.store.keep_topic`).
"""

from __future__ import annotations

from dataclasses import dataclass

from meeplog.core.analysis.scorer import Scored, Valued
from meeplog.core.codec import Codec
from meeplog.core.store import keep_topic

ANALYSIS_TOPIC = "analysis"


@dataclass(frozen=True)
class Settings:
    """What the scores depend on besides the game: two analyses with other settings are other records."""

    sims: int
    seed: int
    blunder: float  # the loss in expected rank from which a decision is a blunder
    version: str  # the analyser's (core/analysis/scorer.py VERSION)


@dataclass(frozen=True)
class AnalysisStarted:
    """The analysis of one seat of one stored game, under `settings`, against the rules at `rules_version`."""

    game_id: str
    game: str
    seat: int
    player: str  # the seat's player spec, as the game recorded it
    rules_version: str
    settings: Settings


@dataclass(frozen=True)
class AnalysisFinished:
    decisions: int  # decisions scored (forced ones are not)


AnalysisEvent = AnalysisStarted | Scored | AnalysisFinished
ANALYSIS_CODEC = Codec((Settings, AnalysisStarted, Scored, Valued, AnalysisFinished))
keep_topic(ANALYSIS_TOPIC, ANALYSIS_CODEC)
