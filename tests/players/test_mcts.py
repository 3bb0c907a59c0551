"""The MCTS player: seeded determinism, legal moves, budgets, options, and simultaneous decisions."""

from __future__ import annotations

import asyncio
import time

import pytest
from pydantic import ValidationError

from meeplog.core.game import Game
from meeplog.core.runner import MatchRunner, MatchSettings
from meeplog.core.specs import PlayerSpec
from meeplog.games.forest import ForestRules
from meeplog.players.heuristic import HeuristicOptions, HeuristicPlayer
from meeplog.players.mcts import MctsPlayer
from meeplog.players.mcts_options import MctsOptions
from meeplog.players.random import RandomPlayer
from tests.players.guess import GUESSER, GuessRules
from tests.toy import PenniesRules


def mcts(seed: int = 0, **options) -> MctsPlayer:
    return MctsPlayer(MctsOptions(**options), seed)


def forest_game(seed: int = 3) -> Game:
    rules = ForestRules()
    return Game.start(rules, rules.configure(4), ["mcts"] * 4, seed)


def test_the_spec_from_the_command_line_builds_the_options():
    spec = PlayerSpec.parse("mcts:sims=400,c=1.4,rollout=heuristic")
    options = MctsOptions(**spec.options)
    assert (options.sims, options.c, options.rollout) == (400, 1.4, "heuristic")


@pytest.mark.parametrize("bad", [{"sims": "0"}, {"sims": "10", "seconds": "1"}, {"rollout": "greedy"}, {"cc": "1"},
                                 {"per_move": "0"}, {"per_move": "5", "seconds": "1"}])
def test_bad_options_are_refused(bad):
    with pytest.raises(ValidationError):
        MctsOptions(**bad)


def test_same_seed_same_move_and_the_move_is_legal():
    game = forest_game()
    seat = game.pending().seats[0]
    moves = {mcts(seed=5, sims=60).choose(game.observation(seat)) for _ in range(3)}
    assert len(moves) == 1
    assert moves.pop() in game.legal(seat)


def test_a_sims_budget_runs_exactly_that_many_simulations():
    game = forest_game()
    player = mcts(sims=37)
    player.choose(game.observation(game.pending().seats[0]))
    assert player.last_search.simulations == 37
    assert sum(visits for visits, *_ in player.last_search.root.edges.values()) == 37


def test_per_move_gives_a_narrow_decision_fewer_simulations():
    game = forest_game()
    obs = game.observation(game.pending().seats[0])
    narrow = obs.replace(legal=obs.legal[:2])
    player = mcts(sims=37, per_move=5)
    player.choose(narrow)
    assert player.last_search.simulations == 10, "5 per move, 2 moves"
    player.choose(obs)
    assert player.last_search.simulations == min(37, 5 * len(obs.legal)), "never more than sims"


def test_a_time_budget_stops_on_time():
    game = forest_game()
    player = mcts(seconds=0.2)
    started = time.perf_counter()
    player.choose(game.observation(game.pending().seats[0]))
    assert 0.2 <= time.perf_counter() - started < 1.5, "generous: a busy machine may stall a simulation"
    assert player.last_search.simulations >= 1


def test_a_forced_move_is_played_without_searching():
    game = forest_game()
    seat = game.pending().seats[0]
    obs = game.observation(seat)
    forced = obs.replace(legal=obs.legal[:1])
    player = mcts(sims=50)
    assert player.choose(forced) == obs.legal[0]
    assert player.last_search is None


def test_heuristic_rollouts_and_a_depth_cap_with_the_evaluation():
    game = forest_game()
    seat = game.pending().seats[0]
    for options in ({"rollout": "heuristic"}, {"depth": 4}, {"depth": 0, "rollout": "heuristic"},
                    {"others": "rollout", "rollout": "heuristic", "depth": 8}):
        assert mcts(sims=30, **options).choose(game.observation(seat)) in game.legal(seat)


