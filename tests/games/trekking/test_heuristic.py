"""The heuristic policy plays sensibly in worked situations and beats random play."""

from __future__ import annotations

import random

from meeplog.games.trekking.commands import DrawTwo, Journey, MoveTo, PayCard, Recolor, Visit
from meeplog.games.trekking.heuristic import TrekkingHeuristic
from tests.games.trekking.table import RULES, card, cards, do, legal, loc, pay, world

POLICY = TrekkingHeuristic()


def choose(state):
    return POLICY.choose(state, state.active, legal(state), random.Random(0))


def test_it_walks_to_a_destination_it_can_pay_keeps_the_symbols_and_visits():
    state = world(["kakadu", "air_eu"], [["SCE-1", "SCE-2", "NAT-3", "ADV-1", "NAT-1"], []])
    assert choose(state) == MoveTo(loc("uluru"))
    do(state, MoveTo(loc("uluru")))
    assert choose(state) == PayCard(card("ADV-1")), "NAT-1 would do, but the visit wants nature cards"
    pay(state, "ADV-1")
    visit = choose(state)
    assert isinstance(visit, Visit) and visit.paid in {cards("SCE-1", "SCE-2", "NAT-3"), cards("SCE-1", "SCE-2",
                                                                                                 "NAT-1")}


def test_it_recolours_a_cube_to_complete_a_set():
    state = world(["niagara", "air_na", "liberty"], [["SCE-1", "SCE-2"], [], []], journeys=("A5", "B1"))
    state.suitcases[0] = [3, 1, 1, 0]
    state.suitcases[1] = [0, 2, 2, 0]
    state.tile_holder[:] = [0, 1, 1, -1]  # a 2nd blue or yellow would only tie seat 1: white makes a set
    assert isinstance(choose(state), Journey | DrawTwo)
    do(state, Journey("A5", cards("SCE-1", "SCE-2")))
    assert choose(state) == Recolor(0, 3)


def test_it_is_deterministic_given_its_rng():
    state = RULES.setup(RULES.configure(3, start_airport_timing="after_reveal"), random.Random(4))
    first = [POLICY.choose(state, state.active, legal(state), random.Random(9)) for _ in range(3)]
    assert first[0] == first[1] == first[2]


def test_evaluate_gives_a_chance_per_seat():
    state = world(["kakadu", "giza", "petra"], [[], [], []])
    state.visited[1] = [loc("giza")]
    chances = POLICY.evaluate(state)
    assert abs(sum(chances) - 1) < 1e-9 and chances[1] == max(chances)


def test_it_beats_random_players():
    wins = 0
    for game in range(6):
        players = 2 + game % 3
        seat = game % players
        rng = random.Random(game)
        state = RULES.setup(RULES.configure(players), random.Random(game))
        while not RULES.pending(state).over:
            actor = RULES.pending(state).seats[0]
            options = RULES.legal(state, actor)
            if actor == seat:
                command = POLICY.choose(RULES.sample(state, actor, rng), actor, options, rng)
            else:
                command = rng.choice(options)
            RULES.apply(state, actor, command, rng)
        wins += seat in RULES.outcome(state).winners
    assert wins >= 5
