"""Many writers: on PostgreSQL, each worker (a local process or a Ray task) saves the games it plays.

The tournament's process then writes only the tournament's own events (games scheduled, recorded, the end),
so the writing grows with the workers and nodes instead of stopping at what one process can insert. SQLite
keeps one writer: its file takes one writer at a time, and the tournament's group commit is its fast path.

A game's rows go to the store in one transaction of its worker, before the worker hands back the result;
the tournament records the result after that, so a recorded result never names a game the store lacks. A
game stored by a run that died before recording its result, or by a worker killed after its commit, is met
again when the next attempt plays it from its seeds: the store refuses the second copy, and the stored one,
the same game, is the one whose result is recorded. So each game is stored once, whatever dies when.

The worker's commit does not wait for the disk (`synchronous_commit` off for that transaction): the
tournament's commit of the result does, and PostgreSQL writes its log in order, so when a result is safe on
disk, so is its game. A server crash can take back games whose results were not recorded yet, which the
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


def writes_own_games(db: str) -> bool:
    """Whether workers save their own games in the store `db` (a `--db` value): PostgreSQL's stores."""
    return db.startswith(("postgresql://", "postgres://"))


def save_game(db: str, rows: Sequence[Row]) -> Sequence[Recorded] | None:
    """Save a finished game's rows in the store `db`, waiting out an outage; None, or the game's stored log
    if an earlier attempt saved it already (then that log, not this one, is the game)."""
    store = _stores.get(db) or _stores.setdefault(db, open_store(db))
    try:
        patiently(lambda: store.save_rows(rows, wait_for_disk=False))  # nobody watches a worker: silent
    except IntegrityError:
        return store.history(uuid.UUID(rows[0][0]))
    return None
