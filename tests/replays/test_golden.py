"""Golden replays: every registered game's stored replays still verify, so a change in its behaviour fails
here with the first event the rules no longer cause (regenerate deliberately with scripts/make-golden)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from meeplog.core.registry import game_names
from meeplog.replays.format import ReplayFormatError, read_replay
from meeplog.replays.present import verdict_report
from meeplog.replays.verify import verify
from tests.replays.golden import GOLDEN, MAKE, golden_files, make_golden


def report(verdict, file: str) -> str:
    console = Console(width=200, file=io.StringIO())
    console.print(verdict_report(verdict, file, db=""))
    return console.file.getvalue()


@pytest.mark.parametrize("game", game_names())
def test_the_golden_replays_of_every_registered_game_still_verify(game):
    files = golden_files(game)
    if len(files) < 2:
        pytest.fail(f"{game} has {len(files)} golden replays under {GOLDEN.relative_to(GOLDEN.parents[1])}/{game}/; "
                    f"create them with `{MAKE} {game}` and commit them")
    hint = f"if the change is meant, run `{MAKE} {game}` and commit the result"
    for path in files:
        try:
            history = read_replay(path)
        except ReplayFormatError as error:
            pytest.fail(f"{path.name} no longer reads: {error}; {hint}")
        verdict = verify(history)
        assert verdict.ok, f"{path.name} no longer replays ({hint}):\n{report(verdict, str(path))}"
        assert verdict.finished and verdict.notes == (), verdict.notes


@pytest.mark.parametrize("game", game_names())
def test_regenerating_the_golden_replays_changes_no_byte(game, tmp_path):
    """Fixed ids and seeds and a frozen clock: a replay recorded in another process comes out the same."""
    stored = golden_files(game)
    if not stored:
        pytest.skip(f"{game} has no golden replays yet")
    made = make_golden(game, tmp_path)
    assert [path.name for path in made] == [path.name for path in stored]
    for new, old in zip(made, stored, strict=True):
        assert new.read_bytes() == old.read_bytes(), (
            f"{old.name} recorded again differs from the stored one; if the game or its random players changed "
            f"on purpose, run `{MAKE} {game}`")
