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


@pytest.mark.parametrize("seed", range(5))
def test_randint_gives_the_same_number_and_leaves_the_generator_where_random_does(seed):
    ours, theirs = random.Random(seed), random.Random(seed)
    for high in SIZES[1:]:
        assert draws.randint(ours, 1, high) == theirs.randint(1, high)
        assert ours.getstate() == theirs.getstate()


class Loaded(random.Random):
    """A generator whose draws are its own: each method answers as no plain Random would."""

    def shuffle(self, x, random=None) -> None:
        x.reverse()

    def choice(self, seq):
        return seq[-1]

    def randint(self, a: int, b: int) -> int:
        return b


def test_a_subclass_of_random_draws_by_its_own_methods():
    """A test's loaded die or the leak check's nudged deals change a generator's draws in a subclass; the
    compiled draws must not go round them."""
    rng, items = Loaded(0), [1, 2, 3]
    draws.shuffle(rng, items)
    assert items == [3, 2, 1]
    assert draws.choice(rng, ["a", "b", "z"]) == "z"
    assert draws.randint(rng, 1, 6) == 6
