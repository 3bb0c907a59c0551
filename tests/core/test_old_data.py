"""Stores and replay files written by earlier versions stay readable (DESIGN.md section 10).

tests/fixtures/before-one-package/ was written by Meeplog as it was before its modules became one `meeplog`
package and before the deal was recorded (commit 97d030a): a SQLite store with three games played alone
(one with a model seat's exchanges), a two-game tournament, and three of those games exported as replay files.
Each must still list, log, verify, show, fork and import. tests/fixtures/before-tables/ holds games played at the
server's tables before a table was stored (its README.md says which).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import httpx
import pytest

from tests.tournament.plans import meeplog
from tests.viewer.servers import Server

OLD = Path(__file__).parent.parent / "fixtures" / "before-one-package"
REPLAYS = sorted(OLD.glob("*.jsonl"))


@pytest.fixture
def old_store(tmp_path: Path) -> str:
    """A copy of the old store: opening a SQLite store may write to it."""
    copy = tmp_path / "old.db"
    shutil.copy(OLD / "store.db", copy)
    return str(copy)


def test_an_old_store_lists_logs_and_shows_its_games_and_tournament(old_store):
    listed = meeplog("list", "--db", old_store)
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.count("winner: seat") == 5
    for game in ("b44da270", "16d88520", "550438cc"):
        logged = meeplog("log", game, "--db", old_store)
        assert logged.returncode == 0, logged.stderr
        assert "game over:" in logged.stdout
    assert "asked mock: answered" in meeplog("log", "550438cc", "--db", old_store).stdout
    shown = meeplog("tournament", "show", "3eb22aa7", "--db", old_store)
    assert shown.returncode == 0, shown.stderr
    assert "2/2 games recorded, 2 rated" in shown.stdout


@pytest.mark.parametrize("replay", REPLAYS, ids=[path.stem for path in REPLAYS])
def test_an_old_replay_file_verifies_shows_forks_and_imports(replay, tmp_path):
    verified = meeplog("replay", "verify", str(replay))
    assert verified.returncode == 0, verified.stdout + verified.stderr
    shown = meeplog("replay", "show", str(replay), "--step", "5", "--as", "1")
    assert shown.returncode == 0, shown.stderr
    players = ["-p", "random"] * (4 if replay.stem == "donkey" else 3)
    forked = meeplog("replay", "fork", str(replay), "--at", "5", *players, "--db", str(tmp_path / "forks.db"))
    assert forked.returncode == 0, forked.stderr
    imported = meeplog("replay", "import", str(replay), "--db", str(tmp_path / "imported.db"))
    assert imported.returncode == 0, imported.stderr


def test_games_played_at_the_tables_before_they_were_stored_still_list_show_and_verify(tmp_path):
    """tests/fixtures/before-tables/: a finished and an unfinished table game of the in-memory tables."""
    copy = tmp_path / "old-tables.db"
    shutil.copy(OLD.parent / "before-tables" / "store.db", copy)
    db = str(copy)
    listed = meeplog("list", "--db", db)
    assert listed.returncode == 0, listed.stderr
    assert "eb1091e8" in listed.stdout and "54d06db8" in listed.stdout
    for game in ("eb1091e8", "54d06db8"):
        assert meeplog("replay", "verify", game, "--db", db).returncode == 0
        shown = meeplog("replay", "show", game, "--db", db, "--step", "2", "--as", "0")
        assert shown.returncode == 0, shown.stderr


def test_a_server_opens_a_store_from_before_the_tables_and_shows_its_table_games(tmp_path):
    copy = tmp_path / "old-tables.db"
    shutil.copy(OLD.parent / "before-tables" / "store.db", copy)
    with Server(str(copy)) as server:
        for game in ("eb1091e8-fd9f-4761-8015-56f10cb74094", "54d06db8-502d-4b27-986c-b327304a690b"):
            assert httpx.get(f"{server.url}/games/{game}", timeout=30).status_code == 200
        lobby = httpx.get(f"{server.url}/lobby", timeout=30)
        assert lobby.status_code == 200 and "Being played here" not in lobby.text  # nothing of its table was kept
