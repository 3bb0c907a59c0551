"""Stores for tests: memory, a SQLite file, and a throwaway database on the real PostgreSQL server."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg

from meeplog.core.store import GameStore, open_store

POSTGRES_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"


@contextmanager
def postgres_database() -> Iterator[str]:
    """A fresh database for one test, dropped afterwards; its URL."""
    name = f"meeplog_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgresql://postgres@127.0.0.1:5432/{name}"
    finally:
        with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def store_of_kind(kind: str, tmp_path) -> Iterator[GameStore]:
    if kind == "memory":
        yield open_store("memory")
    elif kind == "sqlite":
        yield open_store(str(tmp_path / "games.db"))
    else:
        with postgres_database() as url:
            store = open_store(url)
            try:
                yield store
            finally:
                store.close()
