"""MCTS's root statistics, digested per game: kernel speed work must not change a single search.

Each game's first decision with a choice (seeds 1 and 2, fewest players) is searched with random and with heuristic
playouts; every root edge's visits and reward sum go into one sha256. The expected digests were taken
before the kernels were tuned and compiled (issue 20); a change to a kernel's behaviour, to the search or
to the order in which either draws random numbers changes them. If a change is meant to alter play, say so
in its commit and take the new digests from this test's failure message.
"""

from __future__ import annotations

import hashlib

import pytest

from meeplog.core.game import Game
from meeplog.core.registry import load_rules
from meeplog.players.mcts import MctsPlayer
from meeplog.players.mcts_options import MctsOptions

EXPECTED = {
    "donkey": "e2cb5452a1db8b0d",
    "forest": "c8758b688d5ca426",
    "hike": "4308fe5623955674",
    "routard": "c2eb9f9023148db0",
    "trekking": "a82cf298c334f757",
}
SPECS = ({"sims": 96}, {"sims": 48, "rollout": "heuristic"})


def root_digest(name: str) -> str:
    rules = load_rules(name)
    digest = hashlib.sha256()
    for seed in (1, 2):
        for options in SPECS:
            game = Game.start(rules, rules.configure(rules.min_players), ["mcts"] * rules.min_players, seed)
            while len(game.legal(seat := game.pending().seats[0])) == 1:  # to the first real choice
                game.submit(seat, game.legal(seat)[0])
            player = MctsPlayer(MctsOptions(**options), seed)
            player.choose(game.observation(seat))
            for (edge_seat, command), (visits, total, *_) in sorted(
                player.last_search.root.edges.items(), key=lambda item: repr(item[0])
            ):
                digest.update(f"{edge_seat}|{command!r}|{visits:.0f}|{total:.9f}\n".encode())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_searches_root_statistics_are_unchanged(name: str) -> None:
    found = root_digest(name)
    assert found == EXPECTED[name], f"{name}: MCTS root statistics digest {found}, expected {EXPECTED[name]}"
