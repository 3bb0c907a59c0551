"""The PostgreSQL side of core/tables/coordination.py, apart so that only a `postgresql://` store imports psycopg
(the `postgres` extra): advisory locks for who plays a table, LISTEN/NOTIFY for word that a table changed."""

from __future__ import annotations

import logging
import threading
import uuid

import psycopg

from meeplog.core.tables.coordination import CHANNEL, LISTEN_SECONDS, Heard

log = logging.getLogger(__name__)


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

    def notify(self, word: str) -> None:
        with self._sender_lock:
            try:
                self._sender.execute("SELECT pg_notify(%s, %s)", (CHANNEL, word))
            except psycopg.OperationalError:
                self._sender = psycopg.connect(self.url, autocommit=True)
                self._sender.execute("SELECT pg_notify(%s, %s)", (CHANNEL, word))

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
