"""Compile the search's hot modules with mypyc into this environment (core/compiled.py says why).

Run by scripts/setup-venv: it builds only when the sources changed since the last build, and a
machine that cannot build (no C compiler) keeps running the sources, after a message saying so.
Each build is also kept outside the checkout (${XDG_CACHE_HOME:-~/.cache}/meeplog/compiled, one per
sources, interpreter and mypyc), so a fresh clone of the same sources copies it instead of compiling.
`--clean` removes this environment's build, so that everything runs from source again.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from importlib.metadata import version
from pathlib import Path

from meeplog.core.compiled import (
    BUILD,
    DIGEST,
    HOT_MODULES,
    ROOT,
    extensions,
    is_current,
    source_digest,
)

LOG = BUILD.with_name("meeplog-compile.log")
LOCK = BUILD.with_name("meeplog-compile.lock")
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "meeplog" / "compiled"


def build() -> None:
    """Build the hot modules' extension modules (the wheel's, core/compiled.py `extensions`) into BUILD."""
    from setuptools import Distribution
    from setuptools.command.build_ext import build_ext

    with tempfile.TemporaryDirectory(prefix="meeplog-mypyc-") as scratch:
        command = build_ext(Distribution({"name": "meeplog-compiled", "ext_modules": extensions(Path(scratch))}))
        command.build_lib, command.build_temp = str(BUILD), str(Path(scratch) / "objects")
        command.ensure_finalized()
        command.run()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove the build and run from source")
    if parser.parse_args().clean:
        shutil.rmtree(BUILD, ignore_errors=True)
        print("removed the compiled hot modules; Meeplog runs from source")
        return 0
    BUILD.parent.mkdir(parents=True, exist_ok=True)
    with LOCK.open("w") as lock:  # one build at a time: scripts/test and scripts/demo may start together
        fcntl.flock(lock, fcntl.LOCK_EX)
        compile_if_stale()
    return 0


def compile_if_stale() -> None:
    """Build unless the build is current; a failed build leaves none, so everything runs from source."""
    wanted = source_digest()
    cached = CACHE / f"{wanted[:16]}-{sysconfig.get_config_var('SOABI')}-mypy-{version('mypy')}"
    if is_current() or copied(cached):
        return
    print("compiling the search's hot modules with mypyc (once per change to them; about a minute) ...",
          file=sys.stderr)
    shutil.rmtree(BUILD, ignore_errors=True)
    with LOG.open("w") as log:  # the compiler's chatter goes to the log, as the install's does
        built = subprocess.run([sys.executable, "-c", "from scripts.compile import build; build()"],
                               cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, check=False).returncode == 0
    if not built:
        shutil.rmtree(BUILD, ignore_errors=True)
        print(f"compiling failed, so Meeplog runs from source: correct, but about half as fast "
              f"(the log is {LOG})", file=sys.stderr)
        return
    DIGEST.write_text(wanted + "\n")
    print(f"compiled {len(HOT_MODULES)} modules into {BUILD}", file=sys.stderr)
    keep(cached)


def copied(cached: Path) -> bool:
    """Take the build from the cache, if it holds one of these sources for this interpreter and mypyc."""
    if not (cached / DIGEST.name).exists():
        return False
    shutil.rmtree(BUILD, ignore_errors=True)
    shutil.copytree(cached, BUILD)
    if not is_current():
        shutil.rmtree(BUILD, ignore_errors=True)
        return False
    print(f"took the compiled hot modules from {cached}", file=sys.stderr)
    return True


def keep(cached: Path) -> None:
    """Copy the build to the cache, whole or not at all (another checkout may be copying it meanwhile)."""
    cached.parent.mkdir(parents=True, exist_ok=True)
    partial = Path(tempfile.mkdtemp(prefix=".partial-", dir=cached.parent))
    shutil.copytree(BUILD, partial, dirs_exist_ok=True)
    try:
        partial.rename(cached)
    except OSError:  # another checkout kept the same build first
        shutil.rmtree(partial, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
