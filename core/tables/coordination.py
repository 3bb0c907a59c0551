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
  that: the word goes straight to its own listener.
"""

from __future__ import annotations

import fcntl
import logging
import os
import threading
import uuid
from collections.abc import Callable
from typing import Protocol

import psycopg

from meeplog.core.store import StoreUnavailable

log = logging.getLogger(__name__)

CHANNEL = "meeplog_tables"
LISTEN_SECONDS = 1.0  # how long the listener waits for a notification before it looks whether to stop

Heard = Callable[[str], None]


class StoreBusy(StoreUnavailable):
    """The store is served by another process already, and it can be served by only one."""


class Coordination(Protocol):
    def claim(self, table: uuid.UUID) -> bool:
        """Whether this process now owns `table` (it did already, or nobody did)."""

    def release(self, table: uuid.UUID) -> None: ...

    def alive(self) -> bool:
        """Whether the claims this process holds still stand."""

    def notify(self, game_id: str) -> None: ...

    def listen(self, heard: Heard) -> None:
        """Call `heard(game_id)` for every change of a table, from any process, from now on."""

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

    def notify(self, game_id: str) -> None:
        if self._heard is not None:
            self._heard(game_id)

    def listen(self, heard: Heard) -> None:
        self._heard = heard

    def close(self) -> None:
        self._heard = None
        if self._lock is not None:
            os.close(self._lock)  # closing the file lets the flock go
            self._lock = None


class PostgresCoordination:
    """Advisory locks for ownership and LISTEN/NOTIFY for word of changes, on three connections of this process's
    own (claims, sending, listening), apart from the store's pool."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._claims = psycopg.connect(url, autocommit=True)
        self._sender = psycopg.connect(url, autocommit=True)
        self._claims_lock = threading.Lock()
        self._sender_lock = threading.Lock()
        self._owned: set[uuid.UUID] = set()
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None

    def claim(self, table: uuid.UUID) -> bool:
        if table in self._owned:
            return True
        with self._claims_lock:
            row = self._claims.execute("SELECT pg_try_advisory_lock(%s)", (_key(table),)).fetchone()
        if row is not None and row[0]:
            self._owned.add(table)
            return True
        return False

    def release(self, table: uuid.UUID) -> None:
        if table in self._owned:
            self._owned.discard(table)
            with self._claims_lock:
                self._claims.execute("SELECT pg_advisory_unlock(%s)", (_key(table),))

    def alive(self) -> bool:
        """Whether the claims connection still answers; when it does not, its locks are gone: this process owns
        nothing any more, and a new connection claims afresh."""
        try:
            with self._claims_lock:
                self._claims.execute("SELECT 1")
            return True
        except psycopg.Error:
            self._owned.clear()
            with self._claims_lock:
                self._claims.close()
                try:
                    self._claims = psycopg.connect(self.url, autocommit=True)
                except psycopg.Error as error:
                    log.warning("the tables' claims connection is down: %s", error)
            return False

    def notify(self, game_id: str) -> None:
        with self._sender_lock:
            try:
                self._sender.execute("SELECT pg_notify(%s, %s)", (CHANNEL, game_id))
            except psycopg.OperationalError:
                self._sender = psycopg.connect(self.url, autocommit=True)
                self._sender.execute("SELECT pg_notify(%s, %s)", (CHANNEL, game_id))

    def listen(self, heard: Heard) -> None:
        self._listener = threading.Thread(target=self._listen, args=(heard,), name="tables listener", daemon=True)
        self._listener.start()

    def _listen(self, heard: Heard) -> None:
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    while not self._stop.is_set():
                        for note in connection.notifies(timeout=LISTEN_SECONDS):
                            heard(note.payload)
            except psycopg.Error as error:  # the server restarted or the network dropped: listen again
                log.warning("the tables' listener lost its connection: %s", error)
                self._stop.wait(LISTEN_SECONDS)

    def close(self) -> None:
        self._stop.set()
        if self._listener is not None:
            self._listener.join(LISTEN_SECONDS * 3)
        for connection in (self._claims, self._sender):
            connection.close()


def _key(table: uuid.UUID) -> int:
    """The advisory lock's key: the table id's first 64 bits, signed as PostgreSQL's bigint is."""
    return int.from_bytes(table.bytes[:8], "big", signed=True)


def coordination_for(db: str) -> Coordination:
    """How the processes over the store `db` (a `--db` value) share its tables."""
    if db.startswith(("postgresql://", "postgres://")):
        return PostgresCoordination(db)
    return OneProcess(None if db == "memory" else db)
