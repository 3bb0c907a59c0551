"""Random playouts on a game's bare kernel, as scripts/bench times them, for callgrind (docs/performance.md).

    PYTHONHASHSEED=0 valgrind --tool=callgrind .venv/bin/python -m scripts.playouts GAME N

prints the steps played; the difference of two runs' instruction counts (N=3 and N=13, say) divided by the
difference of their steps is the kernel's cost per step, with imports and data loading cancelled out.
"""

from __future__ import annotations

import argparse

from meeplog.core.registry import load_rules
from scripts.bench import bench_config, kernel_playout

FIRST_SEED = 1000  # away from the seeds scripts/bench plays, so that no cache has seen these games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("games", type=int)
    args = parser.parse_args()
    rules = load_rules(args.game)
    config = bench_config(rules)
    print(sum(kernel_playout(rules, config, seed) for seed in range(FIRST_SEED, FIRST_SEED + args.games)))


if __name__ == "__main__":
    main()
