"""The heuristic's evaluation: a chance of winning per seat, led by banked boots, and what MCTS's `depth` needs."""

from __future__ import annotations

import asyncio
import random

from meeplog.core.game import Game
from meeplog.core.runner import MatchRunner, MatchSettings
from meeplog.games.hike.commands import Continue, StartHike, StayOut
from meeplog.players.mcts import MctsPlayer
from meeplog.players.mcts_options import MctsOptions
from meeplog.players.random import RandomPlayer
from tests.games.hike.table import RULES, do, table, waiting

POLICY = RULES.heuristic()


def test_every_position_of_a_game_gets_one_chance_per_seat_summing_to_one():
    for players in (2, 4):
        rng = random.Random(players)
        state = RULES.setup(RULES.configure(players), rng)
        while not (pending := RULES.pending(state)).over:
            chances = POLICY.evaluate(state)
            assert len(chances) == players
            assert all(0 <= chance <= 1 for chance in chances) and abs(sum(chances) - 1) < 1e-9
            for seat in pending.seats:
                RULES.apply(state, seat, rng.choice(RULES.legal(state, seat)), rng)


def test_a_seat_far_ahead_in_banked_boots_is_favoured_the_more_the_fewer_cards_are_left():
    def leader_chance(cards_left: int) -> float:
        state = table([[], [], []], scores=[[], ["tent", "sleeping bag", "frying pan"], ["map"]],
                      draw=["compass"] * cards_left)
        chances = POLICY.evaluate(state)
        assert chances[1] == max(chances) and chances[2] > chances[0]
        return chances[1]

    late, early = leader_chance(3), leader_chance(50)
    assert late > 0.95
    assert 0.5 < early < late


def test_the_revealed_cards_count_for_the_hikers_still_on_the_trail():
    """Two equal tables, except that seat 0 hikes alone and has a sleeping bag waiting to be banked."""
    packs = [{"bottom": "tent", "top": "sleeping bag"}] * 2
    state = table([[], []], packs=packs, draw=["sleeping bag"] + ["compass"] * 20)
    assert POLICY.evaluate(state) == (0.5, 0.5)
    do(state, 0, StartHike())
    do(state, 1, StayOut())
    assert waiting(state) == 0 and Continue() in RULES.legal(state, 0), "the bag matched: continue or abandon"
    hiker, stayer = POLICY.evaluate(state)
    assert hiker > 0.6 and stayer < 0.4


def test_mcts_cuts_its_playouts_with_the_evaluation_and_plays_a_whole_game():
    game = Game.start(RULES, RULES.configure(2), ["mcts", "random"], 7)
    seats = [MctsPlayer(MctsOptions(sims=6, c=0.5, rollout="heuristic", depth=4), 0),
             RandomPlayer(RandomPlayer.Options(), 1)]
    fallbacks = [RandomPlayer(RandomPlayer.Options(), seat) for seat in range(2)]
    outcome = asyncio.run(MatchRunner(game, seats, fallbacks, settings=MatchSettings(max_rejections=0)).play())
    assert not [r for r in game.log if type(r.event).__name__ in ("CommandRejected", "PlayerFellBack")]
    assert len(outcome.ranks) == 2
    assert seats[0].last_search is not None and seats[0].last_search.simulations == 6
