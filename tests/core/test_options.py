"""Game options as typed with `-o name=value`: every option each game documents, in the form its RULES.md writes
it, reaches the game; a bad value for any of them, a check across options and a missing data file are each
refused in one line that names the option."""

from __future__ import annotations

import importlib
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from meeplog.core.cli import app
from meeplog.core.options import BadOption, configure, described, read, typed
from meeplog.core.registry import load_rules
from meeplog.core.store import open_store

GAMES = Path(__file__).parents[2] / "games"
COPY = "<a copy of the bundled data file>"  # stands for a path the test makes

# Each documented option at a value other than its default, written as the game's RULES.md writes values.
DOCUMENTED: dict[str, dict[str, tuple[str, Any]]] = {
    "forest": {
        "first_player": ("card_draw", "card_draw"),
        "second_must_take": ("false", False),
        "cash_timing": ("after_both_takes", "after_both_takes"),
        "deforestation_penalty": ("3", 3),
        "deforestation_stacks_with_pile_penalty": ("false", False),
        "deforestation_penalty_basis": ("held_at_end", "held_at_end"),
        "deforestation_counts_for_wildcards": ("true", True),
        "match_games": ("2", 2),
        "data_file": (COPY, COPY),
    },
    "donkey": {
        "donkey_counts": ('{"normal": 8}', {"normal": 8}),
        "double_removes_bottom": ("False", False),
        "reveal_double_removed": ("True", True),
        "double_refuser_draws": ("1", 1),
        "max_favours_per_game": ("1", 1),
        "max_favours_per_round": ("2", 2),
        "favour6_allow_zero": ("False", False),
        "favour8_swap_targets": ('"correct_acceptors_only"', "correct_acceptors_only"),
        "attacked_removed_count_toward_total": ("True", True),
        "picky_removed_count_toward_total": ("True", True),
        "picky_removed_players_ineligible": ("False", False),
        "lost_pass_first_player": ("False", False),
        "lost_first_player": ('"original"', "original"),
        "scored_pile_visibility": ('"owner"', "owner"),
        "data_file": (COPY, COPY),
    },
    "hike": {
        "setup_backpacks": ("sequential", "sequential"),
        "actions_per_turn": ("2", 2),
        "allow_fewer_actions": ("true", True),
        "leader_needs_backpack": ("false", False),
        "payment_minimal_only": ("true", True),
        "forced_abandon_collects": ("false", False),
        "abandon_take_optional": ("true", True),
        "raccoon_mode": ("player_steals_random", "player_steals_random"),
        "end_on_last_draw": ("end_of_turn", "end_of_turn"),
        "hidden_backpacks": ("true", True),
        "final_tie": ("shared", "shared"),
        "hand_limit": ("5", 5),
        "data_file": (COPY, COPY),
    },
    "trekking": {
        "first_player": ("1", 1),
        "start_airport_timing": ("after_reveal", "after_reveal"),
        "starting_hand": ("4", 4),
        "trek_row_size": ("5", 5),
        "journey_cards": ('("A1", "B5")', ("A1", "B5")),
        "dest_row_size": ("4", 4),
        "dest_deck_top_public": ("false", False),
        "fly_replaces_move": ("true", True),
        "move_path": ("simple_path", "simple_path"),
        "journey_move_collects": ("false", False),
        "tile_recolor_mode": ("holder_keeps", "holder_keeps"),
        "reshuffle_timing": ("on_empty", "on_empty"),
        "journey_auto_gains": ("true", True),
        "visit_discount_min_paid": ("1", 1),
        "end_timing": ("immediate", "immediate"),
        "max_rounds": ("None", None),
        "data_file": (COPY, COPY),
    },
    "routard": {
        "data_file": (COPY, COPY),
        "express": ("False", False),
        "cards_per_type": ("3", 3),
        "sheet_purchase_optional": ("True", True),
        "interplayer_scope": ('"all"', "all"),
        "first_turn_may_fly": ("False", False),
        "auto_depart": ("True", True),
        "unplayable_destination": ('"forbidden"', "forbidden"),
        "cheque_purchase_timing": ('"after_card"', "after_card"),
        "tickets_per_shop_window": ("None", None),
        "assistance_moves_carry_passengers": ("True", True),
        "replay_pays_move": ("False", False),
        "force_rebuy_needed": ("True", True),
        "formalites_loss": ('"stranded"', "stranded"),
        "illegal_play": ('"fined"', "fined"),
        "unpaid_charge": ('"debt"', "debt"),
        "job_assistance_after_write_off": ('"optional"', "optional"),
        "auction_mode": ('"ascending"', "ascending"),
        "auction_bid_step": ("20", 20),
        "assistance_fallback": ('"first_ahead"', "first_ahead"),
        "final_tie": ('"active_first"', "active_first"),
        "rank_losers": ('"progress"', "progress"),
        "max_rounds": ("500", 500),
    },
}
CASES = [(game, name, text, value) for game, options in DOCUMENTED.items() for name, (text, value) in options.items()]
EVERY_OPTION = [  # in a fixed order: xdist's workers must collect the same list
    (game, name) for game in DOCUMENTED for name in sorted(set(load_rules(game).Config.model_fields) - {"players"})
]


def data_copy(game: str, folder: Path) -> str:
    """A copy of the game's bundled data file: another file than the default, with data the game accepts."""
    bundled = importlib.import_module(f"meeplog.games.{game}.data").DATA.bundled
    return str(shutil.copy(bundled, folder / bundled.name))


