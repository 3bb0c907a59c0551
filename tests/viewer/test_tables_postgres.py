"""Many server processes over one PostgreSQL store (DESIGN.md section 11): seat 0's page on one `meeplog serve`,
seat 1's on another, a whole game by clicking; a command sent to both processes at once is applied once (the store
refuses the second record at that version); a decision made through one process reaches the other's stream by
LISTEN/NOTIFY; when the process that plays a table's bots is killed, another takes the table over; and
`meeplog serve --workers 2` plays a table whichever worker answers."""

from __future__ import annotations

import signal
import threading
import time
import uuid

import httpx
import orjson
import pytest

from meeplog.core.audit import CommandAccepted, GameFinished
from meeplog.core.store import open_store
from tests.stores import postgres_database
from tests.viewer.servers import Server, asked, send, start_table, token_of

pytestmark = pytest.mark.postgres

MOVE_SECONDS = 60


@pytest.fixture
def two_servers():
    with postgres_database() as url, Server(url) as first, Server(url) as second:
        yield url, first, second


def test_two_people_play_a_whole_game_by_clicking_each_on_another_server_process(two_servers, browser):
    url, first, second = two_servers
    started = start_table(first, "forest", ["person:name=Ada", "person:name=Bo", "heuristic"], seed=8)
    links = [started["seats"][0]["link"], started["seats"][1]["link"].replace(first.url, second.url)]
    pages = []
    for link in links:
        page = browser.new_context().new_page()
        page.goto(link)
        page.wait_for_selector("#live:text('● live')")
        pages.append(page)
    moves = [0, 0]
    deadline = time.monotonic() + 10 * MOVE_SECONDS
    while not all(page.locator("#live").inner_text() == "game over" for page in pages):
        assert time.monotonic() < deadline, f"the game did not end ({moves} moves)"
        for seat, page in enumerate(pages):
            if page.locator("#status.yours").count() and page.locator("#commands button:not([disabled])").count():
                version = page.locator("#seat").get_attribute("data-version")
                page.locator("#commands button").first.click()
                page.wait_for_function(
                    f"document.getElementById('seat').dataset.version !== '{version}'", timeout=MOVE_SECONDS * 1000
                )
                moves[seat] += 1
        time.sleep(0.05)
    assert min(moves) >= 3
    for page in pages:
        assert "the game is over" in page.locator("#status").inner_text()
        page.context.close()
    history = open_store(url).history(uuid.UUID(started["game_id"]))
    assert isinstance(history[-1].event, GameFinished)
    accepted = [r.event.seat for r in history if isinstance(r.event, CommandAccepted)]
    assert [accepted.count(0), accepted.count(1)] == moves


def test_a_command_sent_to_both_processes_at_once_is_applied_once_and_reaches_the_others_stream(two_servers):
    url, first, second = two_servers
    started = start_table(first, "forest", ["person", "heuristic", "heuristic"], seed=9)
    game_id, token = started["game_id"], token_of(started["seats"][0]["link"])
    sheet = asked(first, game_id, 0, token)
    body = {"token": token, "version": sheet["version"], "command": sheet["commands"][0]["command"]}
    together = threading.Barrier(2)
    answers: dict[str, httpx.Response] = {}

    def post(server: Server) -> None:
        together.wait()
        answers[server.url] = httpx.post(f"{server.url}/api/play/{game_id}/0", json=body, timeout=30)

    heard: list[float] = []
    events = f"{second.url}/api/play/{game_id}/0/events"
    with httpx.stream("GET", events, params={"token": token}, timeout=60) as stream:
        lines = (line for line in stream.iter_lines() if line.startswith("data: "))
        assert orjson.loads(next(lines).removeprefix("data: "))["version"] == sheet["version"]
        threads = [threading.Thread(target=post, args=(server,)) for server in (first, second)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        sent = time.monotonic()
        assert orjson.loads(next(lines).removeprefix("data: "))["version"] > sheet["version"]
        heard.append(time.monotonic() - sent)
    codes = sorted(answer.status_code for answer in answers.values())
    assert codes == [202, 409], [answer.text for answer in answers.values()]
    refused = next(answer for answer in answers.values() if answer.status_code == 409)
    assert "taken already" in refused.json()["error"] or "moved on" in refused.json()["error"]
    after = asked(first, game_id, 0, token, sheet["version"])
    history = open_store(url).history(uuid.UUID(game_id), upto=after["version"])
    assert [r.originator_version for r in history if isinstance(r.event, CommandAccepted) and r.event.seat == 0] == [
        sheet["version"] + 1
    ]
    print(f"\nthe move reached the other process's stream {heard[0] * 1000:.0f} ms after both answers;"
          f" refused: {refused.json()['error']}")


def test_when_the_process_playing_a_tables_bots_is_killed_another_process_plays_them_on(two_servers):
    url, first, second = two_servers
    started = start_table(first, "forest", ["person", "heuristic", "heuristic"], seed=10)
    game_id, token = started["game_id"], token_of(started["seats"][0]["link"])
    sheet = asked(first, game_id, 0, token)
    assert send(first, game_id, 0, token, sheet).status_code == 202
    version = sheet["version"]
    first.stop(signal.SIGKILL)  # it laid the table, so it played its bots
    while not (sheet := asked(second, game_id, 0, token, version))["over"]:
        assert send(second, game_id, 0, token, sheet).status_code == 202
        version = sheet["version"]
    history = open_store(url).history(uuid.UUID(game_id))
    assert isinstance(history[-1].event, GameFinished)
    versions = [r.originator_version for r in history]
    assert versions == list(range(1, len(history) + 1))


def test_uvicorn_workers_over_one_postgresql_store_play_a_table_whichever_worker_answers():
    with postgres_database() as url, Server(url, None, "--workers", "2") as server:
        started = start_table(server, "forest", ["person", "heuristic", "random"], seed=12)
        game_id, token = started["game_id"], token_of(started["seats"][0]["link"])
        version = -1
        while not (sheet := asked(server, game_id, 0, token, version))["over"]:
            assert send(server, game_id, 0, token, sheet).status_code == 202
            version = sheet["version"]
        assert isinstance(open_store(url).history(uuid.UUID(game_id))[-1].event, GameFinished)
