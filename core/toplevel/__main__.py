"""`python -m meeplog`: the `meeplog` command.

This folder is the top of the `meeplog` import package (pyproject.toml maps it there), whose subpackages
are the project's top-level folders core/, games/, players/ and replays/; `meeplog` itself is a namespace
package, so this module is all it holds of its own.
"""

from meeplog.core.cli import main

main()
