"""The conformance kit as a pytest plugin, loaded through the `pytest11` entry point wherever Meeplog is installed.

`pytest --meeplog-rules my_game.rules:MyRules` (or an installed game's name), from any folder, collects the kit and
runs it on that game only: pytest's default paths (the folder, its testpaths) give way to the kit's folder, and
paths named on the command line run beside it. Without the option the plugin adds nothing to a run; it offers its
fixtures (`meeplog_game`, each game under test, and `meeplog_rules`, its kernel) and knows how to collect the
kit's folder, which Meeplog's own suite names in its testpaths to run the kit on every installed game.

The kit's modules are imported by their dotted names (meeplog.core.conformance.test_kernel), never by path:
pytest names a collected file by the folders above it that hold an __init__.py, which would import an installed
kit as a top-level `core.conformance.test_kernel`, a second copy of the kit and of meeplog.core's __init__ under
the very name Meeplog's one import package exists to avoid (DESIGN.md section 10). So the kit's folder is
collected by `Kit`, its modules by `KitModule`, and the packages above it as plain folders, none imported by path.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from meeplog.core.kernel import Rules

KIT = Path(__file__).resolve().parent
OPTION = "--meeplog-rules"


class KitModule(pytest.Module):
    """One of the kit's test modules, imported by its dotted name."""

    def _getobj(self) -> ModuleType:
        return importlib.import_module(f"{__package__}.{self.path.stem}")

    def funcnamefilter(self, name: str) -> bool:
        """The kit's tests are named test_*, whatever the project running them sets as python_functions."""
        return name.startswith("test_")


class Kit(pytest.Directory):
    """The kit's folder: its test modules, whatever the project running them sets as python_files."""

    def collect(self) -> Iterator[KitModule]:
        for path in sorted(KIT.glob("test_*.py")):
            yield KitModule.from_parent(self, path=path)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.getgroup("meeplog", "Meeplog's conformance kit").addoption(
        OPTION,
        action="append",
        default=[],
        metavar="MODULE:CLASS",
        help="run Meeplog's conformance kit on this game, a Rules class as module:Class or an installed game's "
        "name (repeatable)",
    )


def pytest_configure(config: pytest.Config) -> None:
    """With the option, every game named must load (else a usage error in one line), and the kit is collected."""
    games = config.getoption("meeplog_rules")
    if not games:
        return
    from meeplog.core.registry import BrokenPlugin, UnknownName, load_rules

    for game in games:
        try:
            load_rules(game)
        except (BrokenPlugin, UnknownName) as error:
            raise pytest.UsageError(f"{OPTION} {game}: {error}") from error
    if config.args_source is not pytest.Config.ArgsSource.ARGS:
        config.args[:] = [str(KIT)]
    elif not any(_in_kit(Path(config.invocation_params.dir, arg.partition("::")[0])) for arg in config.args):
        config.args.append(str(KIT))


@pytest.hookimpl(tryfirst=True)
def pytest_collect_directory(path: Path, parent: pytest.Collector) -> pytest.Directory | None:
    if path == KIT:
        return Kit.from_parent(parent, path=path)
    if path in KIT.parents and (path / "__init__.py").is_file():  # meeplog.core, collected on the way to the kit
        return pytest.Dir.from_parent(parent, path=path)
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_pycollect_makemodule(module_path: Path, parent: pytest.Collector) -> pytest.Module | None:
    """A kit module named on the command line by its path."""
    return KitModule.from_parent(parent, path=module_path) if module_path.parent == KIT else None


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "meeplog_game" in metafunc.fixturenames:
        from meeplog.core.registry import game_names

        games = metafunc.config.getoption("meeplog_rules") or game_names()
        metafunc.parametrize("meeplog_game", games, indirect=True)


@pytest.fixture
def meeplog_game(request: pytest.FixtureRequest) -> Iterator[str]:
    """The game under test: each one given with --meeplog-rules, else each installed game. One given as
    module:Class is known by its own name while its test runs (stored games and replays name their game)."""
    from meeplog.core.registry import known_game

    name: str = request.param
    if ":" not in name:
        yield name
        return
    with known_game(name):
        yield name


@pytest.fixture
def meeplog_rules(meeplog_game: str) -> Rules[Any, Any]:
    """The rules kernel of the game under test."""
    from meeplog.core.registry import load_rules

    return load_rules(meeplog_game)


def _in_kit(path: Path) -> bool:
    path = path.resolve()
    return path == KIT or KIT in path.parents
