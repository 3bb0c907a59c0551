"""The viewer in a real browser (Chromium through Playwright): every game stepped through from every side."""

from __future__ import annotations

import asyncio
import json
import random
import re
import threading
import time

import pytest

from meeplog.core.game import Game
from meeplog.core.kernel import Command
from meeplog.core.players import Observation, Player
from meeplog.core.registry import game_names, load_rules
from meeplog.core.runner import MatchRunner, MatchSettings
from meeplog.core.store import open_store
from meeplog.core.tournament.run import play_tournament
from meeplog.core.tournament.stored import open_tournament
from meeplog.replays.viewer.frames import frame
from meeplog.replays.viewer.library import StoreLibrary
from tests.tournament.plans import forest_plan
from tests.viewer.browser import served

QUICK_PRESSES = 20


@pytest.fixture(scope="module")
def site(stored):
    path, store, _ = stored
    with served(StoreLibrary(store, str(path))) as url:
        yield url


def hidden_from_seat_0(game: Game) -> tuple[int, int, str]:
    """(step, seat, label): a card (or bid) another seat holds in secret there, which seat 0 is never shown."""
    history = game.log
    last = frame(history, 0, None).last
    for step in range(1, last + 1):
        everything = frame(history, step, None)
        seen = json.dumps(frame(history, step, 0).document())
        for seat, html in everything.panel.boards[1:]:
            for label in _secrets(html):
                if label not in seen:
                    return step, seat, label
    raise AssertionError(f"no step of this {game.rules.name} game has a secret of another seat")


def _secrets(html: str) -> list[str]:
    return re.findall(r'data-secret="([^"]+)"', html)


@pytest.mark.parametrize("name", game_names())
def test_a_stored_game_steps_back_and_forth_and_seat_0_never_sees_anothers_secret(stored, site, page, name, tmp_path):
    game = next(g for g in stored[2] if g.rules.name == name)
    step, holder, label = hidden_from_seat_0(game)
    page.goto(f"{site}/games/{game.id}?step={step}&as=all")
    assert page.locator(f'.seat-board.seat-{holder} [data-secret="{label}"]').count() >= 1
    page.locator("#next").click()
    page.wait_for_function(f"document.querySelector('#step-number').textContent === '{step + 1}'")
    assert f"step={step + 1}" in page.url
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"document.querySelector('#step-number').textContent === '{step}'")
    assert f"step={step}" in page.url
    page.locator(".perspective a[data-as='0']").click()
    page.wait_for_function("document.querySelector('.perspective a.on').dataset.as === '0'")
    page.wait_for_selector(".seat-board.seat-0.me")
    assert "as=0" in page.url
    assert page.locator(f'[data-secret="{label}"]').count() == 0
    assert label not in page.locator("#frame").inner_text()
    assert page.locator(".seat-board").count() == 1
    page.screenshot(path=str(tmp_path / f"{name}-seat0-step{step}.png"), full_page=True)
    page.locator(".perspective a[data-as='all']").click()
    page.wait_for_selector(f'.seat-board.seat-{holder} [data-secret="{label}"]')
    page.screenshot(path=str(tmp_path / f"{name}-all-step{step}.png"), full_page=True)
    page.goto(f"{site}/games/{game.id}?step={step}&as=0")
    page.go_back()
    page.wait_for_selector(f".seat-board.seat-{holder}")


class Unhurried(Player):
    """A random player that thinks a little before each move, as a model does, and makes no move before `watched`
    is set but its first, so the game is surely still being played when the page opens."""

    expensive = True

    def __init__(self, seed: int, watched: threading.Event) -> None:
        super().__init__(options=None, seed=seed)
        self.rng = random.Random(seed)
        self.watched = watched
        self.moved = False

    async def act(self, obs: Observation) -> Command:
        while self.moved and not self.watched.is_set():
            await asyncio.sleep(0.01)
        self.moved = True
        await asyncio.sleep(THINKING_SECONDS)
        return self.rng.choice(obs.legal)


THINKING_SECONDS = 0.03


