"""The import contracts of pyproject.toml ([tool.importlinter]): the core points one way, games stand alone."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from meeplog.core.compiled import ROOT, package_tree


def test_the_import_contracts_are_kept():
    """Run on the package laid out as installed: import-linter walks `meeplog`'s folder, and the checkout keeps its
    subpackages in folders of their own."""
    lint = Path(sys.executable).with_name("lint-imports")
    with package_tree(copied=True) as tree:
        done = subprocess.run([lint, "--config", str(ROOT / "pyproject.toml")], cwd=tree, capture_output=True,
                              text=True, check=False, env={**os.environ, "PYTHONPATH": str(tree)})
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
