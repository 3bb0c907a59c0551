"""How the processes serving one store share its tables: who plays each table, and word that a table changed.

- **Ownership.** Exactly one process plays a table's seats (its bots, and the seats waiting for commands) at a
  time. On PostgreSQL a process owns a table while it holds a session-level advisory lock keyed by the table's id,
  on a connection of its own: when the process dies, by SIGKILL too, PostgreSQL ends the session and the lock goes
  with it, and another process's next sweep takes the table over from the store. A lost connection is a lost
  claim, so the process stops playing everything it owned (`alive`). A SQLite store is served by one process: the
  process holds an exclusive `flock` on the database file for as long as it serves, and a second one is refused
  in one line. A memory store lives in one process anyway.
- **Word of changes.** A process that saved something of a table says so, with the game's id: PostgreSQL's
  NOTIFY on the `meeplog_tables` channel, which every serving process LISTENs to on a connection of its own, so a
  decision made in one process reaches the others' streams in milliseconds. One process needs no database for
  that: the word goes straight to its own listener. A command taken by the process that owns its table is handed
  to the owner instead (service.py), with no word: it changes nothing a page or stream shows. The owner's word of
  its save of the game's records carries the game's version after it (`word`): both ways the word comes back to
  the owner too, whose table holds those records already, and a process whose table holds them reads nothing.

The PostgreSQL side lives in core/tables/postgres.py, imported only for a `postgresql://` store: psycopg is the
`postgres` extra, and serving a SQLite store needs none of it.
"""

from __future__ import annotations

import fcntl
import os
import uuid
from collections.abc import Callable
from typing import Protocol

from meeplog.core.extras import needs_extra
from meeplog.core.store import StoreUnavailable

CHANNEL = "meeplog_tables"
LISTEN_SECONDS = 1.0  # how long the listener waits for a notification before it looks whether to stop

Heard = Callable[[str], None]


def word(game_id: uuid.UUID, version: int | None = None) -> str:
    """Word that the table of `game_id` changed; with `version` when what changed is the game's records, stored up
    to that version."""
    return str(game_id) if version is None else f"{game_id} {version}"


def read_word(text: str) -> tuple[uuid.UUID, int | None]:
    """The game id and version (None when it has none) of a `word`; ValueError for anything else."""
    game_id, _, version = text.partition(" ")
    return uuid.UUID(game_id), int(version) if version else None


class StoreBusy(StoreUnavailable):
    """The store is served by another process already, and it can be served by only one."""


class Coordination(Protocol):
    def claim(self, table: uuid.UUID) -> bool:
        """Whether this process now owns `table` (it did already, or nobody did)."""

    def release(self, table: uuid.UUID) -> None: ...

    def alive(self) -> bool:
        """Whether the claims this process holds still stand."""

    def notify(self, word: str) -> None:
        """Tell every process (this one too) the `word` of a change."""

    def listen(self, heard: Heard) -> None:
        """Call `heard(word)` for every change of a table, from any process, from now on."""

    def close(self) -> None: ...


class OneProcess:
    """Every table is this process's; `lock_path` (a SQLite file) is held with flock while it serves."""

    def __init__(self, lock_path: str | None = None) -> None:
        self._heard: Heard | None = None
        self._lock: int | None = None
        if lock_path is not None:
            descriptor = os.open(lock_path, os.O_RDONLY)
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(descriptor)
                raise StoreBusy(
                    f"another process serves {lock_path} already: a SQLite store is served by one process (stop"
                    " it, or serve a postgresql:// store to run several)"
                ) from None
            self._lock = descriptor

    def claim(self, table: uuid.UUID) -> bool:
        return True

    def release(self, table: uuid.UUID) -> None:
        pass

    def alive(self) -> bool:
        return True

    def notify(self, word: str) -> None:
        if self._heard is not None:
            self._heard(word)

    def listen(self, heard: Heard) -> None:
        self._heard = heard

    def close(self) -> None:
        self._heard = None
        if self._lock is not None:
            os.close(self._lock)  # closing the file lets the flock go
            self._lock = None


def coordination_for(db: str) -> Coordination:
    """How the processes over the store `db` (a `--db` value) share its tables."""
    if db.startswith(("postgresql://", "postgres://")):
        with needs_extra("postgres", "a postgresql:// store"):
            from meeplog.core.tables.postgres import PostgresCoordination
        return PostgresCoordination(db)
    return OneProcess(None if db == "memory" else db)
