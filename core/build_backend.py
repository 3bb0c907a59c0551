"""The build backend (pyproject.toml, PEP 517 `backend-path`): setuptools', whose wheel carries the hot modules
compiled (DESIGN.md section 11: installed is compiled).

`pip wheel .` and `pip install .` build a platform wheel holding each hot module (core/compiled.py HOT_MODULES)
as an extension module beside its source, built by the same `extensions` as the checkout's scripts/compile, so
Python's own finder imports the compiled one. Where no C compiler (or no Python headers) is found the wheel is
pure Python, and one line on stderr says so. MEEPLOG_COMPILE=1 insists on compiling (failing clearly without a
compiler), MEEPLOG_COMPILE=0 builds the pure wheel. Editable installs (scripts/setup-venv) and the sdist never
compile: they are setuptools' own.

It runs before Meeplog is installed, from the checkout or the sdist (this folder is on the backend's path): it
loads core/compiled.py from its file, which needs only the standard library.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from setuptools import build_meta

# The type check mypyc runs first resolves the hot modules' imports: these must be in the build environment.
MYPYC_REQUIRES = ("mypy>=1.11", "mypy-extensions>=1.0", "pydantic>=2.7,<3", "orjson>=3.10", "numpy>=1.25")


def _compiled() -> ModuleType:
    spec = importlib.util.spec_from_file_location("_meeplog_compiled", Path(__file__).with_name("compiled.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses and typing look a module up by name
    spec.loader.exec_module(module)
    return module


compiled = _compiled()


class CompileError(RuntimeError):
    """MEEPLOG_COMPILE=1 where the wheel cannot be compiled, or MEEPLOG_COMPILE set to neither 0 nor 1."""


def compiling(*, say: bool) -> bool:
    """Whether this wheel is compiled: MEEPLOG_COMPILE forces either, else wherever a C compiler is found."""
    forced = os.environ.get("MEEPLOG_COMPILE", "")
    if forced not in ("", "0", "1"):
        raise CompileError(f"MEEPLOG_COMPILE={forced!r}: set it to 1 (compile the wheel) or 0 (a pure-Python wheel)")
    if forced == "0":
        return False
    missing = compiled.c_compiler()
    if missing and forced == "1":
        raise CompileError(f"MEEPLOG_COMPILE=1, but this machine cannot compile Meeplog's hot modules: {missing}")
    if missing and say:
        print(f"meeplog: {missing}, so this wheel is pure Python (about half as fast); install a C compiler "
              f"and build again for the compiled one", file=sys.stderr)
    return missing is None


class _Backend(build_meta._BuildMetaBackend):
    """setuptools' backend, whose setup() gets the hot modules' extension modules while a wheel is built."""

    scratch: Path | None = None  # where the C sources go, while a compiled wheel is built

    def run_setup(self, setup_script: str = "setup.py") -> None:
        if self.scratch is None:
            super().run_setup(setup_script)
            return
        from setuptools import setup

        setup(ext_modules=compiled.extensions(self.scratch))


_backend = _Backend()


def get_requires_for_build_wheel(config_settings: Mapping[str, Any] | None = None) -> list[str]:
    wanted = _backend.get_requires_for_build_wheel(config_settings)
    return [*wanted, *MYPYC_REQUIRES] if compiling(say=False) else wanted


def build_wheel(wheel_directory: str, config_settings: Mapping[str, Any] | None = None,
                metadata_directory: str | None = None) -> str:
    if not compiling(say=True):
        return _backend.build_wheel(wheel_directory, config_settings, metadata_directory)
    # in the source folder, as setuptools takes only relative paths to an extension's sources
    with tempfile.TemporaryDirectory(prefix=".meeplog-mypyc-", dir=".") as scratch:
        _backend.scratch = Path(os.path.relpath(scratch))
        try:
            return _backend.build_wheel(wheel_directory, config_settings, metadata_directory)
        finally:
            _backend.scratch = None


prepare_metadata_for_build_wheel = _backend.prepare_metadata_for_build_wheel
get_requires_for_build_sdist = _backend.get_requires_for_build_sdist
build_sdist = _backend.build_sdist
get_requires_for_build_editable = _backend.get_requires_for_build_editable
prepare_metadata_for_build_editable = _backend.prepare_metadata_for_build_editable
build_editable = _backend.build_editable
