"""The example plug-in game (docs/examples/perudo), installed with pip into a fresh virtual environment the
way a user installs a game of their own, then found through its entry point, played by every player
type in a tournament, and checked by the conformance kit as its author runs it: `pytest --meeplog-rules
perudo.rules:PerudoRules` from a folder of their own, against the installed Meeplog's pytest plugin.

The fresh environment sees Meeplog and its dependencies through a .pth file (this environment's site-packages as
a site folder, Meeplog's install and its entry points included; never this checkout's folder), so that the test
needs no network; the plug-in itself is built and installed by pip from its own pyproject.toml, entry point
included.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sysconfig
import venv
from pathlib import Path

import pytest

from meeplog.core.conformance.plugin import KIT
from meeplog.players.mock_llm import serving

pytestmark = pytest.mark.slow  # run first (tests/conftest.py)

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
        (purelib / "meeplog-installed.pth").write_text(
            f"import site; site.addsitedir({sysconfig.get_paths()['purelib']!r})\n")

    def run(self, *args: str | Path, cwd: Path = ROOT, timeout: float = 600) -> subprocess.CompletedProcess[str]:
        done = self.attempt(*args, cwd=cwd, timeout=timeout)
        assert done.returncode == 0, f"{args} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        return done

    def attempt(self, *args: str | Path, cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
        """Run the environment's Python, whatever it exits with."""
        return subprocess.run([self.python, *args], check=False, cwd=cwd, capture_output=True, text=True,
                              timeout=timeout)

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


def test_the_conformance_kit_passes_on_the_plug_in_run_from_a_folder_of_its_authors_own(fresh, tmp_path):
    """docs/writing-a-game.md's command, in a folder outside the checkout: the installed kit, on Perudo only."""
    done = fresh.run("-m", "pytest", "--meeplog-rules", "perudo.rules:PerudoRules", "-v", "-p", "no:cacheprovider",
                     cwd=tmp_path, timeout=900)
    ran = [line for line in done.stdout.splitlines() if line.endswith("]") and "::test_" in line]
    assert ran and all("[perudo.rules:PerudoRules" in line for line in ran), "the game named, and only it"
    assert {line.partition("::")[0].rpartition("/")[2] for line in ran} == {path.name for path in KIT.glob("test_*.py")}
    assert " passed" in done.stdout and "failed" not in done.stdout and "error" not in done.stdout.lower()


LEAKY = """
from perudo import PerudoRules
from perudo.view import view


class LeakyPerudo(PerudoRules):
    \"\"\"Perudo whose view shows a seat the next seat's dice beside its own.\"\"\"

    name = "leaky-perudo"

    def view(self, state, seat):
        shown = view(state, seat)
        return shown.model_copy(update={"my_dice": [*shown.my_dice, *state.cups[(seat + 1) % len(state.cups)]]})
"""


def test_the_conformance_kit_fails_on_a_game_whose_view_shows_another_seats_dice(fresh, tmp_path):
    (tmp_path / "leaky_perudo.py").write_text(LEAKY)
    done = fresh.attempt("-m", "pytest", "--meeplog-rules", "leaky_perudo:LeakyPerudo", "-k", "no_leak_in_views",
                         "-p", "no:cacheprovider", cwd=tmp_path)
    assert done.returncode == 1, done.stdout[-3000:]
    assert "FAILED" in done.stdout and "shows something hidden" in done.stdout


def test_a_game_the_kit_cannot_load_is_a_usage_error_in_one_line(fresh, tmp_path):
    done = fresh.attempt("-m", "pytest", "--meeplog-rules", "no_such_game.rules:Rules", cwd=tmp_path)
    assert done.returncode == 4
    assert done.stderr.strip() == ("ERROR: --meeplog-rules no_such_game.rules:Rules: game plug-in "
                                   "'no_such_game.rules:Rules' (no_such_game.rules:Rules) failed to load: "
                                   "ModuleNotFoundError: No module named 'no_such_game'")


def test_without_the_option_the_plug_in_adds_nothing_to_a_run(fresh, tmp_path):
    (tmp_path / "test_own.py").write_text("def test_own():\n    pass\n")
    done = fresh.run("-m", "pytest", "-q", "-p", "no:cacheprovider", cwd=tmp_path)
    assert "1 passed" in done.stdout


KIT_MODULES = """
import sys
import pytest
code = pytest.main(["--meeplog-rules", "perudo", "-q", "-p", "no:cacheprovider", "-k", "pickling"])
print(sorted(name for name in sys.modules if name.partition(".")[0] in {"core", "games", "players", "replays"}))
print(sorted(name for name in sys.modules if name.startswith("meeplog.core.conformance.test_")))
sys.exit(code)
"""


def test_the_kits_modules_are_imported_by_their_names_in_the_package_never_as_a_top_level_core(fresh, tmp_path):
    top_level, kit = fresh.run("-c", KIT_MODULES, cwd=tmp_path).stdout.splitlines()[-2:]
    assert top_level == "[]"
    assert "meeplog.core.conformance.test_kernel" in kit


BOXED = """
from perudo import PerudoRules


class Boxed(PerudoRules):
    \"\"\"Perudo under another name, its Rules class in a package's __init__.py.\"\"\"

    name = "boxed"
"""


def test_the_kit_finds_the_prompt_file_of_a_rules_class_in_a_packages_init_and_names_its_absence(fresh, tmp_path):
    (tmp_path / "boxed").mkdir()
    (tmp_path / "boxed" / "__init__.py").write_text(BOXED)
    kit = ("-m", "pytest", "--meeplog-rules", "boxed:Boxed", "-k", "prompt_file", "-p", "no:cacheprovider")
    missing = fresh.attempt(*kit, cwd=tmp_path)
    assert missing.returncode == 1, missing.stdout[-3000:]
    said = "Perudo: no prompt.md in boxed, the package of its Rules class, so models are sent no rules"
    assert said in missing.stdout
    shutil.copy(PLUGIN / "perudo" / "prompt.md", tmp_path / "boxed" / "prompt.md")
    found = fresh.attempt(*kit, cwd=tmp_path)
    assert found.returncode == 0, found.stdout[-3000:]
    assert "1 passed" in found.stdout
