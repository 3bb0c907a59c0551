"""The longest prompt a model is sent over whole games of each game, player count and policy (characters).

The budget is meeplog.players.prompts.PROMPT_BUDGET; core/conformance/test_prompts.py checks one seeded game per
count, this prints the figures over more. Usage: scripts/prompt-sizes [--games N] [GAME ...]
"""

from __future__ import annotations

import argparse

from meeplog.core.conformance.prompt_sizes import longest_prompt
from meeplog.core.registry import game_names, load_rules
from meeplog.players.prompts import PROMPT_BUDGET

POLICIES = ("random", "heuristic")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--games-per-count", "-n", type=int, default=3, help="games per player count and policy")
    args = parser.parse_args()
    print(f"longest prompt in characters (budget {PROMPT_BUDGET:,}); {args.games_per_count} games each")
    print(f"{'game':<10} {'players':>7} " + " ".join(f"{policy:>10}" for policy in POLICIES))
    for name in args.games or game_names():
        rules = load_rules(name)
        for players in range(rules.min_players, rules.max_players + 1):
            longest = [max(longest_prompt(rules, players, seed, policy) for seed in range(args.games_per_count))
                       for policy in POLICIES]
            print(f"{name:<10} {players:>7} " + " ".join(f"{figure:>10,}" for figure in longest), flush=True)


if __name__ == "__main__":
    main()
