"""The search's hot path, compiled to C with mypyc where the machine can (scripts/compile.py).

MCTS on Old Man of the Forest must reach 5,000 simulations a second on one core (DESIGN.md section
8); interpreted, a slow machine gets half of that. The modules below, compiled, run the same code
about twice as fast with the same results. Their sources stay the only truth: the build is made from
them, and used only while it matches them.

The build lives in the interpreter's environment (extension modules are tied to it), away from the
sources, and is reached only through the finder that `use_build_if_current` installs. It does so only
when the build was made from the sources as they are now: an edited source is imported as such,
with a warning that the build is stale, and an old checkout, which has no finder, never sees the
build. MEEPLOG_FROM_SOURCE=1 skips the build on purpose, e.g. to step through the search in a debugger.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
HOT_MODULES = (
    "core.draws",
    "core.evaluation",
    "core.folding",
    "games.donkey.automatic",
    "games.donkey.decisions",
    "games.donkey.evolve",
    "games.donkey.heuristic",
    "games.donkey.legal",
    "games.donkey.loads",
    "games.donkey.rules",
    "games.donkey.sampling",
    "games.donkey.state",
    "games.forest.automatic",
    "games.forest.cashing",
    "games.forest.decisions",
    "games.forest.evolve",
    "games.forest.heuristic",
    "games.forest.legal",
    "games.forest.rules",
    "games.forest.sampling",
    "games.forest.state",
    "games.hike.automatic",
    "games.hike.cards",
    "games.hike.decisions",
    "games.hike.evolve",
    "games.hike.hazards",
    "games.hike.heuristic",
    "games.hike.legal",
    "games.hike.packs",
    "games.hike.rules",
    "games.hike.sampling",
    "games.hike.state",
    "games.routard.amounts",
    "games.routard.automatic",
    "games.routard.decisions",
    "games.routard.evolve",
    "games.routard.heuristic",
    "games.routard.legal",
    "games.routard.queries",
    "games.routard.rules",
    "games.routard.sampling",
    "games.routard.scoring",
    "games.routard.state",
    "games.routard.tasks",
    "games.trekking.automatic",
    "games.trekking.cards",
    "games.trekking.decisions",
    "games.trekking.drawing",
    "games.trekking.evolve",
    "games.trekking.heuristic",
    "games.trekking.legal",
    "games.trekking.reach",
    "games.trekking.routes",
    "games.trekking.rules",
    "games.trekking.sampling",
    "games.trekking.souvenirs",
    "games.trekking.state",
    "players.mcts",
)
GROUP = "core.compiled"  # mypyc names the group's shared library module after it, with "__mypyc"
BUILD = Path(sys.prefix) / "meeplog-compiled"
DIGEST = BUILD / "sources.sha256"  # the sources' digest when the build was made


def source_path(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def source_files() -> list[str]:
    """The hot modules' sources, relative to the project root (what mypy and mypyc are given)."""
    return [str(source_path(module).relative_to(ROOT)) for module in HOT_MODULES]


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


def use_build_if_current() -> None:
    """Called once, by core/__init__ (which every other package imports first)."""
    if os.environ.get("MEEPLOG_FROM_SOURCE", "") not in ("", "0") or not DIGEST.exists():
        return
    if not is_current():
        warnings.warn("the compiled hot modules are older than their sources, so they run from source "
                      "(about half as fast): run scripts/setup-venv to compile them again",
                      RuntimeWarning, stacklevel=2)
        return
    sys.meta_path.insert(0, _Build())
