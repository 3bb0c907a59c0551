"""A broken plug-in (an entry point whose module is missing) costs only itself: `meeplog games` still lists every
other game, warns of the broken one in one line and exits 0; every other game, player and command works.

The broken plug-in is installed the way pip leaves one: a `.dist-info` folder with its entry points, on the
path of a real `meeplog` process (PYTHONPATH), its module nowhere.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.core.test_cli import MEEPLOG

GAMES = ("donkey", "forest", "hike", "routard", "trekking")
GROUPS = {"game": "meeplog.games", "player": "meeplog.players", "command": "meeplog.commands"}


def installed_broken(folder: Path, kind: str) -> dict[str, str]:
    """The environment of a process that sees a plug-in `broken` of `kind` whose module does not exist."""
    info = folder / "broken_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[{GROUPS[kind]}]\nbroken = no_such_module.anywhere:Thing\n")
    return {**os.environ, "PYTHONPATH": str(folder), "MEEPLOG_FROM_SOURCE": "1"}


def meeplog(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([MEEPLOG, *args], env=env, capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize("kind", GROUPS)
def test_meeplog_games_lists_every_other_game_and_warns_of_the_broken_plug_in_in_one_line(kind, tmp_path):
    listed = meeplog(installed_broken(tmp_path, kind), "games")
    assert listed.returncode == 0, listed.stderr
    assert all(f"\n{game}  " in listed.stdout for game in GAMES)
    assert listed.stderr.splitlines() == [
        f"warning: {kind} plug-in 'broken' (no_such_module.anywhere:Thing) failed to load: ModuleNotFoundError: No "
        "module named 'no_such_module'; left out"
    ]


@pytest.mark.parametrize("kind", GROUPS)
def test_every_other_game_player_and_command_works_beside_a_broken_plug_in(kind, tmp_path):
    env = installed_broken(tmp_path, kind)
    played = meeplog(env, "play", "forest", *["-p", "random"] * 3, "--seed", "1", "--db", "memory", "-q")
    assert played.returncode == 0, played.stderr
    assert "final scores" in played.stdout
    listed = meeplog(env, "tournament", "list", "--db", "memory")
    assert listed.returncode == 0, listed.stderr


@pytest.mark.parametrize(
    ("kind", "args", "status"),
    [
        ("game", ["play", "broken", "-p", "random", "--db", "memory"], 2),
        ("player", ["play", "forest", "-p", "broken", "-p", "random", "-p", "random", "--db", "memory"], 2),
        ("command", ["broken"], 2),
    ],
)
def test_the_broken_plug_in_itself_is_refused_in_one_line_naming_it(kind, args, status, tmp_path):
    refused = meeplog(installed_broken(tmp_path, kind), *args)
    assert refused.returncode == status
    errors = [line for line in refused.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and len(refused.stderr.splitlines()) <= 2, refused.stderr
    if kind == "command":  # left out of the command line, so unknown there; its warning names it
        assert "No such command 'broken'" in errors[0]
        assert "command plug-in 'broken'" in refused.stderr
    else:
        assert f"{kind} plug-in 'broken' (no_such_module.anywhere:Thing) failed to load" in errors[0]
