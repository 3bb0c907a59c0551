"""A person plays from the browser (Chromium through Playwright): a whole Old Man of the Forest game and a whole
Hike game against bots, started from the lobby and played by clicking the board's targets and the command list; a
second seat's token cannot act for the first (403); a seat page never holds another seat's secret; and a person
finishes a game on the same page, never reloaded, after its server was killed and started again."""

from __future__ import annotations

import signal
import time
import uuid

import pytest
from playwright.sync_api import expect

from meeplog.core.audit import GameFinished
from meeplog.core.store import open_store
from meeplog.replays.viewer.library import StoreLibrary
from tests.viewer.browser import served
from tests.viewer.servers import Server

MOVE_SECONDS = 60  # the longest a move may take to come back: bots play on the server between the person's moves


@pytest.fixture
def site(tmp_path):
    path = tmp_path / "play.db"
    library = StoreLibrary(open_store(str(path)), str(path))
    with served(library) as url:
        yield url, library


def start_from_the_lobby(page, url: str, game: str, seats: list[str]) -> tuple[str, float]:
    """Start `game` from the lobby page with these seats; the person seat 0's link, and when Start was clicked."""
    page.goto(f"{url}/lobby")
    page.select_option("#game", game)
    page.fill("#players", str(len(seats)))
    page.dispatch_event("#players", "change")
    for seat, spec in enumerate(seats):
        page.fill(f"#seats li:nth-child({seat + 1}) input.spec", spec)
    page.fill("#pace", "0")  # the bots at full speed: this test is about playing, not pacing
    clicked = time.monotonic()
    page.click("#start")
    page.wait_for_selector("#started:not([hidden])")
    return page.locator('a.seat-link[data-seat="0"]').get_attribute("href"), clicked


def play_to_the_end(page, most: int | None = None) -> tuple[int, int, float]:
    """Play until the game is over (or `most` moves are made): a board target on every other move when one is
    lit, else the list's first command, clicked or by its key.
    (moves, moves made on the board, when the first move was made)."""
    moves = on_board = 0
    first = 0.0
    while moves != most:
        page.wait_for_selector("#status.yours, #live:text('game over')", timeout=MOVE_SECONDS * 1000)
        if page.locator("#live").inner_text() == "game over":
            return moves, on_board, first
        assert page.locator("[data-secret]").count() == page.locator(".zone.me [data-secret]").count()
        version = page.locator("#seat").get_attribute("data-version")
        page.wait_for_selector("#commands button:not([disabled])")
        lit = page.locator("#board .target")
        if lit.count() and moves % 2:
            lit.first.click()
            picked = page.locator("#commands button.picked")
            if picked.count():  # the target names several commands: choose among them in the list
                picked.first.click()
            on_board += 1
        elif moves % 3 == 0:
            page.keyboard.press("1")  # the list's first command, by its key
        else:
            page.locator("#commands button").first.click()
        expect(page.locator("#seat")).not_to_have_attribute("data-version", version, timeout=MOVE_SECONDS * 1000)
        moves += 1
        if moves == 1:
            first = time.monotonic()
    return moves, on_board, first


@pytest.mark.parametrize(("game", "seats"), [("forest", ["person", "heuristic", "random"]),
                                             ("hike", ["person", "heuristic", "random"])])
def test_a_person_seat_plays_a_whole_game_by_clicking_against_bots(site, page, game, seats, tmp_path):
    url, library = site
    began = time.monotonic()
    link, clicked = start_from_the_lobby(page, url, game, seats)
    page.goto(link)
    assert "you are seat 0" in page.locator("h1").inner_text()
    page.wait_for_selector("#live:text('● live')")
    page.screenshot(path=str(tmp_path / f"{game}-seat-0.png"), full_page=True)
    moves, on_board, first = play_to_the_end(page)
    print(f"\n{game}: lobby to the first move {first - began:.2f}s (from Start {first - clicked:.2f}s), {moves} moves,"
          f" {on_board} on the board")
    assert moves >= 5 and on_board >= 1
    assert "the game is over" in page.locator("#status").inner_text()
    game_id = link.split("/play/")[1].split("/")[0]
    stored = library.history(game_id)
    assert isinstance(stored[-1].event, GameFinished) and stored[0].event.seats == tuple(seats)
    page.goto(f"{url}/games/{game_id}?as=all")  # the debugger opens once the game is over
    page.wait_for_selector("table.final")


def test_a_second_seats_token_cannot_act_for_the_first(site, page):
    url, _ = site
    page.goto(f"{url}/lobby")
    page.select_option("#game", "forest")
    for seat, spec in enumerate(["person", "person", "random"]):
        page.fill(f"#seats li:nth-child({seat + 1}) input.spec", spec)
    page.click("#start")
    page.wait_for_selector("#started:not([hidden])")
    first, second = (page.locator(f'a.seat-link[data-seat="{s}"]').get_attribute("href") for s in (0, 1))
    page.goto(second)
    page.wait_for_selector("#live:text('● live')")
    wrong = first.replace("token=", "token=x")
    answer = page.request.get(wrong)
    assert answer.status == 403 and "this is not seat 0" in answer.text()
    forged = first.split("?")[0].replace("/play/", "/api/play/")
    status = page.evaluate(
        """async (url) => {
            const root = document.getElementById("seat");
            const sent = {token: root.dataset.token, version: Number(root.dataset.version),
                          command: {type: "PlayCard", card: 0}};
            return (await fetch(url, {method: "POST", body: JSON.stringify(sent)})).status;
        }""",
        forged,
    )
    assert status == 403


def test_a_person_finishes_a_game_on_the_same_page_after_the_server_was_killed_and_started_again(page, tmp_path):
    db = str(tmp_path / "killed.db")
    server = Server(db).start()
    try:
        page.goto(f"{server.url}/lobby")
        page.select_option("#game", "forest")
        for seat, spec in enumerate(["person", "heuristic", "heuristic"]):
            page.fill(f"#seats li:nth-child({seat + 1}) input.spec", spec)
        page.fill("#seats li:nth-child(1) input.name", "Ada")
        page.fill("#pace", "0")
        page.click("#start")
        page.wait_for_selector("#started:not([hidden])")
        link = page.locator('a.seat-link[data-seat="0"]').get_attribute("href")
        assert "Ada=person" in page.locator("#links").inner_text()
        page.goto(link)
        loaded = []
        page.on("load", lambda _: loaded.append(page.url))
        page.wait_for_selector("#live:text('● live')")
        assert play_to_the_end(page, most=2)[0] == 2
    finally:
        server.stop(signal.SIGKILL)
    page.wait_for_selector("#live:text('reconnecting…')", timeout=MOVE_SECONDS * 1000)
    with Server(db, server.port):
        page.wait_for_selector("#live:text('● live')", timeout=MOVE_SECONDS * 1000)
        moves, _, _ = play_to_the_end(page)
        assert moves >= 3
        assert "the game is over" in page.locator("#status").inner_text()
    assert loaded == [] and page.url == link  # never reloaded
    game_id = link.split("/play/")[1].split("/")[0]
    history = open_store(db).history(uuid.UUID(game_id))
    assert isinstance(history[-1].event, GameFinished) and history[0].event.seats[0] == "Ada=person"
