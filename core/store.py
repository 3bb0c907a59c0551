"""Where games are kept: an eventsourcing Application with our mapper and an orjson transcoder.

Persistence is chosen the library's way (PERSISTENCE_MODULE and friends) from a `--db` value:
`memory`, a SQLite file path (the default, meeplog.db), or a postgresql:// URL (the `postgres` extra).

A command that only reads opens the store read-only (`open_store(db, read_only=True)`): it creates nothing and
writes nothing, so a store on a read-only mount, or one the user may only read, can be listed, logged and led.
"""

from __future__ import annotations

import importlib
import os
import sqlite3
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache, cached_property
from itertools import chain
from pathlib import Path
from typing import Any, Protocol, runtime_checkable
from urllib.parse import quote, unquote, urlparse

import orjson
from eventsourcing.application import Application
from eventsourcing.persistence import Mapper, Notification, StoredEvent, Transcoder
from eventsourcing.sqlite import (
    SQLiteAggregateRecorder,
    SQLiteApplicationRecorder,
    SQLiteConnection,
    SQLiteConnectionPool,
    SQLiteCursor,
    SQLiteDatastore,
)

from meeplog.core import codec
from meeplog.core.audit import AUDIT_EVENTS, GameFinished, GameStarted, SeatForfeited
from meeplog.core.codec import Codec
from meeplog.core.extras import needs_extra
from meeplog.core.game import Game, Recorded
from meeplog.core.kernel import Rules
from meeplog.core.registry import game_names, load_rules
from meeplog.core.result_rows import are_results, has_result_rows, keep_result_rows, selection
from meeplog.core.rows import Row

DEFAULT_DB = "meeplog.db"


class StoreUnavailable(RuntimeError):
    """The database named by `--db` cannot be opened or reached; the message says which and how to fix it."""


class DamagedStore(StoreUnavailable):
    """A stored row that cannot be read back as an event: its bytes are no JSON, or no event of its game."""


def damaged(stored: StoredEvent, error: Exception) -> DamagedStore:
    """The one-line error of a row that cannot be read, naming the row."""
    return DamagedStore(
        f"the store is damaged: event {stored.originator_version} of {stored.originator_id} ({stored.topic})"
        f" cannot be read ({error}); restore the store from a backup"
    )


def stored_data(stored: StoredEvent) -> dict[str, Any]:
    """A row's JSON, read without the game's codec (the leaderboard's projection reads it so)."""
    try:
        data: dict[str, Any] = orjson.loads(stored.state)
    except orjson.JSONDecodeError as error:
        raise damaged(stored, error) from None
    return data


class GameNotFound(LookupError):
    pass


class OrjsonTranscoder(Transcoder):
    """Events (tagged dataclasses), datetimes and plain data to JSON bytes in one pass, and back to plain
    data; the mapper then turns that data into typed events with the game's codec."""

    def encode(self, obj: Any) -> bytes:
        return codec.dumps(obj)

    def decode(self, data: bytes) -> Any:
        return orjson.loads(data)


def game_codec(game: str) -> Codec:
    return _codec(load_rules(game))


@cache
def _codec(rules: Rules[Any, Any]) -> Codec:
    """Per rules object, so that a game known only for a while (meeplog.core.registry.known_game) is not kept."""
    return Codec(AUDIT_EVENTS + rules.events + rules.commands)


_OTHER_TOPICS: dict[str, Codec] = {}  # topic prefixes that name no game, with the codec of their events


def keep_topic(prefix: str, codec: Codec) -> None:
    """Let the store keep records other than games' (a tournament's) under `prefix`, where a game id would be.

    The module defining such records calls this when it is imported, so the store depends on no one.
    """
    _OTHER_TOPICS[prefix] = codec


def topic_codec(prefix: str) -> Codec:
    """The codec for a topic prefix: one kept with `keep_topic`, or a game's."""
    codec = _OTHER_TOPICS.get(prefix)
    return codec if codec is not None else game_codec(prefix)


