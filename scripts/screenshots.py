"""Screenshots of each game's table and of its end, for docs/viewer.md: a server over a throwaway store, a person
at seat 0 against heuristic bots, played to the end by clicking the first legal command. Run by
scripts/screenshots (Chromium at /usr/bin/chromium, the browser-tests extra); writes docs/images/."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import httpx
from playwright.sync_api import Page, sync_playwright

from meeplog.core.registry import game_names, load_rules
from meeplog.core.store import open_store
from meeplog.replays.viewer.library import StoreLibrary
from tests.viewer.browser import CHROMIUM, served

IMAGES = Path(__file__).resolve().parent.parent / "docs" / "images"
VIEWPORT = {"width": 1280, "height": 900}
SCALE = 0.5  # half-size pictures: small files, still readable as a layout
MOVE_MS = 60_000


def play_to_the_end(page: Page) -> None:
    while True:
        page.wait_for_selector("#status.yours, #live:text('game over')", timeout=MOVE_MS)
        if page.locator("#live").inner_text() == "game over":
            return
        version = page.locator("#seat").get_attribute("data-version")
        page.wait_for_selector("#commands button:not([disabled])", timeout=MOVE_MS)
        page.locator("#commands button").first.click()
        page.wait_for_function(
            "(version) => document.getElementById('seat').dataset.version !== version", arg=version, timeout=MOVE_MS
        )


def main() -> None:
    IMAGES.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        path = str(Path(folder) / "screens.db")
        with served(StoreLibrary(open_store(path), path)) as url:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM))
            page = browser.new_page(viewport=VIEWPORT, device_scale_factor=SCALE)
            for game in game_names():
                seats = ["person", *["heuristic"] * (max(3, load_rules(game).min_players) - 1)][
                    : load_rules(game).max_players
                ]
                answer = httpx.post(f"{url}/api/tables", json={"game": game, "seats": seats}, timeout=30)
                answer.raise_for_status()
                page.goto(answer.json()["seats"][0]["link"])
                page.wait_for_selector("#live:text('● live')")
                page.screenshot(path=str(IMAGES / f"viewer-{game}-table.png"))
                play_to_the_end(page)
                page.screenshot(path=str(IMAGES / f"viewer-{game}-end.png"))
                print(f"{game}: docs/images/viewer-{game}-table.png, viewer-{game}-end.png", file=sys.stderr)
            browser.close()  # before the server stops, so that no page's stream holds it


if __name__ == "__main__":
    main()
