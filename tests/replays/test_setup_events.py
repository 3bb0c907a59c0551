"""The deal is in the log (DESIGN.md section 10): what setup did is recorded right after GameStarted, each seat
shown its own part, so `meeplog log --as`, `replay show --step 0 --as`, the viewer and `replay verify` start at
the real start; and games recorded before, without setup events, still read, verify and fork."""

from __future__ import annotations

import dataclasses
import io
import random
from pathlib import Path

import orjson
import pytest
from rich.console import Console
from typer.testing import CliRunner

from meeplog.core.audit import GameStarted
from meeplog.core.cli import app
from meeplog.core.game import Game, block_end
from meeplog.core.registry import game_names, load_rules
from meeplog.core.store import open_store
from meeplog.replays.fork import fork
from meeplog.replays.format import read_replay, write_replay
from meeplog.replays.present import verdict_report
from meeplog.replays.steps import Timeline
from meeplog.replays.travel import at_step
from meeplog.replays.verify import verify
from meeplog.replays.viewer.frames import frame
from tests.replays.games import forest_game

FIXTURES = Path(__file__).parent / "fixtures"
BEFORE = sorted(FIXTURES.glob("*-before-setup-events.jsonl"))  # golden replays as recorded before setup events
LEGACY_NOTE = "recorded before setup events were kept"

# (game, options, what seat 0's log shows of its start): hidden hands in three games; the Donkey's fixed load
# cards and its first donkey, revealed without a decision; Routard's public starting kit.
STARTS = [
    ("forest", {}, "seat 0 holds "),
    ("hike", {}, "seat 0 holds "),
    ("trekking", {"start_airport_timing": "after_reveal"}, "Seat 0 holds "),
    ("donkey", {}, "round 1: "),
    ("routard", {}, "every traveller starts at home with 1800 €"),
]


def meeplog(*args: str):
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def logged(log: str) -> dict[int, str]:
    """`meeplog log`'s lines by version."""
    return {int(line[:5]): line[7:] for line in log.splitlines()}


def setup_lines(history, seat: int) -> list[str]:
    """How the recorded setup events read to `seat`, against the state setup makes."""
    started = history[0].event
    rules = load_rules(started.game)
    state = rules.setup(rules.Config(**started.config), random.Random(started.seed))
    return [rules.describe(state, r.event.seen_by(seat)) for r in history[1:block_end(history, 0)]]


def test_every_game_records_its_setup_events_right_after_game_started():
    for name in game_names():
        rules = load_rules(name)
        game = Game.start(rules, rules.configure(rules.min_players), ["random"] * rules.min_players, seed=4)
        assert isinstance(game.log[0].event, GameStarted)
        assert [r.event for r in game.log[1:]] == list(game.setup_events) != [], name
        assert Game.rebuild(game.log).state == game.state, "rebuild does not fold the setup events twice"


@pytest.mark.parametrize(("game", "options", "shown"), STARTS, ids=[start[0] for start in STARTS])
def test_log_as_seat_0_shows_its_real_start_and_no_other_seats_hand(game, options, shown, tmp_path):
    db = str(tmp_path / "games.db")
    players = ["-p", "random"] * load_rules(game).min_players
    chosen = [f"-o{name}={value}" for name, value in options.items()]
    played = meeplog("play", game, *players, *chosen, "--seed", "2", "--db", db, "-q")
    game_id = played.split("stored as game ")[1].split()[0]
    store = open_store(db)
    history = store.history(store.resolve(game_id))
    setup = block_end(history, 0)

    log = logged(meeplog("log", game_id[:8], "--as", "0", "--db", db))
    mine, theirs = setup_lines(history, 0), setup_lines(history, 1)
    assert [log[version] for version in range(2, setup + 1)] == mine, "the start comes right after GameStarted"
    assert any(shown in line for line in mine)
    assert "seat 1 holds" not in "\n".join(log.values()).lower()
    assert not set(theirs) & set(log.values()) - set(mine), "another seat's start is not shown to seat 0"


def test_replay_show_at_step_0_as_a_seat_shows_its_start_and_not_another_seats(tmp_path):
    game = forest_game()
    file = tmp_path / "game.jsonl"
    write_replay(game.log, file)
    shown = meeplog("replay", "show", str(file), "--step", "0", "--as", "0")
    assert "step 0 of" in shown and setup_lines(game.log, 0)[0] in shown
    assert "seat 0 holds" in shown and "seat 1 holds" not in shown
    exact = orjson.loads(meeplog("replay", "show", str(file), "--step", "0", "--as", "1", "--json"))
    assert [entry["version"] for entry in exact["feed"]] == [1, 2]
    dealt = exact["feed"][1]["event"]
    assert dealt["type"] == "Dealt" and dealt["hands"][0] is None and dealt["hands"][1] is not None
    assert dealt["set_aside"] is None and dealt["deck"] is None