def stored_event(recorded: Recorded) -> StoredEvent:
    """A recorded event as the store keeps it (what GameEventMapper maps it to)."""
    return StoredEvent(  # originator_id, originator_version, topic, state: by keyword, a third dearer to build
        recorded.originator_id,
        recorded.originator_version,
        f"{recorded.game}/{type(recorded.event).__name__}",
        codec.record(codec.record_start(recorded.timestamp), recorded.event),
    )


CHECKPOINT_PAGES = 10_000  # pages of write-ahead log (40 MB) before a commit copies them into the database


class NormalSyncPool(SQLiteConnectionPool):
    """The library's SQLite connections (WAL), with `synchronous=NORMAL` instead of SQLite's FULL, and a
    checkpoint every CHECKPOINT_PAGES pages of log instead of SQLite's 1,000.

    In WAL mode NORMAL syncs the log at checkpoints rather than at every commit: a commit survives the
    process being killed, and only a power loss or an OS crash may take back what was committed since the
    last checkpoint. Those are games of a tournament, which the next run plays again from their seeds (a
    model's answers are the exception, and they lose at most that stretch). A FULL commit cost more than a
    whole batch of games. A checkpoint syncs the log and the database file, and the commit that triggers it
    waits for both: at SQLite's default (4 MB, a hundred cheap games) the tournament workers that save their
    own games spent most of their saves waiting on it, and 2,000 heuristic Old Man games on 2 workers went
    at 490-690 games a second against 930-950 with 40 MB (same runs). The log file grows to about that size
    before each checkpoint, and shrinks when the last connection closes.
    """

    def _create_connection(self) -> SQLiteConnection:
        if self.read_only:
            self.is_journal_mode_wal = True  # the library would switch a store in another mode to WAL: a write
        connection = super()._create_connection()
        if not self.is_sqlite_memory_mode and not self.read_only:
            connection.cursor().execute("PRAGMA synchronous=NORMAL")
            connection.cursor().execute(f"PRAGMA wal_autocheckpoint={CHECKPOINT_PAGES}")
        return connection

    @property
    def read_only(self) -> bool:
        """Opened by `read_only_name`: the connections write nothing, not even the journal mode."""
        return "mode=ro" in self.db_name


def read_only_name(path: str) -> str:
    """The SQLite URI that opens `path` read-only (`mode=ro`).

    SQLite reads a WAL store (every store the library made) through its `-shm` file, and makes it and the `-wal`
    file when they are missing, as they are after the last writer closed: in a folder that cannot be written that
    is impossible, and the opening fails. There the store is opened `immutable=1`: nobody can be writing it, since
    a writer could not make its log either."""
    absolute = os.path.abspath(path)
    uri = f"file:{quote(absolute)}?mode=ro"
    folder = os.path.dirname(absolute)
    missing = not (os.path.exists(f"{absolute}-wal") and os.path.exists(f"{absolute}-shm"))
    if missing and not os.access(folder, os.W_OK):
        uri += "&immutable=1"
    return uri


# sqlite3 binds a str, an int, a float or a bytearray as it is, and asks any other value, bytes too, for an adapter:
# its table of adapters, then the protocol's `__adapt__` and the value's `__conform__`, the first a type's missing
# attribute whose AttributeError is made, message and all, and dropped. That cost about 3,000 instructions a row's
# state, 3% of a tournament worker's bot game (callgrind). With this entry, for the whole process, bytes are found
# in the table and `bytes.__bytes__` hands back the very object it is given: what is stored stays the same.
sqlite3.register_adapter(bytes, bytes.__bytes__)

ROWS_A_STATEMENT = 200  # rows one INSERT of encoded rows holds: 800 values, under SQLite's oldest limit of 999


