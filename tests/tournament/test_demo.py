"""`scripts/demo`, one of the README's two set-up commands, runs: it picks the installed players and plays."""

from __future__ import annotations

import json
import subprocess

from meeplog.core.compiled import ROOT


def test_the_demo_plays_its_tournament_with_the_installed_players(tmp_path):
    done = subprocess.run([str(ROOT / "scripts" / "demo"), "--games", "3", "--db", str(tmp_path / "demo.db"),
                           "--out", str(tmp_path)], capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    [standings] = [json.loads(path.read_text()) for path in tmp_path.glob("*.json")]
    assert sorted(player["player"] for player in standings["players"]) == ["heuristic", "mcts:sims=100", "random"]
    assert standings["recorded"] == 3 and standings["failed"] == 0
