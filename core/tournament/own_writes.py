"""Many writers: workers (local processes, or Ray tasks on PostgreSQL) save the games they play themselves.

The tournament's process then writes only the tournament's own events (games scheduled, recorded, the end),
so the writing grows with the workers and nodes instead of stopping at what one process can insert, and a
game's rows never travel to it. On PostgreSQL every worker does so, Ray tasks included. A SQLite file takes
one writer at a time, but a transaction holds it for a fraction of a millisecond a game while the game took
more to play, so the workers on this machine take turns with it (a worker finding it busy waits its turn,
the library's lock timeout, then `patiently`). Ray tasks on other machines could not reach the file: there
the tournament's process stays the writer. The memory store lives in one process and keeps it too.

A worker saves the games it was handed together (core/tournament/chunks.py), in one transaction, before it
hands back their results; the tournament records a result after that, so a recorded result never names a
game the store lacks. A game stored by a run that died before recording its result, or by a worker killed
after its commit, is met again when the next attempt plays it from its seeds: the store refuses the second
copy, and the stored one, the same game, is the one whose result is recorded. So each game is stored once,
whatever dies when.

On PostgreSQL the worker's commit does not wait for the disk (`synchronous_commit` off for that transaction):
the tournament's commit of the results does, and PostgreSQL writes its log in order, so when a result is safe
on disk, so is its game. SQLite's write-ahead log is in order too (core/store.py's NormalSyncPool says what
its commits risk). A crash of the machine can take back games whose results were not recorded yet, which the
next run plays again.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from eventsourcing.persistence import IntegrityError

from meeplog.core.game import Recorded
from meeplog.core.store import GameStore, Row, open_store
from meeplog.core.tournament.patience import patiently

_stores: dict[str, GameStore] = {}  # this process's connection to each store, kept from game to game


def writes_own_games(db: str, *, on_this_machine: bool = True) -> bool:
    """Whether workers save their own games in the store `db` (a `--db` value): PostgreSQL's stores, and a
    SQLite file when the workers run `on_this_machine` (the local pool, not a Ray cluster)."""
    if db.startswith(("postgresql://", "postgres://")):
        return True
    return on_this_machine and db != "memory"


def save_games(db: str, games: Sequence[Sequence[Row]]) -> list[Sequence[Recorded] | None]:
    """Save finished games' rows in the store `db` in one transaction, waiting out an outage; for each game
    None, or its stored log if an earlier attempt saved it already (then that log, not this one, is the game)."""
    store = _stores.get(db) or _stores.setdefault(db, open_store(db))
    try:
        patiently(lambda: store.save_rows([row for rows in games for row in rows], wait_for_disk=False))
    except IntegrityError:  # one of them at least was stored by an attempt that died: find which, game by game
        if len(games) == 1:
            return [store.history(uuid.UUID(games[0][0][0]))]
        return [stored for rows in games for stored in save_games(db, [rows])]
    return [None] * len(games)
