"""The schedule: every seating of every deal, tables in turn, and an id that the same command finds again."""

from __future__ import annotations

from collections import Counter

from meeplog.core.tournament.schedule import canonical, fixtures, labels
from tests.tournament.plans import forest_plan


def test_every_deal_is_played_once_in_each_rotation_of_its_seating():
    schedule = fixtures(players=3, seats=3, games=12, seed=5)
    assert [f.index for f in schedule] == list(range(12))
    for deal in range(4):
        games = [f for f in schedule if f.deal == deal]
        assert len({f.seed for f in games}) == 1
        for seat in range(3):
            assert sorted(f.seating[seat] for f in games) == [0, 1, 2]  # everybody sits everywhere on this deal
    assert len({f.seed for f in schedule}) == 4


def test_with_more_players_than_seats_every_table_comes_in_turn():
    schedule = fixtures(players=4, seats=3, games=4 * 3 * 3, seed=1)  # three rounds of the four tables
    tables = Counter(frozenset(f.seating) for f in schedule)
    assert len(tables) == 4 and set(tables.values()) == {9}
    appearances = Counter(player for f in schedule for player in f.seating)
    assert set(appearances.values()) == {27}
    seats = Counter((player, seat) for f in schedule for seat, player in enumerate(f.seating))
    assert set(seats.values()) == {9}


def test_a_short_schedule_is_the_start_of_a_longer_one():
    assert fixtures(3, 3, 7, seed=2) == fixtures(3, 3, 30, seed=2)[:7]
    assert fixtures(3, 3, 7, seed=2) != fixtures(3, 3, 7, seed=3)


def test_repeated_players_are_told_apart():
    assert labels(["random", "mcts:sims=9", "random", "random"]) == ["random", "mcts:sims=9", "random#2", "random#3"]
    assert canonical(" mcts: sims = 9 ,c=1.4") == "mcts:sims=9,c=1.4"


def test_the_same_tournament_has_the_same_id_and_any_change_gives_another():
    plan = forest_plan()
    assert forest_plan().id() == plan.id()
    others = [
        forest_plan(seed=2),
        forest_plan(games=13),
        forest_plan(players=("random",) * 4),
        forest_plan(players=("random",) * 4, seats=4),
        forest_plan(players=("random:seed=1", "random", "random")),
        forest_plan(players=("random", "random", "random:seed=1")),
    ]
    assert len({plan.id(), *(other.id() for other in others)}) == 1 + len(others)
