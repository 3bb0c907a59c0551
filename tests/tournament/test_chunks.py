"""How many games a worker is handed at once: one until the pace is known, a tenth of a second of play after,
a share of what is left near the end, and never past a budget."""

from __future__ import annotations

from collections import deque

import pytest

from meeplog.core.tournament import chunks
from meeplog.core.tournament.budget import Unlimited
from meeplog.core.tournament.chunks import CHUNK_SECONDS, MOST_PER_CHUNK, Chunks


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch) -> Clock:
    ticking = Clock()
    monkeypatch.setattr(chunks.time, "monotonic", ticking)
    return ticking


def test_one_game_at_a_time_until_a_game_has_finished(clock):
    assert Chunks(workers=2, most=64).size(left=1000) == 1


def test_a_chunk_is_a_tenth_of_a_second_of_play_at_the_pace_seen(clock):
    pace = Chunks(workers=2, most=64)
    clock.now += 1.0
    pace.played(100)  # two workers, 100 games in a second: 20 ms a game on a worker
    assert pace.size(left=1000) == round(CHUNK_SECONDS / 0.02)
    clock.now += 1.0
    pace.played(9900)  # 10,000 games in two seconds: 0.4 ms a game, and the chunk is as large as allowed
    assert pace.size(left=100_000) == MOST_PER_CHUNK


def test_slow_games_go_one_at_a_time(clock):
    pace = Chunks(workers=2, most=64)
    clock.now += 10.0
    pace.played(20)  # a second a game
    assert pace.size(left=1000) == 1


def test_the_tail_is_shared_out_and_ends_one_game_a_worker(clock):
    pace = Chunks(workers=4, most=64)
    clock.now += 1.0
    pace.played(4000)
    assert pace.size(left=80) == 10  # half of each worker's share of what is left
    assert pace.size(left=8) == 1
    assert pace.size(left=1) == 1


def test_pools_that_take_one_game_at_a_time_get_one(clock):
    pace = Chunks(workers=2, most=1)
    clock.now += 1.0
    pace.played(1000)
    assert pace.size(left=1000) == 1


class TwoGames(Unlimited):
    """A budget that allows two games, then no more."""

    def __init__(self) -> None:
        self.started_games: list[int] = []

    def allows_another(self) -> bool:
        return len(self.started_games) < 2

    def started(self, task) -> None:
        self.started_games.append(task)


def test_a_chunk_stops_where_the_budget_does(clock):
    pace = Chunks(workers=1, most=64)
    clock.now += 1.0
    pace.played(1000)
    queue = deque(range(10))
    budget = TwoGames()
    assert pace.take(queue, pace.size(len(queue)), budget) == [0, 1]  # type: ignore[arg-type]
    assert budget.started_games == [0, 1] and list(queue) == list(range(2, 10))