def players(game: str) -> int:
    return load_rules(game).min_players


def test_the_table_holds_every_option_of_every_game_and_each_is_documented_in_its_rules_page():
    for game, options in DOCUMENTED.items():
        fields = set(load_rules(game).Config.model_fields) - {"players"}
        assert set(options) == fields, game
        rules_page = (GAMES / game / "RULES.md").read_text()
        assert [name for name in fields if name not in rules_page] == [], game


@pytest.mark.parametrize(("game", "name", "text", "value"), CASES)
def test_every_documented_option_takes_a_non_default_value_written_as_its_rules_page_writes_it(
    game, name, text, value, tmp_path
):
    """Through the command line itself, in-process: `meeplog play GAME -o name=text` plays and stores a game
    whose recorded config holds the value."""
    if text == COPY:
        text = value = data_copy(game, tmp_path)
    rules = load_rules(game)
    assert value != rules.Config.model_fields[name].default
    if name != "data_file" and not text.isdigit():
        assert text in (GAMES / game / "RULES.md").read_text(), "the value is written as the rules page writes it"
    db = str(tmp_path / "games.db")
    seats = ["-p", "random"] * players(game)
    played = CliRunner().invoke(app, ["play", game, *seats, "-o", f"{name}={text}", "--seed", "1", "--db", db, "-q"])
    assert played.exit_code == 0, played.stderr
    (summary,) = open_store(db).games()
    recorded = rules.Config(**open_store(db).history(summary.id)[0].event.config)
    assert getattr(recorded, name) == value


@pytest.mark.parametrize(("game", "name"), EVERY_OPTION)
def test_a_bad_value_for_every_option_is_refused_in_one_line_that_names_the_option(game, name):
    refused = CliRunner().invoke(
        app, ["play", game, *["-p", "random"] * players(game), "-o", f"{name}=not-a-value", "--db", "memory"]
    )
    assert refused.exit_code == 2
    (line,) = refused.stderr.splitlines()
    assert line.startswith("error: ") and name in line


@pytest.mark.parametrize(
    ("game", "options", "message"),
    [
        ("routard", {"auction_bid_step": "15"}, "auction_bid_step=15: auction_bid_step must be a multiple of 10"),
        ("trekking", {"first_player": "7"}, "first_player=7: first_player must be 'random' or a seat from 0 to 1"),
        ("trekking", {"journey_cards": "A1,A1"}, "journey_cards=A1,A1: journey_cards must name two different cards"),
        ("donkey", {"donkey_counts": '{"normal": 3}'}, 'donkey_counts={"normal": 3}: donkey_counts give 3 donkeys'),
        ("donkey", {"donkey_counts": "{normal: 8}"}, 'neither JSON nor a Python literal'),
        ("hike", {"players": "3"}, "players is the number of seats, not an option"),
    ],
)
def test_a_check_across_options_or_at_setup_names_the_option_it_refuses(game, options, message):
    with pytest.raises(BadOption) as refused:
        configure(load_rules(game), players(game), options)
    assert message in str(refused.value)
    assert "\n" not in str(refused.value)


def test_a_missing_or_malformed_data_file_is_refused_in_one_line_before_anything_is_played(tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text("[deck\n")
    for path, fault in [("/nonexistent.toml", "cannot read the data file /nonexistent.toml: No such file"),
                        (broken, f"the data file {broken} cannot be parsed")]:
        refused = CliRunner().invoke(app, ["play", "forest", *["-p", "random"] * 3, "-o", f"data_file={path}",
                                           "--db", str(tmp_path / "games.db")])
        assert refused.exit_code == 2
        (line,) = refused.stderr.splitlines()
        assert fault in line and "leave data_file out" in line
    assert not (tmp_path / "games.db").exists() or list(open_store(str(tmp_path / "games.db")).games()) == []


@pytest.mark.parametrize("game", DOCUMENTED)
def test_the_games_listing_shows_each_option_with_an_example_that_reads_where_plain_text_would_not_do(game):
    rules = load_rules(game)
    lines = described(rules.Config)
    assert len(lines) == len(rules.Config.model_fields) - 1
    for line in lines:
        name, _, rest = line.partition("=")
        default = rules.Config.model_fields[name].default
        shown = configure(rules, players(game), {name: rest.split(" (")[0]})
        assert getattr(shown, name) == default, "the default is shown as one types it"
        if " (e.g. " in line:
            example = line.split(" (e.g. ")[1].removesuffix(")").partition("=")[2]
            configure(rules, players(game), {name: example})


@pytest.mark.parametrize(
    ("game", "name", "text", "value"),
    [
        ("trekking", "journey_cards", "A1, B5", ("A1", "B5")),
        ("trekking", "journey_cards", '["A1", "B5"]', ("A1", "B5")),
        ("trekking", "max_rounds", "none", None),
        ("trekking", "first_player", "'random'", "random"),
        ("trekking", "dest_row_size", "4", 4),
        ("donkey", "donkey_counts", "{'normal': 8}", {"normal": 8}),
    ],
)
def test_comma_lists_json_python_literals_none_and_quotes_read_by_the_options_type_and_typed_reads_back(
    game, name, text, value
):
    rules = load_rules(game)
    field = rules.Config.model_fields[name]
    assert getattr(rules.configure(rules.min_players, **{name: read(name, field, text)}), name) == value
    assert getattr(rules.configure(rules.min_players, **{name: read(name, field, typed(value))}), name) == value
