"""Playing from the browser, through the play API called directly: the lobby starts a game with a person seat,
bots play on the server, a seat's token is its only key (403 without it), the debugger stays closed while people
play, the same link comes back to the same seat, a turn timer lets the fallback move, the game is stored, people
have names, the terminal's player is refused, and `meeplog serve` prints the seat links."""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Iterator
from typing import Any

import httpx
import orjson
import pytest
from starlette.testclient import TestClient

from meeplog.core.audit import GameFinished, PlayerFellBack
from meeplog.core.store import open_store
from meeplog.core.tables.table import Table
from meeplog.replays.viewer.app import create_app
from meeplog.replays.viewer.library import StoreLibrary
from tests.tournament.plans import MEEPLOG


@pytest.fixture
def client(tmp_path) -> Iterator[TestClient]:
    store = open_store(str(tmp_path / "play.db"))
    with TestClient(create_app(StoreLibrary(store, "play.db"))) as running:
        yield running


def start(client: TestClient, game: str, seats: list[str], **more: Any) -> dict[str, Any]:
    answer = client.post("/api/tables", content=orjson.dumps({"game": game, "seats": seats, "seed": 11, **more}))
    assert answer.status_code == 201, answer.text
    return answer.json()


def token_of(link: str) -> str:
    return link.partition("token=")[2]


def table_of(client: TestClient, game_id: str) -> Table:
    return client.app.state.tables.table(game_id)  # type: ignore[attr-defined]


def sheet_of(client: TestClient, table: Table, seat: int) -> dict[str, Any]:
    return client.app.state.sheets.of(table, seat)  # type: ignore[attr-defined]


def wait_for_turn(client: TestClient, table: Table, seat: int, after: int = -1) -> dict[str, Any]:
    """The seat's sheet once it is asked (or the game is over) at a version past `after`."""
    deadline = time.monotonic() + 60
    while True:
        sheet = sheet_of(client, table, seat)
        if sheet["version"] > after and (sheet["yours"] or sheet["over"]):
            return sheet
        assert time.monotonic() < deadline, "the seat was never asked"
        time.sleep(0.005)


def play(client: TestClient, game_id: str, seat: int, token: str, sheet: dict[str, Any], *, index: int = 0) -> Any:
    body = {"token": token, "version": sheet["version"], "command": sheet["commands"][index]["command"]}
    return client.post(f"/api/play/{game_id}/{seat}", content=orjson.dumps(body))


def test_a_person_seat_plays_a_whole_game_against_bots_and_the_game_is_stored(client):
    started = start(client, "hike", ["person", "heuristic", "random"])
    game_id, link = started["game_id"], started["seats"][0]["link"]
    assert [seat["link"] is None for seat in started["seats"]] == [False, True, True]
    table = table_of(client, game_id)
    moves, version = 0, -1
    while not (sheet := wait_for_turn(client, table, 0, version))["over"]:
        assert play(client, game_id, 0, token_of(link), sheet, index=-1).status_code == 202
        moves, version = moves + 1, sheet["version"]
    assert moves > 5
    assert "the game is over" in sheet["status"]
    stored = client.app.state.library.history(game_id)  # type: ignore[attr-defined]
    assert isinstance(stored[-1].event, GameFinished)
    assert stored[0].event.seats == ("person", "heuristic", "random")
    assert client.get(f"/games/{game_id}").status_code == 200


def test_a_command_or_page_without_the_seats_token_is_refused_with_403_and_the_debugger_waits(client):
    started = start(client, "forest", ["person", "person", "heuristic"])
    game_id = started["game_id"]
    tokens = [token_of(seat["link"]) for seat in started["seats"][:2]]
    table = table_of(client, game_id)
    deadline = time.monotonic() + 60
    while not (asked := [seat for seat in (0, 1) if sheet_of(client, table, seat)["yours"]]):
        assert time.monotonic() < deadline, "no person seat was asked"
        time.sleep(0.005)
    seat = asked[0]
    own, other = tokens[seat], tokens[1 - seat]
    sheet = sheet_of(client, table, seat)
    for token in (other, "", "guess"):
        refused = play(client, game_id, seat, token, sheet)
        assert refused.status_code == 403 and f"not seat {seat}'s link" in refused.json()["error"]
        assert client.get(f"/play/{game_id}/{seat}", params={"token": token}).status_code == 403
        assert client.get(f"/api/play/{game_id}/{seat}/events", params={"token": token}).status_code == 403
    assert play(client, game_id, 2, own, sheet).status_code == 403  # a bot's seat takes no command
    closed = client.get(f"/games/{game_id}")
    assert closed.status_code == 403 and "opens when it is over" in closed.text
    assert client.get(f"/api/games/{game_id}/steps/1", params={"as": 1}).status_code == 403
    assert own not in client.get("/lobby").text and own not in str(table.game.log)
    stored = client.app.state.library.store  # type: ignore[attr-defined]
    assert own.encode() not in b"".join(n.state for n in stored.recorder.select_notifications(1, 10_000))
    page = client.get(f"/play/{game_id}/{seat}", params={"token": own})
    assert page.status_code == 200 and f"you are seat {seat}" in page.text
    assert play(client, game_id, seat, own, sheet).status_code == 202
    stale = play(client, game_id, seat, own, sheet)
    assert stale.status_code == 409


