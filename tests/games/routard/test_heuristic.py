"""The heuristic plays like a careful backpacker: it beats random players and decides from its own view."""

import random

from meeplog.games.routard import commands as cmd
from meeplog.games.routard.heuristic import RoutardHeuristic
from tests.games.routard.helpers import RULES, full_collection, legal, on_top, play, travelling


def duel(seed: int, players: int, heuristic_seat: int) -> tuple[int, ...]:
    policy = RoutardHeuristic()
    rng = random.Random(seed)
    state = RULES.setup(RULES.configure(players), random.Random(seed))
    while not (pending := RULES.pending(state)).over:
        chosen = []
        for seat in pending.seats:
            moves = RULES.legal(state, seat)
            if seat == heuristic_seat:
                chosen.append((seat, policy.choose(RULES.sample(state, seat, rng), seat, moves, rng)))
            else:
                chosen.append((seat, rng.choice(moves)))
        for seat, command in chosen:
            RULES.apply(state, seat, command, rng)
    return state.winners


def test_the_heuristic_beats_random_players():
    games = [(seed, 3, seed % 3) for seed in range(9)]
    wins = sum(seat in duel(seed, players, seat) for seed, players, seat in games)
    assert wins >= 7


def test_it_walks_to_a_card_it_still_needs_and_can_play():
    state = travelling((4, 40))  # space 5 is a reportage, 7 an aventure
    state.players[0].reportage = (0, 1)
    move = RoutardHeuristic().choose(state, 0, legal(state, 0), random.Random(0))
    assert move == cmd.Walk(3)  # the aventure: reportages are done


def test_it_flies_once_the_cards_are_in():
    state = travelling((36, 40))
    full_collection(state, 0)
    state.players[0].tickets = 1
    assert RoutardHeuristic().choose(state, 0, legal(state, 0), random.Random(0)) == cmd.Fly()


def test_it_buys_the_camera_it_lacks_at_an_airport():
    state = travelling((17, 40))
    state.players[0].elements["appareil_photo"] = 0
    on_top(state, "hebergement", "HEB-01")
    play(state, 0, cmd.Walk(1))
    assert RoutardHeuristic().choose(state, 0, legal(state, 0), random.Random(0)) == cmd.BuyElement("appareil_photo")
