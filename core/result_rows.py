"""A SQLite store's result records kept apart: a table of their own, in log order, filled by a trigger.

The projections over every game (the leaderboard, the games listed) read only the RESULT_KINDS records, under one
percent of a store's rows. A partial index found them without a scan of the log, but each record was then read
from its own page of the log: for 100,000 games, 200,000 pages scattered over 6.5 GB, 15 s from a cold page cache
against the leaderboard's 10-s budget (docs/performance.md). A trigger copies each such record as it is inserted
into `<events>_result_rows`, keyed by its notification id (the log's rowid): for those games 260,000 records,
100 MB, read in order.

A store made before the table gets it the first time it is opened for writing: the table, the trigger and the
copy of every result record already stored (through the partial index where the store has it, which then goes),
all in one transaction. A store opened read-only cannot get it, and is read by a scan of its log.
"""

from __future__ import annotations

from collections.abc import Sequence

from eventsourcing.sqlite import SQLiteCursor

RESULT_KINDS = ("GameStarted", "GameFinished", "SeatForfeited", "PlayerFellBack")
"""The records that say who played a game, how it ended and where a fallback moved: all that projections over
every game (the leaderboard) read."""


def _is_result(topic: str) -> str:
    """The SQL condition on a topic column: GLOB, a fifth of an insert's cost where substr/instr doubled it. It
    holds other Game[SF]* kinds too (GameFailed), which the selection's topic filter leaves out."""
    return f"({topic} GLOB '*/Game[SF]*' OR {topic} GLOB '*/SeatForfeited' OR {topic} GLOB '*/PlayerFellBack')"


def table_name(events: str) -> str:
    return f"{events}_result_rows"


def _trigger_name(events: str) -> str:
    return f"{events}_keep_results"


def _old_index_name(events: str) -> str:
    """The partial index of the result records that stores made from 2026-11-26 to 2026-11-29 hold."""
    return f"{events}_results"


def keep_result_rows(cursor: SQLiteCursor, events: str) -> None:
    """Give the store the results table and its trigger, filled from the log, unless it has them.

    This must be the first thing done in the transaction `cursor` began: its first statement creates the table
    if it is missing, a write, so it waits for other writers (a transaction that read first would fail on their
    commit instead); two processes opening an old store at once copy its results once."""
    table, trigger = table_name(events), _trigger_name(events)
    cursor.execute(
        f"CREATE TABLE IF NOT EXISTS {table} (notification_id INTEGER PRIMARY KEY, originator_id TEXT,"
        " originator_version INTEGER, topic TEXT, state BLOB)"
    )
    if _exists(cursor, "trigger", trigger):
        return
    cursor.execute(
        f"CREATE TRIGGER {trigger} AFTER INSERT ON {events} WHEN {_is_result('NEW.topic')} BEGIN"
        f" INSERT INTO {table} VALUES (NEW.rowid, NEW.originator_id, NEW.originator_version, NEW.topic, NEW.state);"
        " END"
    )
    old_index = _old_index_name(events)
    if _exists(cursor, "index", old_index):  # its key is the same for every row: its rows come in rowid order
        found = f"{events} INDEXED BY {old_index} WHERE substr(topic, 1, 0) = '' AND {_is_result('topic')}"
    else:
        found = f"{events} WHERE {_is_result('topic')}"
    cursor.execute(f"INSERT OR IGNORE INTO {table} SELECT rowid, * FROM {found}")
    cursor.execute(f"DROP INDEX IF EXISTS {old_index}")


def has_result_rows(cursor: SQLiteCursor, events: str) -> bool:
    return _exists(cursor, "table", table_name(events))


def _exists(cursor: SQLiteCursor, kind: str, name: str) -> bool:
    cursor.execute("SELECT 1 FROM sqlite_master WHERE type = ? AND name = ?", (kind, name))
    return cursor.fetchone() is not None


def are_results(topics: Sequence[str]) -> bool:
    """Whether every topic asked for (`<game>/<EventType>`) is of RESULT_KINDS, so the results table answers."""
    return bool(topics) and all(topic.rpartition("/")[2] in RESULT_KINDS for topic in topics)


def selection(events: str, first: int, stop: int | None, topics: Sequence[str], limit: int) -> tuple[str, list[object]]:
    """The statement and parameters that select from the results table as the library selects notifications from
    the log: ids from `first` to `stop`, of `topics`, in order, at most `limit`."""
    statement = (
        f"SELECT notification_id AS rowid, originator_id, originator_version, topic, state FROM {table_name(events)}"
        f" WHERE notification_id >= ?{' AND notification_id <= ?' if stop is not None else ''}"
        f" AND topic IN ({','.join('?' * len(topics))}) ORDER BY notification_id LIMIT ?"
    )
    return statement, [first, *([stop] if stop is not None else []), *topics, limit]
