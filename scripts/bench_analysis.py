"""The analysis budget: every decision of one Old Man of the Forest game (3 seats: random, heuristic and
mcts:sims=200, one fixed deal) scored at 200 simulations a decision, within 10 s on one core.

The game is played first (not timed), then analysed in this process, every seat, as `meeplog analyse` scores a
game in a worker; the figure is the CPU time of the analysis, the best of two runs (the machine may be shared).
"""

from __future__ import annotations

import asyncio
import time

from meeplog.core.analysis.events import Settings
from meeplog.core.analysis.record import analyse
from meeplog.core.analysis.scorer import VERSION
from meeplog.core.game import Game
from meeplog.core.players import make_player
from meeplog.core.registry import load_rules
from meeplog.core.runner import MatchRunner
from meeplog.core.specs import PlayerSpec
from scripts.bench_tournament import verdict

BUDGET = 10.0  # seconds of CPU for one game
SIMS = 200
SEATS = ("random", "heuristic", f"mcts:sims={SIMS}")


def played(seed: int = 1) -> Game:
    rules = load_rules("forest")
    game = Game.start(rules, rules.configure(len(SEATS)), SEATS, seed=seed)
    players = [make_player(PlayerSpec.parse(spec), seed * 10 + seat) for seat, spec in enumerate(SEATS)]
    fallbacks = [make_player(PlayerSpec("random"), seat) for seat in range(len(SEATS))]
    asyncio.run(MatchRunner(game, players, fallbacks).play())
    return game


def line() -> str:
    game = played()
    settings = Settings(SIMS, 0, 0.5, VERSION)
    best, scored = float("inf"), 0
    for _ in range(2):
        start = time.process_time()
        scored = sum(len(analyse(game.log, seat, settings).scored) for seat in range(len(SEATS)))
        best = min(best, time.process_time() - start)
    return (f"analysis of one forest game (3 seats, {scored} decisions) at {SIMS} sims a decision: {best:.2f} s "
            f"of CPU (budget ≤{BUDGET:g} s: {verdict(best <= BUDGET)})")


if __name__ == "__main__":
    print(line())
