"""Standings: openskill ratings, win rates with Wilson intervals, and fallback games counted apart."""

from __future__ import annotations

import pytest

from meeplog.core.tournament.aggregate import Tournament
from meeplog.core.tournament.events import GameFailed, GameRecorded
from meeplog.core.tournament.standings import standings, wilson
from tests.tournament.plans import forest_plan


def test_wilson_interval_matches_the_textbook_values():
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 20) == pytest.approx((0.0, 0.1611), abs=1e-4)
    assert wilson(20, 20)[1] == 1.0


def played(games: int, ranks_of, fell_back_of=lambda index: ()) -> Tournament:
    """A tournament of three players where `ranks_of(index)` gives each *player's* rank in game `index`."""
    tournament = Tournament.schedule(forest_plan(players=("a", "b", "c"), games=games))
    for fixture in tournament.plan.fixtures:
        by_player = ranks_of(fixture.index)
        ranks = tuple(by_player[player] for player in fixture.seating)
        scores = tuple(float(-rank) for rank in ranks)
        fell_back = tuple(seat for seat, player in enumerate(fixture.seating) if player in fell_back_of(fixture.index))
        tournament.record(GameRecorded(fixture.index, f"g{fixture.index}", scores, ranks, fell_back, ()))
    return tournament


def test_a_player_who_always_wins_leads_with_every_game_won():
    table = standings(played(30, lambda index: (3, 1, 2)))
    assert [p.player for p in table.players] == ["b", "c", "a"]
    best = table.players[0]
    assert best.games == 30 and best.win_rate == 1.0 and best.average_rank == 1.0 and best.average_score == -1.0
    assert best.win_low == pytest.approx(wilson(30, 30)[0])
    assert table.players[0].mu > table.players[1].mu > table.players[2].mu
    assert table.rated == table.recorded == table.scheduled == 30


def test_a_tie_for_first_splits_the_win():
    table = standings(played(6, lambda index: (1, 1, 3)))
    by_name = {p.player: p for p in table.players}
    assert by_name["a"].wins == by_name["b"].wins == 3.0 and by_name["c"].wins == 0.0
    assert by_name["a"].mu == pytest.approx(by_name["b"].mu)


def test_games_with_a_fallback_rate_nobody_and_are_counted_apart():
    tournament = played(12, lambda index: (1, 2, 3), fell_back_of=lambda index: {2} if index % 2 else set())
    table = standings(tournament)
    by_name = {p.player: p for p in table.players}
    assert table.rated == 6 and table.recorded == 12
    assert by_name["c"].fell_back == 6 and by_name["a"].fell_back == by_name["b"].fell_back == 0
    assert all(p.games == 6 for p in table.players)


def test_failed_games_are_counted_for_everybody_seated():
    tournament = Tournament.schedule(forest_plan(players=("a", "b", "c", "d"), games=6))
    tournament.record(GameFailed(0, "RuntimeError: boom"))
    table = standings(tournament)
    seated = set(tournament.plan.fixtures[0].seating)
    assert {p.player for p in table.players if p.failed == 1} == {"abcd"[i] for i in seated}
    assert table.failed == 1 and table.failures == [GameFailed(0, "RuntimeError: boom")]
    assert table.rated == 0 and not table.finished
    assert all(p.win_rate is None and p.mu == 25.0 for p in table.players)
