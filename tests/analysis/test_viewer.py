"""The viewer shows an analysed game's losses on its timeline, blunders marked, and a step's valued commands."""

from __future__ import annotations

import re

from starlette.testclient import TestClient

from meeplog.core.analysis.catalogue import Catalogue
from meeplog.core.analysis.events import Settings
from meeplog.core.analysis.record import analyse
from meeplog.core.store import open_store
from meeplog.replays.steps import Timeline
from meeplog.replays.viewer.app import create_app
from meeplog.replays.viewer.library import StoreLibrary
from tests.analysis.games import forest_game


def test_the_timeline_shows_each_loss_and_a_step_its_top_commands_to_the_table_and_the_deciding_seat_only(tmp_path):
    store = open_store(str(tmp_path / "v.db"))
    game = forest_game()
    store.save(game)
    plain = TestClient(create_app(StoreLibrary(store, "test"))).get(f"/games/{game.id}")
    assert plain.status_code == 200 and 'class="losses"' not in plain.text
    settings = Settings(sims=20, seed=1, blunder=0.0, version="1")  # every scored decision a blunder
    analysis = analyse(game.log, 1, settings)
    Catalogue(store).save([analysis])
    client = TestClient(create_app(StoreLibrary(store, "test")))
    first = analysis.scored[0]
    step = Timeline.of(game.log).decisions.index(first.at - 1) + 1
    page = client.get(f"/games/{game.id}?step={step}")
    assert page.status_code == 200
    strip = page.text.split('class="losses"')[1].split("</nav>")[0]
    assert len(re.findall(r'class="loss blunder"', strip)) == len(analysis.scored)
    assert f'data-step="{step}"' in strip and "20 sims" in strip
    assert f"{first.played.command} (played)" in page.text and first.best.command in page.text
    for seat, shown in ((1, True), (0, False), ("all", True)):
        html = client.get(f"/api/games/{game.id}/steps/{step}?as={seat}").json()["html"]
        assert ('class="analysis"' in html) is shown, seat
