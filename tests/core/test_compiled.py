"""The compiled hot modules (core/compiled.py) play exactly as their sources, and never run stale."""

from __future__ import annotations

import ast
import importlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from meeplog.core.compiled import HOT_MODULES, ROOT, is_current, package_tree, source_files, source_path
from meeplog.core.registry import load_rules
from meeplog.players.prompts import OPTIONS_HEADING

pytestmark = pytest.mark.slow  # run first (tests/conftest.py)

needs_build = pytest.mark.skipif(not is_current(), reason="the hot modules are not compiled here, or not from "
                                 "these sources (scripts/setup-venv compiles them)")

WHERE_FROM = f"""
import importlib
from meeplog.core.compiled import is_compiled
print(*(is_compiled(importlib.import_module(name)) for name in {HOT_MODULES!r}))
"""

COMPILED_GAMES = sorted({name.split(".")[2] for name in HOT_MODULES if name.startswith("meeplog.games.")})
SEARCHES = f"""
import random
from meeplog.core.game import Game
from meeplog.core.kernel import Evaluator
from meeplog.core.registry import load_rules
from meeplog.core.players import make_player
from meeplog.core.specs import PlayerSpec
from meeplog.players.mcts import Search
from meeplog.players.mcts_options import MctsOptions

for name in {COMPILED_GAMES!r}:
    rules = load_rules(name)
    cut = ",depth=16" if isinstance(rules.heuristic(), Evaluator) else ""  # Routard has no evaluation
    for spec in ("mcts:sims=40", f"mcts:sims=40{{cut}},rollout=heuristic,others=rollout,bias=0.5,fpu=0.8"):
        state = rules.setup(rules.configure(3), random.Random(3))
        seat = rules.pending(state).seats[0]
        search = Search(rules, seat, lambda rng: rules.sample(state, seat, rng),
                        MctsOptions(**PlayerSpec.parse(spec).options), random.Random(4))
        search.run(40)
        print(sorted((str(key), edge) for key, edge in search.root.edges.items()))
    game = Game.start(rules, rules.configure(3), ["heuristic"] * 3, 11)
    players = [make_player(PlayerSpec.parse("heuristic"), seat) for seat in range(3)]
    while not game.over:
        seat = game.pending().seats[0]
        game.submit(seat, players[seat].choose(game.observation(seat)))
    print(game.version, game.outcome())
"""


def run(code: str, cwd: Path = ROOT, **env: str) -> subprocess.CompletedProcess[str]:
    inherited = {name: value for name, value in os.environ.items() if name != "MEEPLOG_FROM_SOURCE"}
    environment = {**inherited, "PYTHONPATH": str(cwd), **env}
    return subprocess.run([sys.executable, "-W", "default", "-c", code], cwd=cwd, env=environment,
                          capture_output=True, text=True, check=True, timeout=300)


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of Meeplog's packages, whose sources a test may edit (the build is this environment's), laid out as
    the `meeplog` package so that it is imported before the installed one."""
    for package in ("core", "games", "players"):
        shutil.copytree(ROOT / package, tmp_path / "meeplog" / package, ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


@needs_build
def test_a_current_build_is_what_runs():
    assert run(WHERE_FROM).stdout.split() == ["True"] * len(HOT_MODULES)


@needs_build
def test_a_source_edited_after_the_build_runs_from_source_with_a_warning(tree):
    with (tree / "meeplog" / "games" / "forest" / "state.py").open("a") as state:
        state.write("\n# edited after the build\n")
    finished = run(WHERE_FROM, cwd=tree)
    assert finished.stdout.split() == ["False"] * len(HOT_MODULES)
    assert "older than their sources" in finished.stderr and "scripts/setup-venv" in finished.stderr


@needs_build
def test_the_sources_can_be_asked_for(tree):
    finished = run(WHERE_FROM, cwd=tree, MEEPLOG_FROM_SOURCE="1")
    assert finished.stdout.split() == ["False"] * len(HOT_MODULES)
    assert "older" not in finished.stderr


@needs_build
def test_compiled_searches_and_games_match_the_sources_exactly():
    compiled, source = run(SEARCHES).stdout, run(SEARCHES, MEEPLOG_FROM_SOURCE="1").stdout
    assert compiled == source
    assert compiled.count("\n") == 3 * len(COMPILED_GAMES)


COMPILED_SYSTEM_PROMPTS = """
import importlib, json
from meeplog.core.compiled import is_compiled
from meeplog.core.registry import game_names, load_rules
from meeplog.players.prompts import system_text
rules = {name: load_rules(name) for name in game_names()}
print(json.dumps({name: [is_compiled(importlib.import_module(type(game).__module__)), system_text(game)]
                  for name, game in rules.items()}))
