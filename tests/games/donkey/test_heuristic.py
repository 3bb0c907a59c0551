"""The heuristic decides from what its seat knows, makes the obvious calls, and beats random players."""

from __future__ import annotations

import random

from meeplog.games.donkey.commands import ACCEPT, REFUSE, Commit, Favour8Pick, Peek
from meeplog.games.donkey.heuristic import DonkeyHeuristic
from tests.games.donkey.table import RULES, commit_all, contracts, do, favours, start

HEURISTIC = DonkeyHeuristic()


def choose(state, seat, seed=0):
    rng = random.Random(seed)
    return HEURISTIC.choose(RULES.sample(state, seat, rng), seat, RULES.legal(state, seat), rng)


def test_it_accepts_a_safe_load_and_refuses_a_hopeless_one():
    safe = start(["giant"])
    commit_all(safe, {0: 1, 1: 1, 2: 1, 3: 1})
    favours(safe)
    assert choose(safe, 0) == ACCEPT, "others cannot exceed 24 - 1 with three cards of at most 10"
    hopeless = start(["precision"])
    commit_all(hopeless, {0: 10, 1: 1, 2: 1, 3: 1})
    favours(hopeless)
    do(hopeless, 0, REFUSE)
    assert choose(hopeless, 1) == REFUSE, "with its own 1, a 7 or more among three unseen cards is likely"


def test_it_refuses_when_its_own_card_alone_sinks_a_puny_donkey():
    state = start(["puny"], players=3)
    commit_all(state, {0: 10, 1: 10, 2: 9})
    favours(state)
    assert choose(state, 0) == REFUSE, "10 + at least 1 + 1 > 12 is likely; 10 + 10 + 9 certainly"


def test_it_always_peeks_when_it_may():
    state = start(["holey"])
    commit_all(state, {0: 5, 1: 5, 2: 5, 3: 5})
    favours(state)
    assert isinstance(choose(state, 0), Peek)


def test_it_picks_the_best_card_of_the_packet():
    state = start(["normal"])
    commit_all(state, {0: 3, 1: 10, 2: 9, 3: 8})
    favours(state, {2: 8})
    for seat, accept in ((0, True), (1, False), (2, False), (3, True)):
        do(state, seat, ACCEPT if accept else REFUSE)
    assert choose(state, 2) == Favour8Pick(1, 0)


def test_it_loads_a_big_card_on_a_giant_donkey_and_keeps_its_cheap_favour_cards():
    state = start(["giant"], players=3)
    choice = choose(state, 0)
    assert isinstance(choice, Commit) and choice.cards[0] not in (2, 4), "2 and 4 are kept to buy favours"
    assert choice.cards[0] >= 5


def test_it_is_deterministic_given_its_generator():
    state = start(["normal"])
    assert choose(state, 1, seed=3) == choose(state, 1, seed=3)


def test_it_wins_far_more_than_its_share_against_random_players():
    players, games, won = 4, 40, 0.0
    for game in range(games):
        seat, rng = game % players, random.Random(game)
        state = RULES.setup(RULES.configure(players), random.Random(500 + game))
        while not (pending := RULES.pending(state)).over:
            chosen = [(s, HEURISTIC.choose(RULES.sample(state, s, rng), s, RULES.legal(state, s), rng) if s == seat
                       else rng.choice(RULES.legal(state, s))) for s in pending.seats]
            for s, command in chosen:
                RULES.apply(state, s, command, rng)
        winners = RULES.outcome(state).winners
        won += 1 / len(winners) if seat in winners else 0
    assert won / games > 0.5, f"win share {won / games:.2f} against three random players"


def test_evaluate_counts_the_load_on_the_table_until_the_round_is_scored():
    state = start(["normal"])
    assert HEURISTIC.evaluate(state) == (0.25, 0.25, 0.25, 0.25)
    commit_all(state, {0: 10, 1: 1, 2: 1, 3: 1})
    assert HEURISTIC.evaluate(state) == (0.25, 0.25, 0.25, 0.25), "committed cards are still the seat's load"
    favours(state)
    contracts(state, [True, True, True, True])  # 13 of 20: not overloaded, every acceptor scores its card
    chances = HEURISTIC.evaluate(state)
    assert abs(sum(chances) - 1) < 1e-9
    assert chances[0] > 0.25 > chances[1] == chances[2] == chances[3], "the seat that banked the 10 leads"
