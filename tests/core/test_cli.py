"""The command line, run as a user runs it: separate processes, exit codes, one-line errors."""

from __future__ import annotations

import random
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from meeplog.core.registry import load_rules
from meeplog.core.store import open_store

MEEPLOG = str(Path(sys.executable).with_name("meeplog"))


def meeplog(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([MEEPLOG, *args], input=stdin, capture_output=True, text=True, timeout=120, check=False)


def test_a_played_game_is_stored_and_can_be_listed_and_printed_by_later_processes(tmp_path):
    db = str(tmp_path / "games.db")
    played = meeplog("play", "forest", "-p", "random", "-p", "random", "-p", "random", "--seed", "7", "--db", db)
    assert played.returncode == 0, played.stderr
    assert "seat 0 plays" in played.stdout and "final scores" in played.stdout
    game_id = played.stdout.split("stored as game ")[1].split()[0]

    listed = meeplog("list", "--db", db)
    assert listed.returncode == 0 and "forest" in listed.stdout
    assert game_id[:8] in listed.stdout

    printed = meeplog("log", game_id[:8], "--db", db)
    assert printed.returncode == 0, printed.stderr
    assert printed.stdout.count("plays") == 30
    assert "game over" in printed.stdout


def test_the_same_seed_plays_the_same_game(tmp_path):
    runs = [meeplog("play", "forest", *["-p", "random"] * 4, "--seed", "3", "--db", "memory", "-q") for _ in range(2)]
    tables = [run.stdout.split("stored as")[0] for run in runs]
    assert tables[0] == tables[1]


def test_the_games_command_lists_games_with_player_counts_and_options():
    result = meeplog("games")
    assert result.returncode == 0
    assert "forest" in result.stdout and "3-4" in result.stdout and "second_must_take" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess", "-p", "random"], "unknown game 'chess'; known games: "),
        (["play", "forest", "-p", "wizard", "-p", "random", "-p", "random"], "unknown player 'wizard'; known players"),
        (["play", "forest", "-p", "random", "-p", "random"], "takes 3 to 4 players, not 2"),
        (["play", "forest", *["-p", "random"] * 3, "-o", "cash_timing=never"], "bad game option cash_timing=never: "),
        (["play", "forest", *["-p", "random"] * 3, "-o", "data_file=/nonexistent.toml"],
         "cannot read the data file /nonexistent.toml: No such file or directory; name another file, or leave"),
        (["play", "routard", "-p", "random", "-p", "random", "-o", "auction_bid_step=15"],
         "bad game option auction_bid_step=15: auction_bid_step must be a multiple of 10"),
        (["tournament", "trekking", "-p", "random", "-p", "random", "-o", "first_player=7"],
         "bad game option first_player=7: first_player must be 'random' or a seat from 0 to 1"),
        (["tournament", "donkey", *["-p", "random"] * 3, "-o", "donkey_counts={normal: 8}"],
         'donkey_counts={normal: 8}: neither JSON nor a Python literal'),
        (["play", "forest", *["-p", "random"] * 3, "-o", "colour=red"], "has no option colour; its options:"),
        (["play", "forest", "-p", "random:seed=abc", "-p", "random", "-p", "random"], "bad options for player"),
        (["play", "forest", *["-p", "random"] * 3, "--db", "postgresql://postgres@127.0.0.1:1/x"],
         "cannot open the store (PostgreSQL at 127.0.0.1:1/x)"),
        (["log", "123e4567", "--db", "memory"], "no stored game with an id starting '123e4567'"),
        (["play", "forest", *["-p", "random"] * 3, "--seed", "seven"], "Invalid value for '--seed'"),
        (["play", "forest", *["-p", "random"] * 3, "--timeout", "0"], "Invalid value for '--timeout'"),
        (["play"], "Missing argument 'game'"),
        (["serve", "--port", "99999"], "Invalid value for '--port': Input should be less than or equal to 65535"),
        (["play", "forest", "-p", "human", "-p", "random", "-p", "random", "--stdin", "1\n99\n"],
         "seat 0: answer 99 is not one of the"),
        (["play", "forest", "-p", "human", "-p", "random", "-p", "random", "--stdin", "1\n"],
         "seat 0: the input ended before the game did"),
    ],
)
def test_bad_input_gives_one_line_saying_what_is_wrong_and_a_failing_status(args, message, tmp_path):
    db = tmp_path / "games.db"
    stdin = ""
    if "--stdin" in args:  # what a script of moves pipes in, not a meeplog option
        at = args.index("--stdin")
        stdin, args = args[at + 1], args[:at] + args[at + 2:]
    if "--db" not in args:
        args = [*args, "--db", str(db)]
    result = meeplog(*args, stdin=stdin)
    assert result.returncode == 2  # bad input, whether click or the command refused it
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert message in lines[0]
    if db.exists():
        assert list(open_store(str(db)).games()) == [], "a failed command left a game in the store"


def test_a_file_that_cannot_be_written_is_one_line_too():
    result = meeplog("tournament", "forest", *["-p", "random"] * 3, "--games", "1", "--out", "/proc/standings",
                     "--db", "memory")
    assert result.returncode == 2
    assert result.stderr.splitlines() == ["error: /proc/standings: No such file or directory"]


def test_a_fork_takes_options_as_play_does_and_refuses_a_bad_one_in_one_line(tmp_path):
    db = str(tmp_path / "games.db")
    played = meeplog("play", "routard", "-p", "random", "-p", "random", "--seed", "3", "--db", db, "-q")
    game_id = played.stdout.split("stored as game ")[1].split()[0]
    forked = meeplog("replay", "fork", game_id, "--at", "4", *["-p", "random"] * 2, "-o", "max_rounds=45",
                     "--db", db, "-q")
    assert forked.returncode == 0, forked.stderr
    fork_id = forked.stdout.split("stored as game ")[1].split()[0]
    assert open_store(db).history(uuid.UUID(fork_id))[0].event.config["max_rounds"] == 45
    refused = meeplog("replay", "fork", game_id, "--at", "4", *["-p", "random"] * 2, "-o", "max_rounds=many",
                      "--db", db)
    assert refused.returncode == 2
    assert refused.stderr.splitlines() == [
        "error: bad game option max_rounds=many: Input should be a valid integer, unable to parse string as an"
        " integer; `meeplog games` lists every option"
    ]


def test_a_script_of_moves_plays_a_human_seat(tmp_path):
    answers = "1\n" * 40
    result = meeplog("play", "forest", "-p", "human", "-p", "random", "-p", "random", "--seed", "2",
                     "--db", str(tmp_path / "g.db"), stdin=answers)
    assert result.returncode == 0, result.stderr
    assert "your choice" in result.stdout and "final scores" in result.stdout


def test_a_scripted_move_that_is_not_legal_stops_the_game_with_the_reason_and_stores_nothing(tmp_path):
    rules = load_rules("forest")
    state = rules.setup(rules.configure(3), random.Random(5))
    card = min(set(range(50)) - set(state.hands[0]))
    db = tmp_path / "games.db"
    result = meeplog("play", "forest", "-p", "human", "-p", "random", "-p", "random", "--seed", "5", "--db", str(db),
                     stdin=f'{{"type": "PlayCard", "card": {card}}}\n')
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f'error: seat 0: {{"type": "PlayCard", "card": {card}}} is not legal now: '
        f"{state.data.card_name(card)} is not in your hand"
    ]
    assert not db.exists() or list(open_store(str(db)).games()) == []