def test_the_same_link_returns_to_the_same_seat_and_its_stream_sends_the_seats_sheet(client):
    started = start(client, "forest", ["heuristic", "person", "random"])
    game_id, token = started["game_id"], token_of(started["seats"][1]["link"])
    table = table_of(client, game_id)
    sheet = wait_for_turn(client, table, 1)
    for _ in range(2):  # the tab closed and opened again
        page = client.get(f"/play/{game_id}/1", params={"token": token})
        assert page.status_code == 200 and f'data-version="{sheet["version"]}"' in page.text
    with client.stream("GET", f"/api/play/{game_id}/1/events", params={"token": token}) as stream:
        lines = stream.iter_lines()
        assert next(lines) == "retry: 1000"  # a dropped stream is taken up again within a second
        first = next(line for line in lines if line)
    sent = orjson.loads(first.removeprefix("data: "))
    assert sent["seat"] == 1 and sent["version"] == sheet["version"] and sent["yours"]
    assert "your hand (seat 1)" in sent["board"]


def test_a_turn_timer_lets_the_fallback_move_for_a_person_who_waits_and_records_it(client):
    started = start(client, "forest", ["person", "random", "random"], turn_seconds=0.2)
    table = table_of(client, started["game_id"])
    deadline = time.monotonic() + 60
    while not any(isinstance(r.event, PlayerFellBack) and r.event.seat == 0 for r in list(table.game.log)):
        assert time.monotonic() < deadline, "the fallback never moved"
        time.sleep(0.05)
    fell = next(r.event for r in list(table.game.log) if isinstance(r.event, PlayerFellBack))
    assert table.laid.turn_seconds == 0.2
    assert "no answer within 0.2s" in fell.why


@pytest.mark.parametrize(
    ("asked", "says"),
    [
        ({"game": "chess", "seats": ["person"]}, "unknown game"),
        ({"game": "forest", "seats": ["person", "random"]}, "3 to 4 players"),
        ({"game": "forest", "seats": ["person", "nobody", "random"]}, "unknown player"),
        ({"game": "forest", "seats": ["person", "random", "random"], "options": {"colour": "x"}}, "colour"),
        ({"game": "forest", "seats": ["person", "random", "random"], "turn_seconds": -1}, "above 0"),
        ({"game": "forest", "seats": ["person", "random", "random"], "pace_seconds": 60}, "give 0 to 10 seconds"),
        ({"game": "forest", "seats": ["person", "human", "random"]}, "use person for a seat played from the browser"),
        ({"game": "forest", "seats": ["person:name=Ada", "Ada=person", "random"]}, "Ada sits at seats 0 and 1"),
        ({"game": "forest", "seats": ["person:name=Ada Lovelace", "random", "random"]}, "bad name"),
        ({"game": "forest", "seats": ["person:colour=red", "random", "random"]}, "person takes one option, name"),
        ({"seats": []}, "give {"),
    ],
)
def test_a_lobby_request_that_cannot_start_a_game_is_a_400_in_one_line(client, asked, says):
    answer = client.post("/api/tables", content=orjson.dumps(asked))
    assert answer.status_code == 400, answer.text
    assert says in answer.json()["error"]


def test_meeplog_serve_listens_on_this_machine_and_prints_the_seat_links_of_a_game_started_in_the_lobby(tmp_path):
    path = tmp_path / "served.db"
    open_store(str(path))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [MEEPLOG, "serve", "--db", str(path), "--port", str(port)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert server.stdout is not None
        assert server.stdout.readline().startswith(f"Meeplog viewer on http://127.0.0.1:{port}/")
        asked = {"game": "hike", "seats": ["person", "random", "person"], "seed": 2}
        started = httpx.post(f"http://127.0.0.1:{port}/api/tables", json=asked, timeout=30).json()
        printed = [server.stdout.readline().rstrip("\n") for _ in range(3)]
        assert printed == [
            f"Let's Take a Hike, game {started['game_id']}:",
            f"  seat 0: {started['seats'][0]['link']}",
            f"  seat 2: {started['seats'][2]['link']}",
        ]
        assert started["seats"][0]["link"].startswith(f"http://127.0.0.1:{port}/play/")
        assert httpx.get(started["seats"][2]["link"], timeout=30).status_code == 200
    finally:
        server.terminate()
        server.wait(30)
