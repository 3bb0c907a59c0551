"""Targeted no-leak checks: two worlds that differ only in a card seat X did not commit, peek at or receive
give X the same view and the same `seen_by(X)` event feed; and `sample` keeps exactly what X knows.
"""

from __future__ import annotations

import random

from meeplog.core.conformance.playouts import steps
from meeplog.games.donkey.commands import ACCEPT, REFUSE, DeclareFavour, Favour4Swap, Peek
from meeplog.games.donkey.events import RoundScored
from meeplog.games.donkey.state import DonkeyState
from tests.games.donkey.table import RULES, commit_all, contracts, do, favours, of_type, play_round, start


def feed(events, seat: int) -> list:
    return [event.seen_by(seat) for event in events]


def twins(deck, loads_a, loads_b, **options) -> tuple[DonkeyState, DonkeyState, list, list]:
    a, b = start(deck, **options), start(deck, **options)
    return a, b, commit_all(a, loads_a), commit_all(b, loads_b)


def test_a_committed_card_is_invisible_to_the_other_seats():
    a, b, events_a, events_b = twins(["normal"], {0: 3, 1: 5, 2: 4, 3: 6}, {0: 3, 1: 5, 2: 9, 3: 6})
    for seat in (0, 1, 3):
        assert RULES.view(a, seat) == RULES.view(b, seat)
        assert feed(events_a, seat) == feed(events_b, seat)
    assert RULES.view(a, 2) != RULES.view(b, 2) and feed(events_a, 2) != feed(events_b, 2)


def test_a_peeked_value_reaches_the_peeker_only():
    a, b, _, _ = twins(["holey"], {0: 3, 1: 5, 2: 4, 3: 6}, {0: 3, 1: 5, 2: 9, 3: 6})
    for state in (a, b):
        favours(state)
    events_a, events_b = do(a, 0, Peek(2, 0)), do(b, 0, Peek(2, 0))
    for seat in (1, 3):
        assert RULES.view(a, seat) == RULES.view(b, seat), "which card was peeked is public, its value is not"
        assert feed(events_a, seat) == feed(events_b, seat)
    assert RULES.view(a, 1).seats[2].load[0].peeked_by == [0]
    assert RULES.view(a, 0).seats[2].load[0].value == 4 and RULES.view(b, 0).seats[2].load[0].value == 9
    assert feed(events_a, 0) != feed(events_b, 0)


def test_the_cards_of_a_favour_4_swap_stay_with_the_swapper():
    a, b = start(["normal"]), start(["normal"])
    for state, new in ((a, 2), (b, 7)):
        commit_all(state, {0: 9, 1: 5, 2: 4, 3: 6})
        favours(state, {0: 4, 1: 6})
        contracts(state, [True] * 4)
        events = do(state, 0, Favour4Swap(0, new))
        assert state.phase == "post-contract favours"
        if new == 2:
            events_a = events
        else:
            events_b = events
    for seat in (1, 2, 3):
        assert RULES.view(a, seat) == RULES.view(b, seat) and RULES.view(a, seat).seats[0].load[0].swapped
        assert feed(events_a, seat) == feed(events_b, seat)


def test_a_peeker_remembers_a_peeked_card_swapped_back_into_hand_and_sample_keeps_it_there():
    state = start(["holey", "normal"])
    commit_all(state, {0: 3, 1: 5, 2: 7, 3: 6})
    favours(state, {2: 4})
    do(state, 0, Peek(2, 0))
    do(state, 0, ACCEPT)
    contracts(state, [True] * 4)
    do(state, 2, Favour4Swap(0, 10))  # the peeked 7 goes back to seat 2's hand
    assert RULES.view(state, 0).seats[2].returned_to_hand == [7]
    assert RULES.view(state, 1).seats[2].returned_to_hand == []
    commit_all(state, {0: 1, 1: 1, 2: 2, 3: 1})  # seat 2 commits a card face down in round 2
    rng = random.Random(5)
    seen = set()
    for _ in range(60):
        sampled = RULES.sample(state, 0, rng)
        assert 7 in sampled.hands[2] or sampled.value(sampled.played[2][0]) == 7, "in hand or played since"
        assert RULES.view(sampled, 0) == RULES.view(state, 0)
        seen.add(sampled.value(sampled.played[2][0]))
    assert 7 in seen and len(seen) > 2, "the later card may be the 7 or any other unseen card"


def test_another_observers_memory_is_redrawn_to_a_card_consistent_with_the_sampled_world():
    state = start(["holey", "normal"])
    commit_all(state, {0: 3, 1: 5, 2: 7, 3: 6})
    favours(state, {2: 4})
    do(state, 0, Peek(2, 0))
    do(state, 0, ACCEPT)
    contracts(state, [True] * 4)
    do(state, 2, Favour4Swap(0, 10))
    rng = random.Random(1)
    memories = set()
    for _ in range(40):
        sampled = RULES.sample(state, 1, rng)  # seat 1 saw the peek and the swap, not the value
        ((owner, value),) = sampled.held[0]
        assert owner == 2 and value in sampled.hands[2]
        memories.add(value)
    assert len(memories) > 1
    assert RULES.sample(state, 2, rng).held[0] == {(2, 7): state.held[0][2, 7]}, "seat 2 owns the card: it knows"


