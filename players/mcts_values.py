"""ISMCTS as the analysis's search (core/analysis/search.py): every legal command of one decision valued from the
deciding seat's information, registered under the entry-point group `meeplog.analysers` as `ismcts`.

The search is the MCTS player's own (`Search`): every simulation starts from `Rules.sample(state, seat, rng)`, a
state drawn from the seat's information at that step, never the true one, and plays on to the end of the game.
This only watches: it keeps each simulation's sampled state (the sampler hands it to the search, which plays it
to its end in place) and reads the final ranks and scores off it, for the root command the simulation went
through. The best command is the one the search tried most (the MCTS player's choice). So that every legal
command is valued, a decision gets at least two simulations per command (the search tries every command once
before any twice).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from meeplog.core.analysis.search import Searched, Tried
from meeplog.core.kernel import Command, Rules
from meeplog.players.mcts import Search
from meeplog.players.mcts_options import MctsOptions


def ismcts_values(rules: Rules[Any, Any], state: Any, seat: int, legal: Sequence[Command], *,
                  sims: int, rng: random.Random) -> Searched:
    """Each legal command's visits, mean final rank and mean final score for `seat`, and the search's choice."""
    sampled: list[Any] = []

    def sample(draw: random.Random) -> Any:
        sampled.append(drawn := rules.sample(state, seat, draw))
        return drawn

    search = Search(rules, seat, sample, MctsOptions(sims=sims), rng)
    edges = search.root.edges
    totals = {command: [0, 0.0, 0.0] for command in legal}  # visits, rank sum, score sum
    seen = {command: 0.0 for command in legal}
    for _ in range(max(sims, 2 * len(legal))):
        search.simulate()
        outcome = rules.outcome(sampled.pop())
        for command in legal:
            edge = edges.get((seat, command))
            if edge is not None and edge[0] != seen[command]:
                seen[command] = edge[0]
                total = totals[command]
                total[0] += 1
                total[1] += outcome.ranks[seat]
                total[2] += outcome.scores[seat]
                break
    values = {command: Tried(int(total[0]), total[1] / total[0], total[2] / total[0])
              for command, total in totals.items() if total[0]}
    return Searched(values, search.best(legal))
