"""`python -m meeplog.players.environments GAME [--players N]`: every action index and observation slot of a
game, named.

The spaces are the survey's (docs/environments.md), so this is what the indices and slots mean for that game
and player count under the default options.
"""

from __future__ import annotations

import argparse

from meeplog.players.environments import env


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m meeplog.players.environments", description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a registered game id, e.g. hike")
    parser.add_argument("--players", type=int, help="seats (default: the game's fewest)")
    args = parser.parse_args()
    environment = env(args.game, players=args.players)
    print(f"# {environment.rules.title}, {environment.config.players} players")
    print(f"## actions: Discrete({environment.catalogue.size})")
    for index, label in enumerate(environment.catalogue.labels):
        print(f"{index:>5}  {label}")
    print(f"## observation: Box({environment.encoder.space.shape[0]})")
    for slot, name in enumerate(environment.encoder.names):
        print(f"{slot:>5}  {name}")


if __name__ == "__main__":
    main()
