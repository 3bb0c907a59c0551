"""`python -m meeplog`: the `meeplog` command."""

from meeplog.core.cli import main

main()