"""


@needs_build
def test_every_games_system_prompt_holds_its_prompt_file_with_the_compiled_build_in_use():
    """The compiled kernel lives outside the package folder (in the environment); its prompt.md is still found."""
    shown = json.loads(run(COMPILED_SYSTEM_PROMPTS).stdout)
    assert shown["forest"][0], "the compiled Old Man of the Forest kernel was in use"
    for name, (_compiled, system) in shown.items():
        package = importlib.import_module(type(load_rules(name)).__module__.rpartition(".")[0])
        written = (Path(str(package.__file__)).parent / "prompt.md").read_text(encoding="utf-8")
        assert written.partition(f"\n{OPTIONS_HEADING}\n")[0].strip() in system, name


def test_the_hot_modules_type_check():
    """mypyc compiles only code that mypy accepts; a type error would leave them running from source. A current
    build was compiled from these very sources, so mypy accepted them: checking again costs half a minute."""
    if is_current():
        pytest.skip("the current build's mypyc run type-checked these sources")
    with package_tree() as tree:
        checked = subprocess.run([sys.executable, "-m", "mypy", *source_files(tree)], cwd=ROOT, capture_output=True,
                                 text=True, check=False, timeout=600)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_no_hot_module_checks_isinstance_against_a_union():
    """`isinstance(x, A | B)` builds a union object on every call, compiled or not (a sixth of a Hike
    step once); a tuple of classes costs nothing."""
    unions = [f"{module}:{call.lineno}" for module, call in _hot_calls("isinstance")
              if len(call.args) == 2 and isinstance(call.args[1], ast.BinOp)]
    assert not unions, f"write isinstance(x, (A, B)) instead: {unions}"


def test_no_hot_module_gives_zip_a_keyword():
    """Compiled, a plain zip is a loop over indexes; given a keyword (strict=True too) it is a generic call of
    the builtin, about 240 ns more each time (half of Hike's payment enumeration once)."""
    keyed = [f"{module}:{call.lineno}" for module, call in _hot_calls("zip") if call.keywords]
    assert not keyed, f"zip the sequences without a keyword (they have one length by construction): {keyed}"


def _hot_calls(function: str) -> Iterator[tuple[str, ast.Call]]:
    """Every call of the builtin `function` in the hot modules, with its module."""
    for module in HOT_MODULES:
        for node in ast.walk(ast.parse(source_path(module).read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == function:
                yield module, node


def test_the_hot_modules_constants_are_final():
    """A module-level name that is not Final is looked up in the module's dictionary at every use, even
    compiled; a Final one is inlined (a literal) or read from a C variable (a tenth of a step's lookups)."""
    loose = [
        f"{module}:{node.lineno}"
        for module in HOT_MODULES
        for node in ast.parse(source_path(module).read_text()).body
        if _is_loose_constant(node)
    ]
    assert not loose, f"annotate these module constants Final (NAME: Final = value): {loose}"


def _is_loose_constant(node: ast.stmt) -> bool:
    if isinstance(node, ast.Assign):
        return any(_constant_names(target) for target in node.targets)
    if isinstance(node, ast.AnnAssign) and node.value is not None:
        return bool(_constant_names(node.target)) and "Final" not in ast.unparse(node.annotation)
    return False


def _constant_names(target: ast.expr) -> list[str]:
    names = target.elts if isinstance(target, ast.Tuple) else [target]
    return [name.id for name in names if isinstance(name, ast.Name) and name.id.isupper() and len(name.id) > 1]