class BatchedSQLiteRecorder(SQLiteApplicationRecorder):
    """Inserts a save's events in a few statements instead of one each, on NormalSyncPool's connections, and
    keeps the RESULT_KINDS records in a table of their own (core/result_rows.py).

    The library's application recorder inserts row by row to hand back every row's notification id; the
    store never reads them back from a save (`games` pages through notifications by row id), and a
    statement per event was a quarter of a SQLite save. Rows encoded elsewhere (`insert_rows`) go in
    ROWS_A_STATEMENT to an INSERT: a fifth cheaper than `executemany`'s statement a row (313 against 398 µs
    of CPU a heuristic Old Man game of 164 rows). The rows and their ids are the same.
    """

    def create_table(self) -> None:
        super().create_table()
        with self.datastore.transaction(commit=True) as cursor:
            keep_result_rows(cursor, self.events_table_name)

    @cached_property
    def has_result_rows(self) -> bool:
        """Whether the store has the results table: one opened read-only may be older than it, and cannot get it."""
        if not isinstance(self.datastore.pool, NormalSyncPool) or not self.datastore.pool.read_only:
            return True  # made by create_table when the store was opened
        with self.datastore.transaction(commit=False) as cursor:
            return has_result_rows(cursor, self.events_table_name)

    def select_notifications(self, start: int | None, limit: int, stop: int | None = None,
                             topics: Sequence[str] = (), *, inclusive_of_start: bool = True) -> Sequence[Notification]:
        """The library's selection; from the results table when every topic asked for is of RESULT_KINDS (the
        games listed, the leaderboard), instead of a scan of the whole log."""
        if not are_results(topics) or not self.has_result_rows:
            return super().select_notifications(start, limit, stop, topics, inclusive_of_start=inclusive_of_start)
        first = (start or 0) + (0 if inclusive_of_start else 1)
        with self.datastore.transaction(commit=False) as cursor:
            cursor.execute(*selection(self.events_table_name, first, stop, topics, limit))
            return [Notification(id=row["rowid"], originator_id=self.convert_originator_id(row["originator_id"]),
                                 originator_version=row["originator_version"], topic=row["topic"],
                                 state=row["state"]) for row in cursor.fetchall()]

    def __init__(self, datastore: SQLiteDatastore, events_table_name: str = "stored_events") -> None:
        pool = datastore.pool  # made by the library, not used yet
        datastore.pool = NormalSyncPool(db_name=pool.db_name, lock_timeout=pool.lock_timeout)
        pool.close()
        super().__init__(datastore, events_table_name)

    def _insert_events(self, c: SQLiteCursor, stored_events: Sequence[StoredEvent], **_: Any) -> None:
        SQLiteAggregateRecorder._insert_events(self, c, stored_events)  # the batched insert of the plain recorder

    def insert_rows(self, cursor: SQLiteCursor, rows: Sequence[Row]) -> None:
        """Insert encoded rows (`encoded`) in order, ROWS_A_STATEMENT to a statement."""
        whole = len(rows) - len(rows) % ROWS_A_STATEMENT
        if whole:
            many = f"INSERT INTO {self.events_table_name} VALUES {','.join(['(?,?,?,?)'] * ROWS_A_STATEMENT)}"
            for first in range(0, whole, ROWS_A_STATEMENT):
                cursor.execute(many, list(chain.from_iterable(rows[first:first + ROWS_A_STATEMENT])))
        cursor.executemany(self.insert_events_statement, rows[whole:])


@runtime_checkable
class CommitsWithoutWaiting(Protocol):
    """A recorder that can commit without waiting for the disk (core/postgres.py's)."""

    def insert_events_without_waiting(self, stored_events: Sequence[StoredEvent]) -> None: ...


class GameEventMapper(Mapper):
    """Maps our recorded envelopes to stored events; the topic `<game>/<EventType>` picks the codec.

    Records kept with `keep_topic` (a tournament's) carry their prefix where a game id would be, so they map
    the same way.
    """

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        if isinstance(domain_event, StoredEvent):  # encoded already, by the worker that played the game
            return domain_event
        return stored_event(domain_event)

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        game = stored_event.topic.partition("/")[0]
        try:
            data = self.transcoder.decode(stored_event.state)
            return Recorded(
                originator_id=uuid.UUID(str(stored_event.originator_id)),
                originator_version=stored_event.originator_version,
                timestamp=datetime.fromisoformat(data["timestamp"]),
                game=game,
                event=topic_codec(game).decode(data["event"]),
            )
        except (ValueError, KeyError, TypeError) as error:
            raise damaged(stored_event, error) from None


