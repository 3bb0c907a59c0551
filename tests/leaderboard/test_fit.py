"""The Plackett-Luce fit recovers set strengths from simulated games, and its bootstrap intervals cover them at
about their level. Every draw is seeded: the tests give the same result on every run."""

from __future__ import annotations

import math

import numpy as np

from meeplog.core.leaderboard.plackett_luce import design, fit, orderings
from meeplog.core.leaderboard.strengths import Strengths
from tests.leaderboard.simulated import simulated_tally

TRUTH = np.array([1.0, 0.5, 0.0, -0.4, -1.1])  # log-strengths, centred below as the fit centres them


def centred(logs: np.ndarray) -> np.ndarray:
    return logs - logs.mean()


def test_the_fit_recovers_set_strengths_from_simulated_games_of_three_seats():
    tally = simulated_tally(TRUTH, games=6000, seats=3, seed=1, replicates=0)
    fitted = Strengths().fitted("game", [tally])
    assert fitted is not None
    estimate = fitted.point[np.argsort(fitted.players)]
    assert np.max(np.abs(estimate - centred(TRUTH))) < 0.08, estimate


def test_two_seats_are_bradley_terry_a_player_winning_three_games_in_four_is_three_times_as_strong():
    rng = np.random.default_rng(2)
    wins = int(rng.binomial(20_000, 0.75))
    plan = design([((0,), (1,)), ((1,), (0,))], players=2)
    logs = fit(plan, np.array([[wins, 20_000 - wins]], dtype=np.float64))[0]
    assert math.isclose(logs[0] - logs[1], math.log(3), abs_tol=0.05)


def test_a_player_who_won_every_game_has_a_finite_rating_above_the_others():
    plan = design([((0,), (1,), (2,))], players=3)
    logs = fit(plan, np.array([[5.0]]))[0]
    assert np.all(np.isfinite(logs))
    assert logs[0] > logs[1] > logs[2]


def test_a_tie_is_read_each_way_alike_so_tied_players_come_out_equal():
    assert sorted(order for order, _ in orderings(((0, 1, 2),))) == sorted(
        [(0, 1, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0), (1, 0, 2), (0, 2, 1)]
    )
    plan = design([((0, 1), (2,))], players=3)
    logs = fit(plan, np.array([[10.0]]))[0]
    assert math.isclose(logs[0], logs[1], abs_tol=1e-6) and logs[0] > logs[2]


def test_the_bootstrap_intervals_cover_the_truth_at_about_their_level():
    """80 simulated leaderboards of 300 games of five players, each with its 95% intervals: of the 400 intervals,
    about 380 should hold the true strength. A binomial count at 95% of 400 is 380 ± 4.4, and intervals of one
    leaderboard are not independent, so the band is wide (360-396); intervals half as wide, or twice as wide as they
    should be, fall outside it (about 68% and 99.9% coverage)."""
    covered = total = 0
    for seed in range(80):
        tally = simulated_tally(TRUTH, games=300, seats=3, seed=100 + seed)
        fitted = Strengths().fitted("game", [tally])
        assert fitted is not None
        truth = centred(TRUTH)[list(fitted.players)]
        low, high = np.percentile(fitted.replicates, [2.5, 97.5], axis=0)
        covered += int(np.sum((low <= truth) & (truth <= high)))
        total += len(truth)
    assert total == 400
    assert 360 <= covered <= 396, f"{covered} of {total} intervals hold the truth"


def test_across_games_each_game_weighs_the_same_whatever_its_number_of_games():
    """In one game player 0 is far stronger, in the other player 1 by as much: across both, with one game
    played ten times as often, they come out level."""
    often = simulated_tally(np.array([1.0, -1.0]), games=5000, seats=2, seed=3, name="often", replicates=0)
    rarely = simulated_tally(np.array([-1.0, 1.0]), games=500, seats=2, seed=4, name="rarely", replicates=0)
    fitted = Strengths().fitted("all", [often, rarely])
    assert fitted is not None
    assert abs(fitted.point[0] - fitted.point[1]) < 0.12, fitted.point
