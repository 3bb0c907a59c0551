"""The scorer values every legal command by search from the seat's information, and only from it."""

from __future__ import annotations

import math
import random
import uuid
from dataclasses import replace

from meeplog.core.analysis.events import AnalysisStarted, Settings
from meeplog.core.analysis.record import Analysis
from meeplog.core.analysis.scorer import Decision, Scorer, decisions, score_game
from meeplog.core.analysis.summary import per_game
from meeplog.core.registry import load_rules
from tests.analysis.games import PurseRules, PurseState, Take, forest_game


def test_a_clearly_worse_command_loses_rank_and_score_and_is_flagged_a_blunder():
    scorer = Scorer(PurseRules(), sims=60, seed=1, blunder=0.5)
    blunder = scorer.score(Decision(at=2, seat=0, command=Take(0), chain=2, state=PurseState()))
    best = scorer.score(Decision(at=2, seat=0, command=Take(2), chain=2, state=PurseState()))
    assert blunder is not None and best is not None
    assert blunder.best.command == "Take(coins=2)" and blunder.played.command == "Take(coins=0)"
    assert blunder.loss_rank > 0.5 and blunder.loss_score > 1.5 and blunder.blunder
    assert best.loss_rank == best.loss_score == 0 and not best.blunder
    assert {valued.command for valued in blunder.top} == {f"Take(coins={coins})" for coins in range(3)}


def test_the_analysis_is_the_same_in_any_world_the_seat_cannot_tell_from_the_true_one():
    game = forest_game()
    rules = load_rules("forest")
    scorer = Scorer(rules, sims=40, seed=3, blunder=0.5)
    compared = 0
    for decision in list(decisions(game.log))[5::9]:
        real = scorer.score(decision)
        for draw in range(2):
            twin = replace(decision, state=rules.sample(decision.state, decision.seat, random.Random(draw)))
            assert scorer.score(twin) == real
        compared += real is not None
    assert compared >= 3


def test_every_decision_of_the_chosen_seat_is_met_in_order_and_forced_ones_are_left_out():
    game = forest_game()
    met = list(decisions(game.log, frozenset({1})))
    assert met and {decision.seat for decision in met} == {1}
    assert [decision.at for decision in met] == sorted(decision.at for decision in met)
    scored = list(score_game(game.log, sims=20, seed=1, blunder=0.5, seats=frozenset({1})))
    assert 0 < len(scored) <= len(met)
    assert all(item.loss_rank >= 0 and item.loss_score >= 0 and item.played.visits >= 2 for item in scored)


def test_a_chain_of_a_seats_own_small_decisions_counts_as_one_decision_whose_loss_is_its_steps_sum():
    game = forest_game(seed=6)  # a take, then a choice of cashing in (Rules.continues)
    rules = load_rules("forest")
    met = list(decisions(game.log))
    chained = [decision for decision in met if decision.chain != decision.at]
    assert all(any(d.at == c.chain and d.seat == c.seat for d in met) for c in chained)
    seat = next(c.seat for c in chained if len(rules.legal(c.state, c.seat)) > 1)
    analysis = Analysis(uuid.uuid4())
    analysis.record(AnalysisStarted(str(game.id), "forest", seat, "x", "", Settings(20, 1, 0.5, "1")))
    for scored in score_game(game.log, sims=20, seed=1, blunder=0.5, seats=frozenset({seat})):
        analysis.record(scored)
    counted = per_game(analysis)
    assert counted.decisions == len({scored.chain for scored in analysis.scored}) < len(analysis.scored)
    assert math.isclose(counted.rank, sum(scored.loss_rank for scored in analysis.scored))
