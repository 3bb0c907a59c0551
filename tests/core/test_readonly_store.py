"""Read-only reading and the lean core (issue 50, DESIGN.md section 11).

Every command that only reads opens the store read-only, so a store on a read-only mount, or one the user may only
read, can be listed, logged, shown, exported, verified and led. The tests run as root in CI, where chmod stops no
write: there the store's folder and file are also reported unwritable to the process (`os.access`, what the kernel
answers any other user), and what shows a write is the folder itself: the store's bytes, its modification time and
the files beside it (a write makes the write-ahead log) must be as they were.

A base install has no psycopg (the `postgres` extra): every command on a SQLite store runs without it, and a
postgresql:// store says in one line which extra to install.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from eventsourcing.persistence import PersistenceError
from eventsourcing.sqlite import SQLiteConnection
from typer.testing import CliRunner

from meeplog.core import statuses
from meeplog.core.cli import app
from meeplog.core.extras import MissingExtra
from meeplog.core.store import NormalSyncPool, open_store, read_only_name
from tests.stores import postgres_database

OLD_STORE = Path(__file__).parents[1] / "fixtures" / "before-one-package" / "store.db"
THREE_RANDOM = ("-p", "random") * 3


def meeplog(*args: str | Path) -> tuple[int, str]:
    result = CliRunner().invoke(app, [str(arg) for arg in args])
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output


def folder_state(folder: Path) -> dict[str, tuple[int, int, bytes]]:
    """Every file of `folder`: its modification time (ns), size and bytes."""
    return {path.name: (path.stat().st_mtime_ns, path.stat().st_size, path.read_bytes())
            for path in sorted(folder.iterdir())}


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store made by a short tournament, closed (no write-ahead log left beside it)."""
    db = tmp_path_factory.mktemp("made") / "games.db"
    status, output = meeplog("tournament", "run", "forest", *THREE_RANDOM, "--games", "3", "--db", db,
                             "--out", db.parent / "results")
    assert status == statuses.DONE, output
    shutil.rmtree(db.parent / "results")
    return db


