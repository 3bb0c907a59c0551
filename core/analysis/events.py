"""What an analysis records: the game and seat it scores with the analyser's settings, each decision scored, its end;
and what the store's catalogue of analyses lists of each (core/analysis/catalogue.py).

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


@dataclass(frozen=True)
class SeatLoss:
    """One seat's losses over one game, a chain of its own small decisions counted as one decision."""

    decisions: int
    rank: float  # the loss in expected final rank, summed over the decisions
    score: float  # the loss in expected score, summed
    blunders: int


@dataclass(frozen=True)
class Listed:
    """An analysis as the catalogue lists it: whose decisions, under which settings, and their losses in sum."""

    analysis_id: str
    game_id: str
    game: str
    seat: int
    player: str  # the seat's player spec, as the game recorded it
    settings: Settings
    loss: SeatLoss


AnalysisEvent = AnalysisStarted | Scored | AnalysisFinished
ANALYSIS_CODEC = Codec((Settings, AnalysisStarted, Scored, Valued, AnalysisFinished, SeatLoss, Listed))
keep_topic(ANALYSIS_TOPIC, ANALYSIS_CODEC)
