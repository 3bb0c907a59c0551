"""The tournament aggregate: its events survive every store, and it refuses to count a game twice."""

from __future__ import annotations

import pytest

from meeplog.core.tournament.aggregate import Tournament
from meeplog.core.tournament.events import GameFailed, GameRecorded
from meeplog.core.tournament.stored import TournamentNotFound, load_tournament, open_tournament, resolve_tournament
from tests.stores import store_of_kind
from tests.tournament.plans import forest_plan

KINDS = ["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


def result(index: int, ranks: tuple[int, ...] = (1, 2, 3), fell_back: tuple[int, ...] = ()) -> GameRecorded:
    return GameRecorded(index, f"game-{index}", (3.0, 2.0, 1.0), ranks, fell_back, ())


@pytest.mark.parametrize("kind", KINDS)
def test_a_tournament_is_stored_and_rebuilt_with_its_schedule_and_results(kind, tmp_path):
    with store_of_kind(kind, tmp_path) as store:
        plan = forest_plan(games=6)
        tournament, stored = open_tournament(store, plan)
        assert not stored and tournament.id == plan.id()
        tournament.start(workers=2)
        tournament.record(result(0))
        tournament.record(GameFailed(3, "RuntimeError: boom"))
        store.save(tournament)

        again, stored = open_tournament(store, plan)
        assert stored
        assert again.plan == tournament.plan and again.results == tournament.results and again.runs == 1
        assert [f.index for f in again.pending()] == [1, 2, 4, 5]
        for index in (1, 2, 4, 5):
            again.record(result(index))
        again.finish()
        store.save(again)
        assert load_tournament(store, plan.id()).finished
        assert resolve_tournament(store, str(plan.id())[:8]) == plan.id()
        with pytest.raises(TournamentNotFound, match="no stored tournament"):
            resolve_tournament(store, "ffffffff")


def test_a_game_cannot_be_recorded_twice_nor_a_tournament_finished_early():
    tournament = Tournament.schedule(forest_plan(games=3))
    tournament.record(result(1))
    with pytest.raises(ValueError, match="already recorded"):
        tournament.record(result(1))
    with pytest.raises(ValueError, match="no game 3"):
        tournament.record(result(3))
    with pytest.raises(ValueError, match="still has 2 games to play"):
        tournament.finish()