def test_stubborn_cards_are_never_revealed_to_anyone_else():
    a, b = start(["stubborn"]), start(["stubborn"])
    events_a = play_round(a, {0: 3, 1: 5, 2: 4, 3: 6}, [False, False, False, True])
    events_b = play_round(b, {0: 3, 1: 5, 2: 4, 3: 9}, [False, False, False, True])
    for seat in (0, 1, 2):
        assert RULES.view(a, seat) == RULES.view(b, seat)
        assert feed(events_a, seat) == feed(events_b, seat)


def test_a_stubborn_card_peeked_with_favour_10_stays_known_to_the_peeker_only():
    state = start(["stubborn"])
    commit_all(state, {0: 3, 1: 5, 2: 4, 3: 6})
    favours(state, {0: 10})
    do(state, 0, Peek(3, 0))
    do(state, 0, REFUSE)
    contracts(state, {1: False, 2: False, 3: True})
    assert RULES.view(state, 0).seats[3].known_removed_unseen == [6]
    assert RULES.view(state, 1).seats[3].known_removed_unseen == []
    rng = random.Random(0)
    assert all(RULES.sample(state, 0, rng).value(state.buried[3][0]) == 6 for _ in range(20))
    assert {RULES.sample(state, 1, rng).value(state.buried[3][0]) for _ in range(40)} != {6}


def test_lost_loads_stay_private_until_the_lost_donkey_returns():
    a, b = start(["lost", "normal"]), start(["lost", "normal"])
    events_a = commit_all(a, {0: 3, 1: 5, 2: 4, 3: 6})
    events_b = commit_all(b, {0: 3, 1: 5, 2: 4, 3: 10})
    for seat in (0, 1, 2):
        assert RULES.view(a, seat) == RULES.view(b, seat) and feed(events_a, seat) == feed(events_b, seat)
    assert RULES.view(a, 3).my_lost_loads == [[6]]


def test_private_scored_piles_hide_who_drew_what_but_not_the_drawn_cards():
    options = {"scored_pile_visibility": "owner"}
    loads, everyone_refuses = {0: 7, 1: 6, 2: 5, 3: 4}, [False] * 4
    a = start(["normal", "normal"], **options)
    events_a = play_round(a, loads, everyone_refuses, seed=0)
    scored_a = of_type(events_a, RoundScored)[0]
    for seed in range(1, 50):  # another deal of the same packet in which seat 0 draws the same card
        b = start(["normal", "normal"], **options)
        events_b = play_round(b, loads, everyone_refuses, seed=seed)
        scored_b = of_type(events_b, RoundScored)[0]
        if scored_b.draws[0] == scored_a.draws[0] and scored_b.draws != scored_a.draws:
            break
    assert scored_a.draws != scored_b.draws and scored_a.drawn == scored_b.drawn
    assert RULES.view(a, 0) == RULES.view(b, 0), "seat 0 saw the packet dealt but not who got which card"
    assert feed([scored_a], 0) == feed([scored_b], 0)
    assert RULES.view(a, 0).seats[1].scored is None and RULES.view(a, 1).seats[1].scored is not None
    rng = random.Random(3)
    piles = {tuple(map(tuple, RULES.sample(a, 0, rng).scored)) for _ in range(30)}
    assert len(piles) > 1 and all(sum(map(len, pile)) == 4 and pile[0] == tuple(a.scored[0]) for pile in piles)


def test_sample_depends_only_on_what_the_seat_knows():
    a, b, _, _ = twins(["holey"], {0: 3, 1: 5, 2: 4, 3: 6}, {0: 3, 1: 5, 2: 9, 3: 6})
    for state in (a, b):
        favours(state)
    first, second = RULES.sample(a, 1, random.Random(7)), RULES.sample(b, 1, random.Random(7))
    assert first == second
    assert RULES.sample(a, 2, random.Random(7)) != RULES.sample(b, 2, random.Random(7))


def test_favour_choices_are_public_but_an_unplayable_favour_is_not_skipped():
    state = start(["normal", "normal"])
    commit_all(state, {0: 2, 1: 2, 2: 2, 3: 2})
    do(state, 0, DeclareFavour(4))
    for seat in (1, 2, 3):
        do(state, seat, RULES.legal(state, seat)[0])
    contracts(state, [True] * 4)
    do(state, 0, RULES.legal(state, 0)[0])
    state.hands[1] = [1, 3, 5, 7, 9]  # no favour card left in hand: still asked, so its hand stays secret
    commit_all(state, {0: 1, 1: 1, 2: 1, 3: 1})
    assert 1 in state.queue


def test_sample_depends_only_on_what_the_seat_knows_all_game_long():
    """Over random games, sampling a world the seat cannot tell apart from the true one gives the same sample."""
    options = ({}, {"scored_pile_visibility": "owner"},
               {"donkey_counts": {"holey": 5, "difficult": 3, "stubborn": 4, "lost": 3, "double": 3, "normal": 2}})
    for option in options:
        config = RULES.configure(4, **option)
        for seed in range(4):
            rng = random.Random(seed)
            for state, _, _ in steps(RULES, config, seed):
                seat = rng.randrange(4)
                twin = RULES.sample(state, seat, rng)
                key = rng.randrange(1000)
                assert RULES.sample(state, seat, random.Random(key)) == RULES.sample(twin, seat, random.Random(key))