@pytest.fixture
def read_only_store(made: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the store in a folder made read-only, and reported so to this process even as root."""
    folder = tmp_path / "mount"
    folder.mkdir()
    db = folder / "games.db"
    shutil.copy(made, db)
    db.chmod(0o444)
    folder.chmod(0o555)
    real_access = os.access

    def access(path: str | os.PathLike[str], mode: int, **kwargs: object) -> bool:
        if mode & os.W_OK and Path(path).absolute().is_relative_to(folder):
            return False
        return real_access(path, mode, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "access", access)
    try:
        yield db
    finally:
        folder.chmod(0o755)


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The SQLite names of the store connections made from now on (a read-only one says `mode=ro`)."""
    names: list[str] = []
    create = NormalSyncPool._create_connection

    def recorded(pool: NormalSyncPool) -> SQLiteConnection:
        names.append(pool.db_name)
        return create(pool)

    monkeypatch.setattr(NormalSyncPool, "_create_connection", recorded)
    return names


def game_ids(db: Path) -> list[str]:
    return [str(summary.id) for summary in open_store(str(db), read_only=True).games()]


def test_a_read_only_store_is_listed_logged_shown_exported_verified_and_led_without_a_write(read_only_store, opened,
                                                                                             tmp_path):
    before = folder_state(read_only_store.parent)
    first = game_ids(read_only_store)[0]
    status, listed = meeplog("list", "--db", read_only_store)
    assert status == statuses.DONE, listed
    assert listed.count("forest") == 3
    for command in (("log", first), ("leaderboard",), ("tournament", "list"), ("replay", "show", first, "--step", "3"),
                    ("replay", "verify", "--all"), ("replay", "export", first, "-o", tmp_path / "game.jsonl")):
        status, output = meeplog(*command, "--db", read_only_store)
        assert status == statuses.DONE, (command, output)
    assert (tmp_path / "game.jsonl").read_bytes().count(b"\n") > 100
    assert folder_state(read_only_store.parent) == before
    assert len(opened) >= 7
    assert all(name.endswith("?mode=ro&immutable=1") for name in opened), opened


def test_a_read_only_opening_refuses_a_write_even_where_the_file_could_be_written(made, tmp_path):
    """What the commands open is a `mode=ro` connection: SQLite itself refuses the write, as root too."""
    db = tmp_path / "writable.db"
    shutil.copy(made, db)
    store = open_store(str(db), read_only=True)
    assert "mode=ro" in store.recorder.datastore.pool.db_name
    with pytest.raises(PersistenceError, match="readonly"), store.recorder.datastore.transaction(commit=True) as cursor:
        cursor.execute("DELETE FROM stored_events")
    assert len(game_ids(db)) == 3


def test_a_folder_that_cannot_be_written_opens_the_store_immutable(made, tmp_path, monkeypatch):
    """SQLite cannot make a WAL store's -shm there, so it reads the file as it is."""
    assert read_only_name(str(made)).endswith("?mode=ro")
    monkeypatch.setattr(os, "access", lambda path, mode: not mode & os.W_OK)
    assert read_only_name(str(made)).endswith("?mode=ro&immutable=1")


def test_an_old_store_is_read_in_place_without_its_results_table(tmp_path):
    """The fixture predates the results table (core/result_rows.py), which a read-only opening cannot add: the games are
    found by a scan instead, and the file is left as it was."""
    folder = tmp_path / "old"
    folder.mkdir()
    shutil.copy(OLD_STORE, folder / "store.db")
    before = folder_state(folder)
    store = open_store(str(folder / "store.db"), read_only=True)
    assert not store.recorder.has_result_rows
    status, listed = meeplog("list", "--db", folder / "store.db")
    assert status == statuses.DONE, listed
    assert listed.count("winner: seat") == 5
    assert meeplog("tournament", "show", "3eb22aa7", "--db", folder / "store.db")[0] == statuses.DONE
    assert folder_state(folder)["store.db"] == before["store.db"]


def test_reading_a_store_that_is_not_there_creates_none(tmp_path):
    status, output = meeplog("list", "--db", tmp_path / "missing.db")
    assert status == statuses.DONE, output
    assert meeplog("log", "0123abcd", "--db", tmp_path / "missing.db") == (
        statuses.BAD_INPUT, "error: no stored game with an id starting '0123abcd'; `meeplog list` shows the stored"
                            " games\n")
    assert not (tmp_path / "missing.db").exists()


def test_a_read_only_postgresql_store_reads_and_refuses_writes():
    with postgres_database() as url:
        store = open_store(url)
        assert meeplog("play", "forest", *THREE_RANDOM, "--seed", "1", "-q", "--db", url)[0] == statuses.DONE
        store.close()
        reader = open_store(url, read_only=True)
        try:
            assert len(list(reader.games())) == 1
            with pytest.raises(PersistenceError, match="read-only"), \
                    reader.recorder.datastore.transaction(commit=True) as cursor:
                cursor.execute("DELETE FROM meeplog_events")
        finally:
            reader.close()
        status, listed = meeplog("list", "--db", url)
        assert status == statuses.DONE, listed


WITHOUT_PSYCOPG = """
import sys
sys.modules["psycopg"] = None  # what a base install has: no module named psycopg
from meeplog.core.cli import main
sys.argv = ["meeplog", *sys.argv[1:]]
try:
    main()
finally:
    assert "psycopg" not in {name.partition(".")[0] for name, module in sys.modules.items() if module is not None}
"""


def without_psycopg(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", WITHOUT_PSYCOPG, *map(str, args)], capture_output=True, text=True,
                          timeout=300, check=False, cwd=cwd)


def test_a_base_install_plays_and_reads_a_sqlite_store_without_psycopg(tmp_path):
    db = tmp_path / "games.db"
    for command in (("tournament", "run", "forest", *THREE_RANDOM, "--games", "2", "--db", db), ("list", "--db", db),
                    ("leaderboard", "--db", db)):
        done = without_psycopg(*command, cwd=tmp_path)
        assert done.returncode == statuses.DONE, done.stdout[-2000:] + done.stderr[-2000:]


def test_a_postgresql_store_without_psycopg_names_the_extra(tmp_path):
    done = without_psycopg("list", "--db", "postgresql://postgres@127.0.0.1:5432/meeplog", cwd=tmp_path)
    assert done.returncode == statuses.BAD_INPUT
    assert "pip install 'meeplog[postgres]'" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_the_tables_of_a_postgresql_store_without_psycopg_name_the_extra(monkeypatch):
    from meeplog.core.tables.coordination import coordination_for

    monkeypatch.setitem(sys.modules, "psycopg", None)
    monkeypatch.delitem(sys.modules, "meeplog.core.tables.postgres", raising=False)
    with pytest.raises(MissingExtra, match=r"pip install 'meeplog\[postgres\]'"):
        coordination_for("postgresql://postgres@127.0.0.1:5432/meeplog")