def test_options_the_game_cannot_serve_are_refused_with_a_reason():
    rules = PenniesRules()
    game = Game.start(rules, rules.configure(2), ["mcts"] * 2, 1)
    with pytest.raises(ValueError, match="has none"):
        mcts(sims=10, rollout="heuristic").choose(game.observation(0))
    with pytest.raises(ValueError, match="has none"):
        mcts(sims=10, bias=1.0).choose(game.observation(0))
    with pytest.raises(ValueError, match="evaluation"):
        mcts(sims=10, depth=3).choose(game.observation(0))


def test_a_whole_game_through_the_runner_is_legal_and_reproducible():
    def play() -> list:
        rules = ForestRules()
        game = Game.start(rules, rules.configure(3), ["mcts"] * 3, 11)
        seats = [mcts(seed, sims=8) for seed in range(3)]
        fallbacks = [RandomPlayer(RandomPlayer.Options(), seat) for seat in range(3)]
        asyncio.run(MatchRunner(game, seats, fallbacks, settings=MatchSettings(max_rejections=0)).play())
        assert not [r for r in game.log if type(r.event).__name__ in ("CommandRejected", "PlayerFellBack")]
        return [r.event for r in game.log if type(r.event).__name__ == "CommandAccepted"]

    assert play() == play()


def test_simultaneous_decisions_in_a_whole_game():
    rules = PenniesRules()
    game = Game.start(rules, rules.configure(3), ["mcts"] * 3, 2)
    seats = [mcts(seed, sims=40) for seed in range(3)]
    fallbacks = [RandomPlayer(RandomPlayer.Options(), seat) for seat in range(3)]
    asyncio.run(MatchRunner(game, seats, fallbacks, settings=MatchSettings(max_rejections=0)).play())
    assert game.over
    assert not [r for r in game.log if type(r.event).__name__ in ("CommandRejected", "PlayerFellBack")]


@pytest.mark.parametrize("others", ["search", "rollout"])
@pytest.mark.parametrize("seed", range(4))
def test_a_simultaneous_move_is_chosen_without_knowing_the_others(seed, others):
    """Guessing the hidden hand pays only if the search lets the guesser see it; playing safe is right."""
    rules = GuessRules()
    game = Game.start(rules, rules.configure(2), ["mcts"] * 2, seed)
    assert mcts(seed, sims=1500, others=others).choose(game.observation(GUESSER)).move == "safe"


def test_with_a_bias_the_heuristic_move_is_tried_first():
    """One simulation visits only the heuristic's move; Forest's policy reads only what the seat knows."""
    rules = ForestRules()
    game = Game.start(rules, rules.configure(4), ["mcts"] * 4, 8)
    while not game.over:
        seat = game.pending().seats[0]
        obs = game.observation(seat)
        expected = HeuristicPlayer(HeuristicOptions(), 0).choose(obs)
        assert mcts(seat, sims=1, bias=1.0).choose(obs) == expected
        game.submit(seat, expected)


def test_with_first_play_urgency_few_simulations_stay_on_the_good_moves():
    """Without `fpu` every simulation of a wide decision tries a new move; with it, the search keeps
    to the heuristic's move, which scores above an untried one, and the move played is that one."""
    game = forest_game()
    obs = game.observation(game.pending().seats[0])
    sims = len(obs.legal) - 2

    def tried(**options) -> int:
        player = mcts(sims=sims, bias=1.0, rollout="heuristic", **options)
        player.choose(obs)
        return sum(1 for visits, *_ in player.last_search.root.edges.values() if visits)

    assert tried() == sims
    assert tried(fpu=0.0) == 1
    heuristic_move = HeuristicPlayer(HeuristicOptions(), 0).choose(obs)
    assert mcts(sims=sims, bias=1.0, rollout="heuristic", fpu=0.0).choose(obs) == heuristic_move