def test_a_game_in_progress_is_followed_live_to_its_end_without_reloading(browser, tmp_path):
    path = tmp_path / "live.db"
    rules = load_rules("forest")
    game = Game.start(rules, rules.configure(3), ["unhurried"] * 3, seed=5)
    writer = open_store(str(path))
    watched = threading.Event()
    runner = MatchRunner(
        game,
        [Unhurried(seat, watched) for seat in range(3)],
        [Unhurried(seat, watched) for seat in range(3)],
        settings=MatchSettings(save_every_decision=True),
        store=writer,
    )
    playing = threading.Thread(target=lambda: asyncio.run(runner.play()), daemon=True)
    library = StoreLibrary(open_store(str(path)), str(path))
    playing.start()
    while library.version(str(game.id)) == 0:
        time.sleep(0.01)
    context = browser.new_context()
    page = context.new_page()
    with served(library) as url:
        page.goto(f"{url}/games/{game.id}?as=1")
        assert page.locator("#live").inner_text() == "● live"
        page.evaluate("window.stillTheSamePage = true")
        opened_at = int(page.locator("#last-number").inner_text())
        watched.set()
        page.wait_for_selector("table.final", timeout=120_000)
        playing.join(30)
        last = frame(game.log, 0, None).last
        page.wait_for_function(f"document.querySelector('#step-number').textContent === '{last}'")
        assert int(page.locator("#last-number").inner_text()) == last > opened_at
        assert page.locator("#live").inner_text() == "game over"
        assert page.evaluate("window.stillTheSamePage") is True
        assert "as=1" in page.url and page.locator(".seat-board.seat-1.me").count() == 1
        page.screenshot(path=str(tmp_path / "forest-live-end.png"), full_page=True)
    context.close()


def test_a_running_tournaments_standings_update_in_the_page_without_reloading(browser, tmp_path):
    path = tmp_path / "tournament.db"
    writer = open_store(str(path))
    plan = forest_plan(games=LIVE_TOURNAMENT_GAMES)
    tournament, _ = open_tournament(writer, plan)
    library = StoreLibrary(open_store(str(path)), str(path))
    context = browser.new_context()
    page = context.new_page()
    with served(library) as url:
        page.goto(f"{url}/tournaments/{tournament.id}")
        assert f"0/{LIVE_TOURNAMENT_GAMES} games recorded so far" in page.locator("#progress").inner_text()
        page.evaluate("window.stillTheSamePage = true")
        playing = threading.Thread(target=play_tournament, args=(writer, tournament, 1), daemon=True)
        playing.start()
        page.wait_for_function(
            f"document.querySelector('#progress').textContent.includes('{LIVE_TOURNAMENT_GAMES}/"
            f"{LIVE_TOURNAMENT_GAMES} games recorded,')",
            timeout=120_000,
        )
        playing.join(60)
        page.wait_for_function("document.querySelector('#live').textContent === 'finished'")
        assert page.evaluate("window.stillTheSamePage") is True
        assert page.locator("#standings tbody tr").count() == len(plan.players)
        assert page.locator("#report tbody tr").count() == len(plan.players)
        assert page.locator("img.plot").count() == 1
    context.close()


LIVE_TOURNAMENT_GAMES = 4


def test_a_model_exchange_opens_to_its_prompt_and_raw_answer_and_a_refusal_stands_out(stored, site, page, tmp_path):
    audited = stored[2][-1]
    page.goto(f"{site}/games/{audited.id}?step=1&as=all")
    exchange = page.locator("details.exchange").first
    assert not exchange.locator("pre").first.is_visible()
    exchange.locator("summary").click()
    assert exchange.locator("pre").first.is_visible()
    assert exchange.locator("pre").first.inner_text().startswith("seat ")
    assert page.locator("li.line.rejected").count() >= 1
    page.screenshot(path=str(tmp_path / "forest-audit-trail.png"), full_page=True)


def test_quick_key_presses_each_move_one_step_and_the_result_waits_for_the_last(stored, site, page):
    game = next(g for g in stored[2] if g.rules.name == "forest")
    last = frame(game.log, 0, None).last
    presses = min(QUICK_PRESSES, last)
    page.goto(f"{site}/games/{game.id}?step=0&as=all")
    assert page.locator("table.final").count() == 0  # the scores are not told at step 0
    for _ in range(presses):
        page.keyboard.press("ArrowRight")  # faster than the server answers: none may be lost
    page.wait_for_function(f"document.querySelector('#step-number').textContent === '{presses}'")
    page.keyboard.press("End")
    page.wait_for_selector("table.final")
