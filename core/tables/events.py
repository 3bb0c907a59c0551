"""What a table records: how it was laid, each command sent to one of its seats, and its end.

They travel in the same `Recorded` envelopes as a game's events under the `table` topic prefix (importing this
module tells the store their codec). A table's own records live under an id made from its game's id, so the table
of a game is found without a scan; each command sent to a seat is an aggregate of one record, under an id made
from the game, the version it was sent at and the seat, so the store's refusal of a second record at the same
version is what keeps two processes (or two clicks) from both playing a move for one seat at one moment.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime

from meeplog.core.codec import Codec
from meeplog.core.game import Recorded
from meeplog.core.store import keep_topic

TABLE_TOPIC = "table"
_TABLES = uuid.UUID("6d65e570-7461-626c-6573-000000000000")  # the namespace of the ids below


@dataclass(frozen=True)
class TableLaid:
    """A table for game `game_id`: its seats as stored in GameStarted (a person as `person` or `NAME=person`),
    the seats sent commands from outside (people), each one's credential as a SHA-256 hash (never the credential),
    the turn timer, the player that moves for a seat out of time or out of answers, and the pause after each move of
    a seat played on the server, so that a person at the table sees the moves one by one (0 in tables laid before
    it was kept)."""

    game_id: str
    seats: tuple[str, ...]
    commanded: tuple[int, ...]
    credential_hashes: tuple[str, ...]  # by seat of `commanded`, in its order
    turn_seconds: float | None
    fallback: str
    pace_seconds: float = 0.0


@dataclass(frozen=True)
class SeatCommanded:
    """`seat` sent `command` (its JSON text, as the game's codec writes it) when the game stood at version `at`."""

    seat: int
    at: int
    command: str


@dataclass(frozen=True)
class TableEnded:
    """The table is over: its game ended (`why` empty) or stopped for good (`why` says what stopped it)."""

    why: str = ""


TableEvent = TableLaid | SeatCommanded | TableEnded
TABLE_CODEC = Codec((TableLaid, SeatCommanded, TableEnded))
keep_topic(TABLE_TOPIC, TABLE_CODEC)


def table_id(game_id: uuid.UUID) -> uuid.UUID:
    """The id of the table of game `game_id`."""
    return uuid.uuid5(_TABLES, f"table {game_id}")


def command_id(game_id: uuid.UUID, at: int, seat: int) -> uuid.UUID:
    """The id of the one command `seat` may send for game `game_id` at version `at`."""
    return uuid.uuid5(_TABLES, f"command {game_id} {at} {seat}")


def record(originator: uuid.UUID, version: int, event: TableEvent) -> Recorded:
    return Recorded(originator, version, datetime.now(UTC), TABLE_TOPIC, event)  # type: ignore[arg-type]
