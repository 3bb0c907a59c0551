"""The prompts a model is sent over whole games of each game, player count and policy: the longest (characters)
and the share of all their characters that stays the same for the whole game (the system message: rules, the
game's reference, the view's glossary, the answer format), which a provider's prompt cache serves.

The budget is meeplog.players.prompts.PROMPT_BUDGET; core/conformance/test_prompts.py checks one seeded game per
count, this prints the figures over more. Usage: scripts/prompt-sizes [--games-per-count N] [GAME ...]
"""

from __future__ import annotations

import argparse

from meeplog.core.conformance.prompt_sizes import prompt_sizes
from meeplog.core.registry import game_names, load_rules
from meeplog.players.prompts import PROMPT_BUDGET

POLICIES = ("random", "heuristic")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--games-per-count", "-n", type=int, default=3, help="games per player count and policy")
    args = parser.parse_args()
    print(f"longest prompt in characters (budget {PROMPT_BUDGET:,}) and the cached prefix's share of all prompt "
          f"characters; {args.games_per_count} games each")
    print(f"{'game':<10} {'players':>7} " + " ".join(f"{policy:>10} {'prefix':>6}" for policy in POLICIES))
    for name in args.games or game_names():
        rules = load_rules(name)
        for players in range(rules.min_players, rules.max_players + 1):
            cells = []
            for policy in POLICIES:
                sizes = [prompt_sizes(rules, players, seed, policy) for seed in range(args.games_per_count)]
                share = sum(size.prefix_share for size in sizes) / len(sizes)
                cells.append(f"{max(size.longest for size in sizes):>10,} {share:>6.0%}")
            print(f"{name:<10} {players:>7} " + " ".join(cells), flush=True)


if __name__ == "__main__":
    main()
