"""`random.Random.shuffle`, `choice` and `randint`, drawing exactly the same bits, for compiled hot paths.

The standard library's versions are Python code, out of the compiler's reach; a search calls them on
every simulation (core/compiled.py). These follow the same algorithm on the same generator, so a
seeded game or search gives the same result whichever is used (tests/core/test_draws.py pins that).
A subclass of Random may change its draws (a test's loaded die, the leak check's nudged deals,
core/conformance/leaks.py), so it draws by its own methods.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def below(getrandbits: Callable[[int], int], n: int) -> int:
    """A uniform integer in [0, n), as `Random._randbelow`: draw bit_length(n) bits until one fits.

    It takes the generator's bound `getrandbits`, so that a shuffle looks the method up once.
    """
    bits = n.bit_length()
    drawn = getrandbits(bits)
    while drawn >= n:
        drawn = getrandbits(bits)
    return drawn


def shuffle(rng: random.Random, items: list[T]) -> None:
    """Shuffle a list in place, as `rng.shuffle(items)` (Fisher-Yates from the end)."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        j = below(getrandbits, i + 1)
        items[i], items[j] = items[j], items[i]


def choice(rng: random.Random, items: list[T]) -> T:
    """One item of a list, as `rng.choice(items)`."""
    if type(rng) is not random.Random:
        return rng.choice(items)
    if not items:
        raise IndexError("cannot choose from an empty sequence")
    return items[below(rng.getrandbits, len(items))]


def randint(rng: random.Random, low: int, high: int) -> int:
    """An integer from `low` to `high` included, as `rng.randint(low, high)`."""
    if type(rng) is not random.Random:
        return rng.randint(low, high)
    return low + below(rng.getrandbits, high - low + 1)
