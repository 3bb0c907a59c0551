"""Named players: `-p NAME=SPEC` everywhere a player is given, and tables that never cut a name short."""

from __future__ import annotations

import csv
import json

import pytest
from rich.console import Console

from meeplog.core.specs import NamedSpec, PlayerSpec, seat_label
from meeplog.core.store import open_store
from meeplog.core.tournament.report import table
from meeplog.core.tournament.run import play_tournament
from meeplog.core.tournament.schedule import labels
from meeplog.core.tournament.standings import standings
from meeplog.core.tournament.stored import open_tournament
from tests.tournament.plans import forest_plan, meeplog

LONG = "llm:base_url=http://models.example.org:8000/v1,model=a-rather-long-model-name-q4_k_m,temperature=0.7"


def test_a_name_before_the_spec_is_told_apart_from_the_spec_options():
    named = NamedSpec.parse(" gpt = llm:base_url=http://x/v1,model=m")
    assert named == NamedSpec(PlayerSpec("llm", {"base_url": "http://x/v1", "model": "m"}), "gpt")
    assert str(named) == "gpt=llm:base_url=http://x/v1,model=m" and named.label == "gpt"
    plain = NamedSpec.parse("mcts:sims=9")
    assert plain.name is None and plain.label == "mcts:sims=9" and str(plain) == "mcts:sims=9"
    assert NamedSpec.parse("bob=random").label == "bob"
    assert seat_label("bob=random:seed=2") == "bob" and seat_label("random") == "random"


@pytest.mark.parametrize(
    ("text", "message"), [("my bot=random", "bad player name 'my bot'"), ("=random", "bad player name ''")]
)
def test_a_bad_name_is_refused_with_what_a_name_may_hold(text, message):
    with pytest.raises(ValueError, match=message):
        NamedSpec.parse(text)


def test_standings_use_the_names_and_keep_each_spec():
    assert labels(["gpt=random", "random", "random", "gpt2=random"]) == ["gpt", "random", "random#2", "gpt2"]
    store = open_store("memory")
    tournament, _ = open_tournament(store, forest_plan(players=("alice=random:seed=1", "bob=random", "random")))
    play_tournament(store, tournament, workers=1)
    players = {p.player: p.spec for p in standings(tournament).players}
    assert players == {"alice": "random:seed=1", "bob": "random", "random": "random"}


def test_the_table_folds_a_long_name_on_a_narrow_terminal_instead_of_cutting_it():
    store = open_store("memory")
    tournament, _ = open_tournament(store, forest_plan(players=(f"{'x' * 70}=random", "random", "random"), games=3))
    play_tournament(store, tournament, workers=1)
    console = Console(width=60, record=True)
    console.print(table(standings(tournament), console.width))
    text = console.export_text()
    assert "…" not in text
    assert text.count("x") == 70  # the name whole, over several lines
    assert "28.5±7.7" in text and "left out for a narrow terminal: 95% CI" in text
    wide = Console(width=200, record=True)
    wide.print(table(standings(tournament), wide.width))
    assert "x" * 70 in wide.export_text() and "left out" not in wide.export_text()


def test_the_command_line_names_players_in_the_table_json_csv_and_store(tmp_path):
    db, out = tmp_path / "t.db", tmp_path / "out"
    result = meeplog(
        "tournament",
        "forest",
        "-p",
        "alice=random:seed=1",
        "-p",
        "bob=heuristic",
        "-p",
        "random",
        "--games",
        "3",
        "--workers",
        "1",
        "--db",
        str(db),
        "--out",
        str(out),
    )
    assert result.returncode == 0, result.stderr
    assert "alice" in result.stdout and "bob" in result.stdout
    [json_path] = out.glob("*.json")
    document = json.loads(json_path.read_text())
    assert {(p["player"], p["spec"]) for p in document["players"]} == {
        ("alice", "random:seed=1"),
        ("bob", "heuristic"),
        ("random", "random"),
    }
    [csv_path] = out.glob("*.csv")
    assert {row["player"] for row in csv.DictReader(csv_path.open())} == {"alice", "bob", "random"}
    seats = {seat for game in open_store(str(db)).games() for seat in game.seats}
    assert seats == {"alice=random:seed=1", "bob=heuristic", "random"}
    listed = meeplog("tournament", "list", "--db", str(db))
    assert "alice | bob | random" in listed.stdout


def test_two_players_may_not_share_a_name(tmp_path):
    result = meeplog(
        "tournament", "forest", "-p", "a=random", "-p", "a=heuristic", "-p", "random", "--db", str(tmp_path / "t.db")
    )
    assert result.returncode == 2 and "two players are named a; give each player a name of its own" in result.stderr


def test_play_calls_a_named_player_by_its_name(tmp_path):
    result = meeplog(
        "play",
        "forest",
        "-p",
        "carol=random",
        "-p",
        "random",
        "-p",
        "random",
        "--seed",
        "3",
        "-q",
        "--db",
        str(tmp_path / "g.db"),
    )
    assert result.returncode == 0, result.stderr
    assert "carol" in result.stdout and "carol=random" not in result.stdout
    [game] = open_store(str(tmp_path / "g.db")).games()
    assert game.seats[0] == "carol=random"


def test_a_spec_cannot_carry_a_key_only_the_name_of_its_variable(tmp_path):
    key = "sk-secret-123"
    result = meeplog("tournament", "forest", "-p", f"gpt=llm:base_url=http://127.0.0.1:9/v1,model=m,api_key={key}",
                     "-p", "random", "-p", "random", "--db", str(tmp_path / "t.db"))
    assert result.returncode == 2 and "api_key: Extra inputs are not permitted" in result.stderr
    assert "api_key_env" in result.stderr and key not in result.stderr  # the variable is offered, the key unsaid
