"""The PostgreSQL recorder of the store (core/store.py names it by topic, so only a PostgreSQL store imports it).

Every process that opens a store creates its tables, types and insert function if they are missing, and
replaces the function in any case. PostgreSQL refuses two sessions doing that at once ("tuple concurrently
updated", or a duplicate key in pg_type for a type created twice), so two commands opening one database at
the same moment (a tournament and a viewer, or `meeplog tournament status` polling a starting tournament)
failed one of them. Here they take turns.

It also commits without waiting for the disk when asked: a tournament's worker saving the game it played,
whose durability the tournament's own commit of the game's result makes sure of (core/tournament/own_writes.py).

A command that only reads uses ReadOnlyPostgresRecorder: every transaction of its connections is read-only.

psycopg is the `postgres` extra: core/store.py imports this module only for a postgresql:// store.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from functools import cached_property
from typing import Any

from eventsourcing.persistence import StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore
from psycopg import Cursor
from psycopg.errors import DuplicateObject
from psycopg.rows import DictRow
from psycopg.sql import SQL, Composed, Identifier


class SerialSchemaPostgresRecorder(PostgresApplicationRecorder):
    """The library's application recorder, whose schema is made by one opener at a time."""

    def create_table(self) -> None:
        """The library's steps in one transaction that first takes a lock for this events table (released
        at commit); a type that exists already is skipped inside a savepoint, as the library skips it in a
        transaction of its own."""
        with self.datastore.transaction(commit=True) as curs:
            curs.execute(SQL("SELECT pg_advisory_xact_lock(hashtext(%s))"),
                         (f"meeplog schema {self.datastore.schema}.{self.events_table_name}",))
            for statement in self.sql_create_statements:
                if "CREATE TYPE" in statement.as_string():
                    with contextlib.suppress(DuplicateObject), curs.connection.transaction():
                        curs.execute(statement, prepare=False)
            self._create_table(curs)
        self.datastore.register_type_adapters()

    def insert_events_without_waiting(self, stored_events: Sequence[StoredEvent]) -> None:
        """The library's insert (pipelined, the table locked so that notifications keep their commit order),
        in a transaction whose commit does not wait for the disk."""
        self.insert_events(stored_events, without_waiting=True)

    def _insert_events(self, curs: Cursor[DictRow], stored_events: Sequence[StoredEvent], *,
                       without_waiting: bool = False, **kwargs: Any) -> None:
        """The library's hook at the start of an insert's transaction: `synchronous_commit` off for it alone."""
        if without_waiting:
            curs.execute(SQL("SET LOCAL synchronous_commit TO OFF"))
        super()._insert_events(curs, stored_events, **kwargs)

    def _insert_stored_events(self, curs: Cursor[DictRow], stored_events: Sequence[StoredEvent], **_: Any) -> None:
        """The library's insert (table locked, channel notified, notification ids returned), with the events
        sent as four arrays of plain values instead of one array of a composite type: psycopg adapts plain
        arrays in C, and a composite one in Python (75 µs a row, most of a worker's save of a game)."""
        self._lock_table(curs)
        self._notify_channel(curs)
        columns = (
            [event.originator_id for event in stored_events],
            [event.originator_version for event in stored_events],
            [event.topic for event in stored_events],
            [event.state for event in stored_events],
        )
        curs.execute(self._insert_columns, columns, prepare=True)

    @cached_property
    def _insert_columns(self) -> Composed:
        return SQL(
            "INSERT INTO {schema}.{table} (originator_id, originator_version, topic, state)"
            " SELECT * FROM unnest(%s::{id_type}[], %s::bigint[], %s::text[], %s::bytea[])"
            " RETURNING notification_id"
        ).format(
            schema=Identifier(self.datastore.schema),
            table=Identifier(self.events_table_name),
            id_type=SQL(self.datastore.originator_id_type),
        )


class ReadOnlyPostgresRecorder(SerialSchemaPostgresRecorder):
    """The recorder of a command that only reads: its connections open every transaction read-only
    (`default_transaction_read_only`), so PostgreSQL refuses any write, and it creates no schema (the store
    opens it with CREATE_TABLE off)."""

    def __init__(self, datastore: PostgresDatastore, **kwargs: Any) -> None:
        kwargs_of_connections = datastore.pool.kwargs
        assert isinstance(kwargs_of_connections, dict)  # the library's pool, not opened yet: no connection made
        kwargs_of_connections["options"] = "-c default_transaction_read_only=on"
        super().__init__(datastore, **kwargs)
