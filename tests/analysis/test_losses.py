"""Mean loss beside the ratings: one analyser setting at a time, read from the catalogue, an empty cell where no game
of a player was analysed, in the tournament standings and the leaderboard alike."""

from __future__ import annotations

import csv
import json
import re
import uuid

import pytest
from rich.console import Console
from starlette.testclient import TestClient

from meeplog.core.analysis.catalogue import Catalogue
from meeplog.core.analysis.events import Listed, SeatLoss, Settings
from meeplog.core.analysis.losses import choose, label, losses, tournament_losses
from meeplog.core.analysis.record import analyse
from meeplog.core.leaderboard.projection import Settings as BoardSettings
from meeplog.core.leaderboard.reader import LeaderboardReader
from meeplog.core.leaderboard.render import printable as board_printable
from meeplog.core.store import open_store
from meeplog.core.tournament.events import GameRecorded
from meeplog.core.tournament.report import printable, write_csv, write_json
from meeplog.core.tournament.standings import standings
from meeplog.core.tournament.stored import load_tournament
from meeplog.replays.viewer.app import create_app
from meeplog.replays.viewer.library import StoreLibrary
from tests.tournament.plans import forest_plan, meeplog, played

SETTINGS = Settings(sims=12, seed=1, blunder=0.5, version="1")
OTHER = Settings(sims=30, seed=1, blunder=0.5, version="1")


def line(player: str, rank: float, settings: Settings = SETTINGS, decisions: int = 10) -> Listed:
    return Listed(str(uuid.uuid4()), str(uuid.uuid4()), "forest", 0, player, settings,
                  SeatLoss(decisions, rank, 2 * rank, 0))


def test_the_most_common_setting_is_read_the_others_are_named_and_never_pooled():
    lines = [line("a", 1.0), line("a", 2.0), line("b", 0.5), line("a", 9.0, OTHER), line("c", 1.0, OTHER)]
    found = losses(lines, lambda one: one.player)
    assert found is not None and found.source.settings == SETTINGS and found.source.analyses == 3
    assert found.source.left_out == {label(OTHER): 2} and "2 at 30 sims" in found.source.describe()
    assert found.players["a"].mean == pytest.approx(3.0 / 20) and found.players["a"].games == 2
    assert set(found.players) == {"a", "b"}  # c's only analysis is another setting's
    asked = losses(lines, lambda one: one.player, sims=30)
    assert asked is not None and asked.players["a"].mean == pytest.approx(0.9) and set(asked.players) == {"a", "c"}
    with pytest.raises(ValueError, match=r"^no analysis at 50 sims; the analyses found: 3 at 12 sims"):
        choose(lines, sims=50)
    assert choose([]) is None and choose([], sims=50) is None


def test_a_player_without_an_analysed_decision_has_no_mean_loss_rather_than_zero():
    found = losses([line("a", 1.0), line("b", 0.0, decisions=0)], lambda one: one.player)
    assert found is not None and set(found.players) == {"a"}


@pytest.fixture(scope="module")
def analysed(tmp_path_factory):
    """A stored 3-game Forest tournament whose first player's seats alone are analysed, and the tournament's id."""
    path = tmp_path_factory.mktemp("losses") / "t.db"
    store, tournament = played(path, forest_plan(("random", "heuristic", "random:seed=2"), games=3))
    catalogue = Catalogue(store)
    for fixture in tournament.plan.fixtures:
        result = tournament.results[fixture.index]
        assert isinstance(result, GameRecorded)
        history = store.history(uuid.UUID(result.game_id))
        catalogue.save([analyse(history, fixture.seating.index(0), SETTINGS)])
    store.close()
    return path, tournament.id


