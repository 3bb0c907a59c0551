"""What a tournament records: its schedule, each run, each game's result, and its end.

They travel in the same `Recorded` envelopes as a game's events, with `TOURNAMENT_TOPIC` where a game id
would be; importing this module tells the store the codec of that prefix (`meeplog.core.store.keep_topic`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from meeplog.core.codec import Codec
from meeplog.core.store import keep_topic
from meeplog.core.tournament.behaviour import SeatReport

TOURNAMENT_TOPIC = "tournament"


@dataclass(frozen=True)
class Fixture:
    """One scheduled game: the deal's seed (shared by every seating of that deal) and who sits where."""

    index: int
    deal: int
    seed: int
    seating: tuple[int, ...]  # the index (in the tournament's `players`) of the player in each seat


@dataclass(frozen=True)
class TournamentScheduled:
    """Everything the tournament is: the game, the players (as specs), and its whole schedule."""

    game: str
    rules_version: str
    config: dict[str, Any]
    players: tuple[str, ...]
    games: int
    seed: int
    fallback: str
    fixtures: tuple[Fixture, ...]

    @property
    def seats(self) -> int:
        return int(self.config["players"])


@dataclass(frozen=True)
class TournamentStarted:
    """A run began (the first one or a resumption), with how many games were already recorded."""

    workers: int
    done: int


@dataclass(frozen=True)
class GameRecorded:
    """A finished game stored under `game_id`: its scores and ranks by seat, and which seats faltered; or a game
    that a dead seat forfeited (`forfeited`, then no scores nor ranks: it has no result)."""

    index: int
    game_id: str
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    fell_back: tuple[int, ...]  # seats whose player failed at least once and the fallback moved for it
    rejected: tuple[int, ...]  # seats that had at least one command refused
    reports: tuple[SeatReport, ...] = ()  # how each seat played (core/tournament/behaviour.py)
    forfeited: int | None = None  # the seat that forfeited the game
    why: str | None = None  # why it forfeited


@dataclass(frozen=True)
class GameFailed:
    """A scheduled game that could not be played to the end (a player could not be built, a fallback crashed)."""

    index: int
    reason: str


@dataclass(frozen=True)
class TournamentFinished:
    recorded: int
    failed: int


TournamentEvent = TournamentScheduled | TournamentStarted | GameRecorded | GameFailed | TournamentFinished
TOURNAMENT_CODEC = Codec(
    (Fixture, TournamentScheduled, TournamentStarted, GameRecorded, GameFailed, TournamentFinished, SeatReport)
)
keep_topic(TOURNAMENT_TOPIC, TOURNAMENT_CODEC)
