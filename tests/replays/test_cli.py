"""`meeplog replay` as a user runs it: export, import, verify, show and fork, with one-line errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from meeplog.core.cli import app
from meeplog.core.store import open_store
from meeplog.replays.cli import console
from meeplog.replays.format import read_replay, write_replay
from meeplog.replays.steps import Timeline
from tests.replays.games import audited_game, forest_game
from tests.replays.golden import golden_files

MEEPLOG = str(Path(sys.executable).with_name("meeplog"))


@pytest.fixture(autouse=True)
def wide_console():
    """The console took its width from the terminal at import; side-by-side rows must fit on one line here."""
    width = console.width
    console.width = 200
    yield
    console.width = width


def meeplog(*args: str):
    return CliRunner().invoke(app, list(args))


def test_the_replay_commands_are_installed_and_verify_the_golden_replays():
    files = [str(path) for path in golden_files("forest")]
    result = subprocess.run([MEEPLOG, "replay", "verify", *files], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert f"all {len(files)} games verify" in result.stdout


def test_export_import_and_verify_between_stores(tmp_path):
    game = audited_game()
    source, target = str(tmp_path / "source.db"), str(tmp_path / "target.db")
    open_store(source).save(*game.log)
    file = str(tmp_path / "game.jsonl")

    exported = meeplog("replay", "export", str(game.id)[:8], "-o", file, "--db", source)
    assert exported.exit_code == 0, exported.stderr
    assert f"exported game {game.id} ({game.version} events) to {file}" in exported.stdout
    assert read_replay(Path(file)) == game.log

    imported = meeplog("replay", "import", file, "--db", target)
    assert imported.exit_code == 0, imported.stderr
    assert f"imported forest game {game.id} ({game.version} events) into {target}" in imported.stdout
    again = meeplog("replay", "import", file, "--db", target)
    assert again.exit_code == 2 and f"error: game {game.id} is already in {target}" in again.stderr

    verified = meeplog("replay", "verify", str(game.id), file, "--db", target)
    assert verified.exit_code == 0, verified.stdout
    assert f"ok  forest game {game.id} (in {target})" in verified.stdout
    assert f"ok  forest game {game.id} ({file})" in verified.stdout and "all 2 games verify" in verified.stdout
    every = meeplog("replay", "verify", "--all", "--db", target)
    assert every.exit_code == 0 and "all 1 games verify" in every.stdout


def test_verify_of_an_edited_file_shows_the_first_divergence_side_by_side(tmp_path):
    game = forest_game()
    file = tmp_path / "edited.jsonl"
    write_replay(game.log, file)
    lines = file.read_bytes().split(b"\n")
    number = next(n for n, line in enumerate(lines, 1) if n > 60 and b'"type":"CardPlayed"' in line)
    played = orjson.loads(lines[number - 1])
    card = played["event"]["card"]
    played["event"]["card"] = card + 1
    lines[number - 1] = orjson.dumps(played)
    file.write_bytes(b"\n".join(lines))

    result = meeplog("replay", "verify", str(file))
    assert result.exit_code == 1
    assert f"first divergence at version {number} (line {number} of the file)" in result.stdout
    assert f"CardPlayed differs (card: recorded {card + 1}, now {card})" in result.stdout
    row = next(line for line in result.stdout.splitlines() if f"≠ {number}" in line)
    assert f'"card":{card + 1}}}' in row and f'"card":{card}}}' in row
    assert "error: 1 of 1 games diverge from the installed rules" in result.stderr


def test_show_prints_the_state_or_a_seats_view_feed_and_prompt(tmp_path):
    game = audited_game()
    file = tmp_path / "game.jsonl"
    write_replay(game.log, file)
    whole = meeplog("replay", "show", str(file), "--step", "12")
    assert whole.exit_code == 0, whole.stderr
    assert "step 12 of" in whole.stdout and "'hands': [" in whole.stdout and "model exchange of seat" in whole.stdout

    timeline = Timeline.of(game.log)
    deciding = game.log[timeline.decisions[12]].event.seat  # its prompt was recorded at step 12
    mine = meeplog("replay", "show", str(file), "--step", "12", "--as", str(deciding))
    assert mine.exit_code == 0, mine.stderr
    assert f"view of seat {deciding}:" in mine.stdout and f"seat {deciding}, ask " in mine.stdout
    assert "'hands'" not in mine.stdout
    theirs = meeplog("replay", "show", str(file), "--step", "12", "--as", str((deciding + 1) % 3))
    assert "prompt:" not in theirs.stdout

    exact = orjson.loads(meeplog("replay", "show", str(file), "-n", "12", "--as", str(deciding), "--json").stdout)
    assert exact["step"] == 12 and exact["seat"] == deciding and exact["version"] == timeline.ends[12]
    assert len(exact["feed"]) == timeline.ends[12] and exact["prompts"]
    assert exact["view"]["seat"] == deciding

    wrong = meeplog("replay", "show", str(file), "--step", "12", "--as", "7")
    assert wrong.exit_code == 2 and "error: --as takes a seat from 0 to 2" in wrong.stderr


def test_fork_stores_a_new_game_that_records_its_origin(tmp_path):
    game = forest_game()
    db = str(tmp_path / "games.db")
    open_store(db).save(*game.log)
    result = meeplog("replay", "fork", str(game.id), "--at", "10", "-p", "random", "-p", "random", "-p", "random",
                     "--seed", "5", "--db", db)
    assert result.exit_code == 0, result.stderr
    assert f"forked from {game.id}@10" in result.stdout and "final scores" in result.stdout
    forked_id = result.stdout.split("stored as game ")[1].split()[0]
    assert meeplog("replay", "verify", forked_id, "--db", db).exit_code == 0
    logged = meeplog("log", forked_id, "--db", db)
    assert f"forked from {game.id}@10" in logged.stdout

    last = str(Timeline.of(game.log).last)
    over = meeplog("replay", "fork", str(game.id), "--at", last, "-p", "random", "-p", "random", "-p", "random",
                   "--db", db)
    assert over.exit_code == 2 and f"the game is over at step {last}" in over.stderr


def test_bad_sources_are_one_line_errors(tmp_path):
    foreign = tmp_path / "notes.txt"
    foreign.write_text("hello\n")
    result = meeplog("replay", "verify", str(foreign))
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"error: {foreign}, line 1: not a Meeplog replay "
                                     '(no header with "format": "meeplog-replay")')
    missing = meeplog("replay", "show", "nothing.jsonl", "--step", "1", "--db", "memory")
    assert missing.exit_code == 2 and "'nothing.jsonl' is no replay file, and no stored game" in missing.stderr
    assert meeplog("replay", "verify", "--db", "memory").stderr.startswith("error: name replay files or game ids")
