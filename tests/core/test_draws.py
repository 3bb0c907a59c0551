"""meeplog.core.draws must draw exactly as random.Random does, or seeded games and searches would change."""

from __future__ import annotations

import random

import pytest

from meeplog.core import draws

SIZES = [*range(0, 40), 63, 64, 65, 200]


@pytest.mark.parametrize("seed", range(5))
def test_shuffle_gives_the_same_order_and_leaves_the_generator_where_random_does(seed):
    ours, theirs = random.Random(seed), random.Random(seed)
    for size in SIZES:
        mine, reference = list(range(size)), list(range(size))
        draws.shuffle(ours, mine)
        theirs.shuffle(reference)
        assert mine == reference
        assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("seed", range(5))
def test_choice_gives_the_same_item_and_leaves_the_generator_where_random_does(seed):
    ours, theirs = random.Random(seed), random.Random(seed)
    for size in SIZES[1:]:
        items = [f"item {i}" for i in range(size)]
        assert draws.choice(ours, items) == theirs.choice(items)
        assert ours.getstate() == theirs.getstate()


def test_choosing_from_nothing_is_refused():
    with pytest.raises(IndexError, match="empty"):
        draws.choice(random.Random(0), [])
