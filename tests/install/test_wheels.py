"""Installed is compiled (DESIGN.md section 11, issue 50): `pip wheel --no-deps .` builds a platform wheel holding
the hot modules compiled; installed bare into a fresh venv it stays light, plays a game and says it runs compiled.
The pure wheel (MEEPLOG_COMPILE=0, what a machine without a C compiler gets) is test_install.py's: installed bare
and with each extra, it says it runs pure Python.

Compiling takes minutes, so the compiled wheel is kept outside the checkout, named after a digest of the files it
is built from: a second run of the same sources installs it in seconds."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from meeplog.core.compiled import HOT_MODULES
from tests.install.test_install import CACHE, PIP, RANDOM_SEATS, attempt, checkout_copy, install, run

pytestmark = [pytest.mark.install, pytest.mark.slow]

MOST_DISTRIBUTIONS, MOST_MEGABYTES = 30, 150  # the bare install


PACKAGED = ("core", "games", "players", "replays", "pyproject.toml", "README.md")  # what the wheel is built from


def sources_digest(tree: Path) -> str:
    """A digest of what the wheel is built from in `tree` (a test or a doc changed builds nothing again)."""
    digest = hashlib.sha256()
    files = (p for top in PACKAGED for p in ([tree / top] if (tree / top).is_file() else (tree / top).rglob("*")))
    for path in sorted(p for p in files if p.is_file() and "__pycache__" not in p.parts):
        digest.update(str(path.relative_to(tree)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def wheel_of(tree: Path, compile_: str, into: Path) -> Path:
    """`pip wheel --no-deps` of `tree` with MEEPLOG_COMPILE=`compile_` (its output kept beside it, build.log)."""
    into.mkdir(parents=True, exist_ok=True)
    done = run(*PIP, "wheel", "--no-deps", "--wheel-dir", into, tree, env={"MEEPLOG_COMPILE": compile_},
               timeout=1200)
    (into / "build.log").write_text(done.stderr)
    [wheel] = into.glob("meeplog-*.whl")
    return wheel


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return checkout_copy(tmp_path_factory.mktemp("source"))


@pytest.fixture(scope="module")
def compiled_wheel(source: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    kept = CACHE / "compiled-wheels" / f"{sources_digest(source)}-{sysconfig.get_config_var('SOABI')}"
    if not list(kept.glob("meeplog-*.whl")):
        fresh = wheel_of(source, "1", tmp_path_factory.mktemp("compiled"))
        kept.mkdir(parents=True, exist_ok=True)
        shutil.copy2(fresh, kept / f".{fresh.name}")
        os.replace(kept / f".{fresh.name}", kept / fresh.name)  # whole or not at all, for a run beside this one
    [wheel] = kept.glob("meeplog-*.whl")
    return wheel


def bare_venv(wheel: Path, where: Path) -> Path:
    """A fresh venv with `wheel` installed and no extra; its python."""
    run(sys.executable, "-m", "venv", "--without-pip", where)
    python = where / "bin" / "python"
    install(python, str(wheel), wheel)
    return python


def meeplog(python: Path, *args: str | Path, cwd: Path) -> str:
    return run(python.with_name("meeplog"), *args, cwd=cwd).stdout


def test_the_wheel_is_a_platform_wheel_holding_the_hot_modules_compiled(compiled_wheel):
    assert not compiled_wheel.name.endswith("-none-any.whl"), compiled_wheel.name
    with zipfile.ZipFile(compiled_wheel) as archive:
        extensions = [n for n in archive.namelist() if n.startswith("meeplog/") and n.endswith(".so")]
    assert len(extensions) >= 40
    assert {n.split(".")[0].replace("/", ".") for n in extensions} >= set(HOT_MODULES)


def test_installed_bare_it_is_light_plays_a_game_and_says_it_runs_compiled(compiled_wheel, tmp_path):
    python = bare_venv(compiled_wheel, tmp_path / "venv")
    found = run(python, "-c", "import importlib.metadata as m; print(len(list(m.distributions())))").stdout
    [site] = (tmp_path / "venv" / "lib").glob("python3*/site-packages")
    megabytes = sum(p.stat().st_size for p in site.rglob("*") if p.is_file()) / 1e6
    assert int(found) <= MOST_DISTRIBUTIONS and megabytes <= MOST_MEGABYTES, (found, megabytes)
    work = tmp_path / "work"
    work.mkdir()
    assert f"compiled: {len(HOT_MODULES)} of {len(HOT_MODULES)}" in meeplog(python, "--version", cwd=work)
    played = meeplog(python, "play", "forest", *RANDOM_SEATS, "--seed", "7", "--db", work / "g.db", "-q", cwd=work)
    assert re.search(r"stored as game \S+ in", played), played
    # the game's rules ran from the extension module beside its source, not from the source
    where = run(python, "-c", "import meeplog.games.forest.rules as r; print(r.__file__)", cwd=work).stdout
    assert where.strip().endswith(".so"), where


def test_meeplog_compile_set_to_something_else_is_refused_in_one_line(source, tmp_path):
    done = attempt(*PIP, "wheel", "--no-deps", "--wheel-dir", tmp_path, source, env={"MEEPLOG_COMPILE": "yes"})
    assert done.returncode != 0
    assert "MEEPLOG_COMPILE='yes': set it to 1" in done.stdout + done.stderr