def test_the_viewers_step_0_shows_each_seat_its_own_deal():
    game = forest_game()
    for seat in range(game.players):
        lines = frame(game.log, 0, seat).lines
        assert [line.kind for line in lines] == ["GameStarted", "Dealt"]
        assert f"seat {seat} holds" in lines[1].text
        assert sum(f"seat {other} holds" in lines[1].text for other in range(game.players)) == 1
    assert frame(game.log, 0, None).lines[1].text.count(" holds ") == game.players


def test_verify_catches_a_tampered_setup_event_and_points_at_the_start():
    game = forest_game()
    dealt = game.log[1].event
    first, second = dealt.hands[0], dealt.hands[1]
    swapped = dataclasses.replace(dealt, hands=((second[0], *first[1:]), (first[0], *second[1:]), *dealt.hands[2:]))
    tampered = [game.log[0], game.log[1]._replace(event=swapped), *game.log[2:]]

    verdict = verify(tampered)
    assert not verdict.ok and verdict.decisions == 0
    divergence = verdict.divergence
    assert (divergence.decision, divergence.version, divergence.step) == (0, 2, 0)
    assert divergence.problem.startswith("Dealt differs (hands: recorded ")
    assert divergence.recorded == (swapped,) and divergence.redecided == (dealt,)
    console = Console(width=300, file=io.StringIO())
    console.print(verdict_report(verdict, "game.jsonl", db=""))
    report = console.file.getvalue()
    assert "first divergence at version 2 (line 2 of the file), in the setup" in report
    assert "meeplog replay show game.jsonl --step 0" in report
    assert fork(game.log, 3, ["random"] * game.players).version == Timeline.of(game.log).ends[3]
    with pytest.raises(ValueError, match="do not reproduce this game up to step 3: version 2: Dealt differs"):
        fork(tampered, 3, ["random"] * game.players)


def test_the_golden_replays_of_before_are_kept_one_per_game():
    assert sorted(path.name.split("-")[0] for path in BEFORE) == sorted(game_names())


@pytest.mark.parametrize("path", BEFORE, ids=[path.name.split("-")[0] for path in BEFORE])
def test_a_replay_recorded_before_setup_events_still_verifies_shows_and_forks(path):
    history = read_replay(path)
    assert block_end(history, 0) == 1, "the fixture has no setup events"
    verdict = verify(history)
    assert verdict.ok and verdict.finished, verdict.divergence
    assert [note for note in verdict.notes if LEGACY_NOTE in note] == list(verdict.notes) != []

    timeline = Timeline.of(history)
    assert at_step(history, timeline.last).game.state == Game.rebuild(history).state
    assert frame(history, 0, 0).lines[0].kind == "GameStarted"
    forked = fork(history, 2, ["random"] * len(history[0].event.seats))
    setup = block_end(forked.log, 0)
    assert [r.event for r in forked.log[1:setup]] == list(forked.setup_events) != []
    assert [r.originator_version for r in forked.log] == list(range(1, forked.version + 1))
    assert [r.event for r in forked.log[setup:]] == [r.event for r in history[1:timeline.ends[2]]]
    again = verify(forked.log)
    assert again.ok and again.notes == (), again.divergence


def test_a_store_of_games_recorded_before_setup_events_lists_logs_and_verifies_them(tmp_path):
    db = str(tmp_path / "old.db")
    for path in BEFORE:
        meeplog("replay", "import", str(path), "--db", db)
    listed = meeplog("list", "--db", db)
    assert all(str(read_replay(path)[0].originator_id)[:8] in listed for path in BEFORE)
    forest = next(read_replay(path) for path in BEFORE if path.name.startswith("forest"))
    log = meeplog("log", str(forest[0].originator_id), "--as", "0", "--db", db)
    assert "seat 0 plays" in log and "holds" not in log
    verified = meeplog("replay", "verify", "--all", "--db", db)
    assert f"all {len(BEFORE)} games verify" in verified and verified.count(LEGACY_NOTE) == len(BEFORE)