@dataclass(frozen=True)
class GameSummary:
    id: uuid.UUID
    game: str
    seats: tuple[str, ...]
    seed: int
    started: datetime
    finished: GameFinished | None
    forfeited: SeatForfeited | None = None


class GameStore(Application):
    """The event store of games. Construct it with `open_store`."""

    name = "meeplog"
    db = "memory"  # the `--db` value it was opened from (open_store), for processes that open it again

    def construct_transcoder(self) -> Transcoder:
        return OrjsonTranscoder()

    def construct_mapper(self) -> Mapper:
        return GameEventMapper(transcoder=self.construct_transcoder())

    def save_rows(self, rows: Sequence[Row], records: Sequence[Recorded] = (), *, wait_for_disk: bool = True) -> None:
        """Save rows encoded elsewhere (`encoded`) and other records (a tournament's) in one transaction.

        On SQLite the rows go to the events table as they are, a few statements for many games: a finished game's
        records cost the writer no object each. Elsewhere they become the library's stored events. `wait_for_disk=False`
        lets a PostgreSQL commit return before its log reaches the disk, for rows whose durability a later
        commit that waits makes sure of (core/tournament/own_writes.py)."""
        stored = [self.mapper.to_stored_event(record) for record in records]
        recorder = self.recorder
        if isinstance(recorder, BatchedSQLiteRecorder):
            with recorder.datastore.transaction(commit=True) as cursor:
                recorder.insert_rows(cursor, rows)
                recorder._insert_events(cursor, stored)
            return
        ids: dict[str, uuid.UUID] = {}  # a game's rows share one id: one UUID a game, not one a row
        events = [*(StoredEvent(ids.get(row[0]) or ids.setdefault(row[0], uuid.UUID(row[0])), *row[1:])
                    for row in rows), *stored]
        if not wait_for_disk and isinstance(recorder, CommitsWithoutWaiting):
            recorder.insert_events_without_waiting(events)
        else:
            recorder.insert_events(events)

    def holds(self, rows: Sequence[Row], records: Sequence[Any] = ()) -> bool:
        """Whether a save of `rows` and `records` (as `save_rows` takes them) is in the store as it is. One
        record answers for all, a transaction being whole: the last one, compared byte for byte."""
        if records:
            last = self.mapper.to_stored_event(records[-1])
        else:
            last = StoredEvent(uuid.UUID(rows[-1][0]), *rows[-1][1:])
        version = last.originator_version
        stored = self.recorder.select_events(last.originator_id, gt=version - 1, lte=version)
        return bool(stored) and (stored[0].topic, stored[0].state) == (last.topic, last.state)

    def history(self, game_id: uuid.UUID, upto: int | None = None) -> list[Recorded]:
        records = list(self.events.get(game_id, lte=upto))
        if not records:
            raise GameNotFound(f"no game {game_id} in this store; `meeplog list` shows the stored games")
        if not isinstance(records[0].event, GameStarted):  # another aggregate's id, a tournament's most likely
            raise GameNotFound(
                f"{game_id} is not a game's id (it holds a {type(records[0].event).__name__}); `meeplog list`"
                " shows the stored games, `meeplog tournament list` the tournaments"
            )
        return records

    def load(self, game_id: uuid.UUID) -> Game:
        return Game.rebuild(self.history(game_id))

    def games(self) -> Iterator[GameSummary]:
        """Every stored game, oldest first, with its result if it finished."""
        ends = ("GameStarted", "GameFinished", "SeatForfeited")
        topics = [f"{g}/{kind}" for g in game_names() for kind in ends]
        started: dict[uuid.UUID, GameSummary] = {}
        start = 1
        while batch := self.recorder.select_notifications(start=start, limit=500, topics=topics):
            for note in batch:
                recorded: Recorded = self.mapper.to_domain_event(note)
                event = recorded.event
                if isinstance(event, GameStarted):
                    started[recorded.originator_id] = GameSummary(
                        recorded.originator_id, event.game, event.seats, event.seed, recorded.timestamp, None
                    )
                elif recorded.originator_id in started:
                    summary = started[recorded.originator_id]
                    end = "forfeited" if isinstance(event, SeatForfeited) else "finished"
                    started[recorded.originator_id] = GameSummary(**{**summary.__dict__, end: event})
            start = batch[-1].id + 1
        yield from started.values()

    def resolve(self, prefix: str) -> uuid.UUID:
        """A game id from its full text or an unambiguous prefix, as `meeplog list` prints it."""
        try:
            return uuid.UUID(prefix)
        except ValueError:
            pass
        matches = [s.id for s in self.games() if str(s.id).startswith(prefix.lower())]
        if len(matches) != 1:
            found = "no stored game" if not matches else f"{len(matches)} stored games"
            raise GameNotFound(f"{found} with an id starting {prefix!r}; `meeplog list` shows the stored games")
        return matches[0]