def test_the_standings_show_each_analysed_players_mean_loss_and_an_empty_cell_for_the_others(analysed, tmp_path):
    path, tournament_id = analysed
    store = open_store(str(path))
    tournament = load_tournament(store, tournament_id)
    table = standings(tournament, tournament_losses(store, tournament))
    players = {player.player: player for player in table.players}
    first = players["random"].loss
    assert first is not None and first.games == 3 and first.low is not None and first.low <= first.mean <= first.high
    assert players["heuristic"].loss is None and players["random:seed=2"].loss is None
    assert table.analysis is not None and table.analysis.settings == SETTINGS and table.analysis.analyses == 3
    console = Console(width=200, record=True)
    console.print(printable(table, 200))
    text = console.export_text()
    assert "loss CI" in text and "from 3 analyses at 12 sims, seed 1" in text
    row = next(row for row in text.splitlines() if " heuristic " in row)
    assert row.split()[-2:] == ["-", "-"]
    write_json(table, tmp_path / "s.json")
    written = {p["player"]: p for p in json.loads((tmp_path / "s.json").read_text())["players"]}
    assert written["random"]["loss"]["mean"] == pytest.approx(first.mean) and written["heuristic"]["loss"] is None
    write_csv(table, tmp_path / "s.csv")
    rows = {row["player"]: row for row in csv.DictReader((tmp_path / "s.csv").open())}
    assert float(rows["random"]["loss_mean"]) == pytest.approx(first.mean) and rows["heuristic"]["loss_mean"] == ""
    assert standings(tournament).analysis is None and all(p.loss is None for p in standings(tournament).players)


def test_the_leaderboard_shows_the_same_mean_loss_beside_its_ratings(analysed):
    path, tournament_id = analysed
    store = open_store(str(path))
    expected = tournament_losses(store, load_tournament(store, tournament_id))
    board = LeaderboardReader(store, str(path)).read(BoardSettings())
    assert board.analysis is not None and board.analysis.settings == SETTINGS
    section, = board.sections
    players = {standing.player: standing for standing in section.standings}
    assert expected is not None and players["random"].loss == expected.players[0]
    assert players["heuristic"].loss is None
    console = Console(width=200, record=True)
    console.print(board_printable(board, 200))
    text = console.export_text()
    assert "loss CI" in text and "from 3 analyses at 12 sims" in text
    with pytest.raises(ValueError, match="no analysis at 99 sims"):
        LeaderboardReader(store, str(path)).read(BoardSettings(), analysis_sims=99)


def test_the_command_lines_take_the_setting_and_refuse_an_absent_one_in_one_line(analysed, tmp_path):
    path, tournament_id = analysed
    shown = meeplog("tournament", "show", str(tournament_id), "--analysis-sims", "12", "--db", str(path))
    assert shown.returncode == 0 and "loss" in shown.stdout, shown.stderr
    board = meeplog("leaderboard", "--json", str(tmp_path / "b.json"), "--db", str(path))
    assert board.returncode == 0, board.stderr
    written = json.loads((tmp_path / "b.json").read_text())
    assert written["analysis"]["settings"] == {"sims": 12, "seed": 1, "blunder": 0.5, "version": "1"}
    for command in (("tournament", "show", str(tournament_id)), ("leaderboard",)):
        refused = meeplog(*command, "--analysis-seed", "7", "--db", str(path))
        assert refused.returncode == 2 and refused.stderr.startswith("error: no analysis at seed 7; the analyses")
        assert refused.stderr.count("\n") == 1


def test_the_viewers_leaderboard_shows_the_mean_loss_and_its_api_gives_it(analysed):
    path, _ = analysed
    client = TestClient(create_app(StoreLibrary(open_store(str(path)), str(path))))
    page = client.get("/leaderboard")
    assert page.status_code == 200 and "loss 95% CI" in page.text and "from 3 analyses at 12 sims" in page.text
    cells = re.findall(r'<td class="loss">([^<]*)</td>', page.text)
    assert sorted(cells) == ["", "", cells[-1] or "missing"] and re.fullmatch(r"\d\.\d{3}", max(cells))
    board = client.get("/api/leaderboard").json()
    losses = {s["player"]: s["loss"] for s in board["sections"][0]["standings"]}
    assert losses["heuristic"] is None and losses["random"]["games"] == 3
    assert board["analysis"]["analyses"] == 3
