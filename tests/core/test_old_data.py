"""Stores and replay files written by earlier versions stay readable (DESIGN.md section 10).

tests/fixtures/before-one-package/ was written by Meeplog as it was before its modules became one `meeplog`
package and before the deal was recorded (commit 97d030a): a SQLite store with three games played alone
(one with a model seat's exchanges), a two-game tournament, and three of those games exported as replay files.
Each must still list, log, verify, show, fork and import.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.tournament.plans import meeplog

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
