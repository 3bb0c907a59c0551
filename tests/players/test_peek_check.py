"""The no-peeking check must catch a game whose `sample` depends on the hidden parts of the state."""

from __future__ import annotations

import random

from meeplog.core.conformance.search import find_peeks
from meeplog.games.forest import ForestRules
from meeplog.games.forest.state import ForestState


class HiddenOrderForest(ForestRules):
    """Redeals the unseen cards starting from the order they are really in: a search could read it."""

    def sample(self, state: ForestState, seat: int, rng: random.Random) -> ForestState:
        sampled = state.clone()
        unseen = [card for other, hand in enumerate(state.hands) if other != seat for card in hand]
        rng.shuffle(unseen)
        for other, hand in enumerate(sampled.hands):
            if other != seat:
                hand[:] = sorted(unseen[: len(hand)])
                del unseen[: len(hand)]
        return sampled


def test_a_sample_that_depends_on_hidden_order_is_caught():
    rules = HiddenOrderForest()
    assert find_peeks(rules, rules.configure(4), seeds=range(1))


def test_the_real_forest_passes():
    rules = ForestRules()
    assert find_peeks(rules, rules.configure(4), seeds=range(1)) == []