def persistence_env(db: str, *, read_only: bool = False) -> dict[str, str]:
    """The eventsourcing settings for a `--db` value; `read_only` creates no table and writes nothing."""
    if db == "memory":
        return {"PERSISTENCE_MODULE": "eventsourcing.popo"}
    if db.startswith(("postgresql://", "postgres://")):
        url = urlparse(db)
        if not url.path.strip("/"):
            raise StoreUnavailable(f"{db!r} names no database; write postgresql://user@host:port/dbname")
        with needs_extra("postgres", "a postgresql:// store"):  # psycopg and the recorder, before anything connects
            importlib.import_module("meeplog.core.postgres")
        recorder = "ReadOnlyPostgresRecorder" if read_only else "SerialSchemaPostgresRecorder"
        return {
            **({"CREATE_TABLE": "no"} if read_only else {}),
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": url.path.strip("/"),
            "POSTGRES_HOST": url.hostname or "127.0.0.1",
            "POSTGRES_PORT": str(url.port or 5432),
            "POSTGRES_USER": unquote(url.username or "postgres"),
            "POSTGRES_PASSWORD": unquote(url.password or ""),
            "POSTGRES_CONNECT_TIMEOUT": "5",
            "POSTGRES_POOL_SIZE": "2",
            "APPLICATION_RECORDER_TOPIC": f"meeplog.core.postgres:{recorder}",
        }
    if "://" in db:
        raise StoreUnavailable(f"unsupported database {db!r}; use memory, a SQLite file path or postgresql://...")
    path = Path(db)
    sqlite = {"PERSISTENCE_MODULE": "eventsourcing.sqlite",
              "APPLICATION_RECORDER_TOPIC": f"{__name__}:{BatchedSQLiteRecorder.__name__}"}
    if read_only:
        if not path.exists():  # reads as an empty store, as it did when opening made the file; none is made
            return persistence_env("memory")
        return {**sqlite, "SQLITE_DBNAME": read_only_name(db), "CREATE_TABLE": "no"}
    if not path.parent.exists():
        raise StoreUnavailable(f"cannot create {db!r}: folder {str(path.parent)!r} does not exist")
    return {**sqlite, "SQLITE_DBNAME": str(path)}


def open_store(db: str = DEFAULT_DB, *, read_only: bool = False) -> GameStore:
    """The store a `--db` value names; `read_only` for the commands that only read it (it must exist then)."""
    env = persistence_env(db, read_only=read_only)
    try:
        store = GameStore(env=env)
    except Exception as error:  # the library raises its own and the drivers' errors
        if "://" in db:
            where = f"PostgreSQL at {env['POSTGRES_HOST']}:{env['POSTGRES_PORT']}/{env['POSTGRES_DBNAME']}"
            hint = "check the URL and that the server is running"
        elif read_only:
            where, hint = repr(db), "check that it is a Meeplog SQLite database you may read"
        else:
            where, hint = repr(db), "check that it is a Meeplog SQLite database you may write"
        raise StoreUnavailable(f"cannot open the store ({where}): {_first_line(error)}; {hint}") from error
    store.db = db
    return store


def _first_line(error: Exception) -> str:
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0]
