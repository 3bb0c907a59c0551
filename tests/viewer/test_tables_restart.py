"""Tables outlive their server (DESIGN.md section 11): a Forest table with a person and two heuristics, started
through /api/tables, keeps its seat link, its debugger's lock and its bots across a stop and a start of `meeplog
serve` on the same store, and the person plays it to its end through the same API; `meeplog serve` makes a store
that does not exist yet; a SQLite store is served by one process, and asking for more says so in one line."""

from __future__ import annotations

import signal
import uuid

import httpx
import pytest

from meeplog.core.audit import CommandAccepted, GameFinished
from meeplog.core.store import open_store
from tests.tournament.plans import meeplog
from tests.viewer.servers import Server, asked, send, start_table, token_of


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL])
def test_a_table_goes_on_after_its_server_stops_and_starts_again(tmp_path, how):
    db = tmp_path / "new" / "tables.db"
    db.parent.mkdir()
    server = Server(str(db)).start()
    try:
        assert server.lines[0] == f"no store at {db}: created a new one at {db}"
        started = start_table(server, "forest", ["person:name=Ada", "heuristic", "heuristic"], seed=4)
        game_id, link = started["game_id"], started["seats"][0]["link"]
        token = token_of(link)
        assert started["seats"][0]["player"] == "Ada=person"
        version = -1
        for _ in range(2):
            sheet = asked(server, game_id, 0, token, version)
            assert send(server, game_id, 0, token, sheet).status_code == 202
            version = sheet["version"]
    finally:
        server.stop(how)
    with Server(str(db)) as again:
        assert httpx.get(link.replace(server.url, again.url), timeout=30).status_code == 200
        locked = httpx.get(f"{again.url}/games/{game_id}", timeout=30)
        assert locked.status_code == 403 and "opens when it is over" in locked.text
        assert httpx.get(f"{again.url}/api/games/{game_id}/steps/1", timeout=30).status_code == 403
        moves = 2
        while not (sheet := asked(again, game_id, 0, token, version))["over"]:
            assert send(again, game_id, 0, token, sheet, index=-1).status_code == 202
            moves, version = moves + 1, sheet["version"]
        assert "the game is over" in sheet["status"]
        assert httpx.get(f"{again.url}/games/{game_id}", timeout=30).status_code == 200
    history = open_store(str(db)).history(uuid.UUID(game_id))
    assert isinstance(history[-1].event, GameFinished)
    accepted = [r.event for r in history if isinstance(r.event, CommandAccepted)]
    assert sum(event.seat == 0 for event in accepted) == moves  # every move once, none lost, none twice
    assert meeplog("replay", "verify", game_id, "--db", str(db)).returncode == 0


def test_a_second_server_over_one_sqlite_store_is_refused_in_one_line(tmp_path):
    db = str(tmp_path / "one.db")
    with Server(db):
        second = meeplog("serve", "--db", db, "--port", "0")
        assert second.returncode == 2
        assert second.stderr.strip().splitlines() == [
            f"error: another process serves {db} already: a SQLite store is served by one process (stop it, or"
            " serve a postgresql:// store to run several)"
        ]
    workers = meeplog("serve", "--db", db, "--workers", "2", "--port", "0")
    assert workers.returncode == 2
    assert workers.stderr.strip() == ("error: --workers 2: a SQLite store is served by one process; serve a"
                                      " postgresql:// store to run several")
