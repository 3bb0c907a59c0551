"""The search's hot path, compiled to C with mypyc where the machine can (scripts/compile.py, core/build_backend.py).

MCTS on Old Man of the Forest must reach 5,000 simulations a second on one core (DESIGN.md section
8); interpreted, a slow machine gets half of that. The modules below, compiled, run the same code
about twice as fast with the same results. Their sources stay the only truth: the build is made from
them, and used only while it matches them. Both builds come from `extensions` below: the checkout's and
the wheel's.

In a checkout the build lives in the interpreter's environment (extension modules are tied to it), away
from the sources, and is reached only through the finder that `use_build_if_current` installs. It does so
only when the build was made from the sources as they are now: an edited source is imported as such,
with a warning that the build is stale, and an old checkout, which has no finder, never sees the
build. In an installed compiled wheel the extension modules lie beside their sources, where Python's own
finder prefers them, and no finder is needed. MEEPLOG_FROM_SOURCE=1 skips either build on purpose, e.g. to
step through the search in a debugger.

This module imports nothing but the standard library at its top: the build backend loads it from its file
before anything of Meeplog is installed.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import sys
import sysconfig
import tempfile
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HOT_MODULES = (
    "meeplog.core.codec",
    "meeplog.core.draws",
    "meeplog.core.evaluation",
    "meeplog.core.folding",
    "meeplog.core.game",
    "meeplog.core.observation",
    "meeplog.core.rows",
    "meeplog.core.runner",
    "meeplog.games.donkey.automatic",
    "meeplog.games.donkey.decisions",
    "meeplog.games.donkey.evolve",
    "meeplog.games.donkey.heuristic",
    "meeplog.games.donkey.legal",
    "meeplog.games.donkey.loads",
    "meeplog.games.donkey.plain_view",
    "meeplog.games.donkey.rules",
    "meeplog.games.donkey.sampling",
    "meeplog.games.donkey.state",
    "meeplog.games.forest.automatic",
    "meeplog.games.forest.cashing",
    "meeplog.games.forest.decisions",
    "meeplog.games.forest.evolve",
    "meeplog.games.forest.heuristic",
    "meeplog.games.forest.legal",
    "meeplog.games.forest.plain_view",
    "meeplog.games.forest.rules",
    "meeplog.games.forest.sampling",
    "meeplog.games.forest.state",
    "meeplog.games.hike.automatic",
    "meeplog.games.hike.cards",
    "meeplog.games.hike.decisions",
    "meeplog.games.hike.evolve",
    "meeplog.games.hike.hazards",
    "meeplog.games.hike.heuristic",
    "meeplog.games.hike.legal",
    "meeplog.games.hike.packs",
    "meeplog.games.hike.plain_view",
    "meeplog.games.hike.rules",
    "meeplog.games.hike.sampling",
    "meeplog.games.hike.state",
    "meeplog.games.routard.amounts",
    "meeplog.games.routard.automatic",
    "meeplog.games.routard.decisions",
    "meeplog.games.routard.evolve",
    "meeplog.games.routard.heuristic",
    "meeplog.games.routard.legal",
    "meeplog.games.routard.plain_view",
    "meeplog.games.routard.queries",
    "meeplog.games.routard.rules",
    "meeplog.games.routard.sampling",
    "meeplog.games.routard.scoring",
    "meeplog.games.routard.shared_events",
    "meeplog.games.routard.state",
    "meeplog.games.routard.table",
    "meeplog.games.routard.tasks",
    "meeplog.games.trekking.automatic",
    "meeplog.games.trekking.cards",
    "meeplog.games.trekking.decisions",
    "meeplog.games.trekking.drawing",
    "meeplog.games.trekking.evolve",
    "meeplog.games.trekking.heuristic",
    "meeplog.games.trekking.legal",
    "meeplog.games.trekking.plain_view",
    "meeplog.games.trekking.reach",
    "meeplog.games.trekking.routes",
    "meeplog.games.trekking.rules",
    "meeplog.games.trekking.sampling",
    "meeplog.games.trekking.souvenirs",
    "meeplog.games.trekking.state",
    "meeplog.players.mcts",
    "meeplog.players.observation_slots",
)
GROUP = "meeplog.core.compiled"  # mypyc names the group's shared library module after it, with "__mypyc"
BUILD = Path(sys.prefix) / "meeplog-compiled"
DIGEST = BUILD / "sources.sha256"  # the sources' digest when the build was made


PACKAGE = "meeplog"  # the import package; its subpackages are ROOT's folders of the same names (pyproject.toml)
SUBPACKAGES = ("core", "games", "players", "replays")


def source_path(module: str) -> Path:
    """Where a module of the package lies in the checkout: meeplog.core.draws in core/draws.py."""
    return ROOT.joinpath(*module.split(".")[1:]).with_suffix(".py")


@contextmanager
def package_tree(*, copied: bool = False) -> Iterator[Path]:
    """A scratch folder holding `meeplog/` laid out as it is installed: tools that name a module by where its file
    lies (mypy, mypyc) or walk a package's folder (import-linter) see the checkout elsewhere. Its subpackages are
    links to the checkout's folders, or copies of them (`copied`) for a tool that does not follow links."""
    with tempfile.TemporaryDirectory(prefix="meeplog-tree-") as scratch:
        top = Path(scratch) / PACKAGE
        shutil.copytree(ROOT / "core" / "toplevel", top, ignore=shutil.ignore_patterns("__pycache__"))
        for folder in SUBPACKAGES:
            if copied:
                shutil.copytree(ROOT / folder, top / folder, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                (top / folder).symlink_to(ROOT / folder, target_is_directory=True)
        yield Path(scratch)


def source_files(tree: Path) -> list[str]:
    """The hot modules' sources in a package_tree (what mypy and mypyc are given)."""
    return [str(tree.joinpath(*module.split(".")).with_suffix(".py")) for module in HOT_MODULES]


def extensions(scratch: Path) -> list[Any]:
    """The hot modules as one group of setuptools Extensions (mypy checks them first), their C written under
    `scratch`: what scripts/compile builds into the environment and the build backend into the wheel. (Typed Any:
    mypy checks this module with the hot ones, where setuptools' types may be missing.)"""
    from mypyc.build import mypycify

    with package_tree() as tree:
        return mypycify(source_files(tree), group_name=GROUP, target_dir=str(scratch / "c"))


def c_compiler() -> str | None:
    """Why this interpreter cannot build extension modules (no C compiler, or no Python headers), or None."""
    command = os.environ.get("CC") or str(sysconfig.get_config_var("CC") or "cc")
    compiler = command.split()[0] if command.split() else "cc"
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler!r} is not on PATH)"
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.exists():
        return f"no Python headers ({headers} is missing: the python3-dev package)"
    return None


