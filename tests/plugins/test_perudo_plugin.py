"""The example plug-in game (docs/examples/perudo), installed with pip into a fresh virtual environment the
way a user installs a game of their own, then found through its entry point, played by every player
type in a tournament, and checked by the conformance kit.

The fresh environment sees Meeplog and its dependencies through a .pth file (this checkout, and this
environment's site-packages as a site folder), so that the test needs no network; the plug-in itself is built and
installed by pip from its own pyproject.toml, entry point included.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sysconfig
import venv
from pathlib import Path

import pytest

from meeplog.players.mock_llm import serving

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = ROOT / "docs" / "examples" / "perudo"


class FreshEnv:
    def __init__(self, where: Path) -> None:
        venv.create(where, with_pip=False)
        self.python = where / "bin" / "python"
        purelib = Path(subprocess.check_output(
            [self.python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], text=True).strip())
        # this environment's site-packages as a site folder, so that its own .pth files (Meeplog's editable
        # install among them) are read too
        (purelib / "meeplog-checkout.pth").write_text(
            f"{ROOT}\nimport site; site.addsitedir({sysconfig.get_paths()['purelib']!r})\n")

    def run(self, *args: str | Path, cwd: Path = ROOT, timeout: float = 600) -> subprocess.CompletedProcess[str]:
        done = subprocess.run([self.python, *args], check=False, cwd=cwd, capture_output=True, text=True,
                              timeout=timeout)
        assert done.returncode == 0, f"{args} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        return done

    def meeplog(self, *args: str | Path) -> subprocess.CompletedProcess[str]:
        return self.run("-c", "from meeplog.core.cli import main; main()", *args)


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> FreshEnv:
    env = FreshEnv(tmp_path_factory.mktemp("fresh-venv"))
    source = tmp_path_factory.mktemp("perudo-build") / "perudo"  # a build leaves files beside its sources
    shutil.copytree(PLUGIN, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    env.run("-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--no-index", source)
    return env


def test_the_installed_plug_in_is_listed_and_its_options_described(fresh):
    listed = fresh.meeplog("games").stdout
    assert "perudo" in listed and "Perudo" in listed
    assert "calza" in listed, "the options of a plug-in game are listed like any other's"


def test_the_viewer_draws_the_plug_ins_own_board(fresh):
    """The board comes from the plug-in's board.py; the seat's dice are marked secret, the others' are backs."""
    drawn = fresh.run("-c", "import random; from meeplog.core.registry import load_rules; "
                      "from meeplog.replays.viewer.boards import draw; rules = load_rules('perudo'); "
                      "state = rules.setup(rules.configure(3), random.Random(1)); "
                      "print(draw(rules, rules.view(state, 0)))").stdout
    assert 'class="zone hand me"' in drawn and "data-secret" in drawn and 'title="5 dice"' in drawn
    assert "generic" not in drawn


def test_the_plug_in_is_a_pettingzoo_environment_too(fresh):
    done = fresh.run("-c", "from meeplog.players.environments import env; from pettingzoo.test import api_test; "
                     "api_test(env('perudo', players=3), num_cycles=100)")
    assert "Passed API test" in done.stdout


def test_a_twenty_game_tournament_with_every_player_type(fresh, tmp_path):
    with serving() as server:
        players = ["random", "heuristic", "mcts:sims=8", f"llm:base_url={server.url}/v1,model=mock",
                   f"http:url={server.url}/agent"]
        db = tmp_path / "perudo.db"
        fresh.meeplog("tournament", "run", "perudo", *(arg for p in players for arg in ("-p", p)), "--games", "20",
                      "--seed", "3", "--workers", "1", "--db", str(db), "--out", str(tmp_path / "results"))
        asked = len(server.received)
    [written] = (tmp_path / "results").glob("*.json")
    standings = json.loads(written.read_text())
    assert (standings["scheduled"], standings["recorded"], standings["failed"]) == (20, 20, 0)
    assert standings["finished"] and len(standings["players"]) == len(players)
    assert asked > 0, "the model and agent seats asked their server"
    assert fresh.meeplog("list", "--db", str(db)).stdout.count("perudo") >= 20


def test_the_conformance_kit_passes_on_the_plug_in(fresh):
    done = fresh.run("-m", "pytest", "tests/conformance", "--rules", "perudo.rules:PerudoRules", "-q", "-x",
                     "-p", "no:cacheprovider", "-p", "no:randomly", timeout=900)
    assert " passed" in done.stdout and "failed" not in done.stdout