def source_digest() -> str:
    """sha256 over the hot modules' sources, in order."""
    digest = hashlib.sha256()
    for module in HOT_MODULES:
        digest.update(module.encode() + b"\0" + source_path(module).read_bytes() + b"\0")
    return digest.hexdigest()


def is_current() -> bool:
    """There is a build, made from the sources as they are now."""
    return DIGEST.exists() and DIGEST.read_text().strip() == source_digest()


def is_compiled(module: ModuleType) -> bool:
    return any(str(module.__file__).endswith(suffix) for suffix in EXTENSION_SUFFIXES)


def beside_sources() -> int:
    """How many hot modules lie compiled beside their sources: all of them in an installed compiled wheel."""
    return sum(any(source_path(module).with_suffix(suffix).exists() for suffix in EXTENSION_SUFFIXES)
               for module in HOT_MODULES)


def in_compiled_wheel() -> bool:
    """Whether this is an installed compiled wheel: the hot modules' shared library lies beside this module (one
    look, where counting the modules is ~200; every process asks at its start)."""
    library = Path(__file__).with_name(GROUP.rpartition(".")[2] + "__mypyc")
    return any(library.with_name(library.name + suffix).exists() for suffix in EXTENSION_SUFFIXES)


def from_source() -> bool:
    return os.environ.get("MEEPLOG_FROM_SOURCE", "") not in ("", "0")


def running_compiled() -> int:
    """How many hot modules this process imports compiled (what `meeplog --version` says), without importing them."""
    if any(isinstance(finder, _Build) for finder in sys.meta_path):
        return sum(_built(module) is not None for module in HOT_MODULES)
    if from_source():
        return 0
    return beside_sources()


def _built(name: str) -> Path | None:
    stem = BUILD.joinpath(*name.split("."))
    return next((path for suffix in EXTENSION_SUFFIXES
                 if (path := stem.with_name(stem.name + suffix)).exists()), None)


class _Build(MetaPathFinder):
    """Imports the hot modules, and the library they share, from the build."""

    names = frozenset((*HOT_MODULES, GROUP + "__mypyc"))

    def find_spec(self, name: str, path: Sequence[str] | None, target: ModuleType | None = None) -> ModuleSpec | None:
        built = _built(name) if name in self.names else None
        return importlib.util.spec_from_file_location(name, built) if built else None


class _Sources(MetaPathFinder):
    """Imports the hot modules from their sources where compiled ones lie beside them (MEEPLOG_FROM_SOURCE)."""

    def find_spec(self, name: str, path: Sequence[str] | None, target: ModuleType | None = None) -> ModuleSpec | None:
        return importlib.util.spec_from_file_location(name, source_path(name)) if name in HOT_MODULES else None


def use_build_if_current() -> None:
    """Called once, by core/__init__ (which every other package imports first)."""
    if from_source():
        if in_compiled_wheel():
            sys.meta_path.insert(0, _Sources())
        return
    if not DIGEST.exists() or in_compiled_wheel():  # an installed compiled wheel needs no finder
        return
    if not is_current():
        warnings.warn("the compiled hot modules are older than their sources, so they run from source "
                      "(about half as fast): run scripts/setup-venv to compile them again",
                      RuntimeWarning, stacklevel=2)
        return
    sys.meta_path.insert(0, _Build())
