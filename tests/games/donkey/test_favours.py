"""Every favour, each with a worked situation and its expected scores (rulings D10-D18).

Four players on a normal donkey (capacity 20) unless said otherwise; seat 0 is the first player.
"""

from __future__ import annotations

import pytest

from meeplog.core.kernel import IllegalCommand
from meeplog.games.donkey.commands import (
    ACCEPT,
    FAVOUR4_KEEP,
    FAVOUR8_KEEP,
    NO_FAVOUR,
    REFUSE,
    DeclareFavour,
    Favour4Swap,
    Favour6Adjust,
    Favour8Pick,
    Favour8Swap,
    Peek,
)
from meeplog.games.donkey.events import Favour4Swapped, LoadsRevealed, RoundScored
from meeplog.games.donkey.state import CONTRACT, FAVOUR, PICK, POST, SWAP
from tests.games.donkey.table import (
    RULES,
    commit_all,
    contracts,
    do,
    favours,
    lowest,
    of_type,
    play_round,
    scores,
    start,
)


def test_a_favour_card_is_sacrificed_from_hand_and_never_counts_or_scores():
    state = start(["normal"])
    commit_all(state, {0: 3, 1: 5, 2: 4, 3: 6})
    favours(state, {1: 6})
    assert 6 not in state.hands[1] and state.favours_used[1] == 1
    do(state, 0, ACCEPT)
    do(state, 1, ACCEPT)
    do(state, 2, ACCEPT)
    events = do(state, 3, ACCEPT)
    assert state.phase == POST and not events[1:], "favour 6 acts after the contracts"
    events = do(state, 1, Favour6Adjust(0))
    assert of_type(events, LoadsRevealed)[0].measure == 18, "the sacrificed 6 is not load"
    assert scores(state) == [3, 5, 4, 6] and 6 not in [v for pile in state.scored for v in pile[1:2]]


def test_favours_are_limited_to_one_per_round_and_two_per_game():
    state = start(["normal"] * 3)
    commit_all(state, {0: 1, 1: 1, 2: 1, 3: 1})
    do(state, 0, DeclareFavour(2))
    assert RULES.pending(state).seats == (1,), "one favour per round (D10)"
    favours(state)
    contracts(state, [True] * 4)
    commit_all(state, {0: 3, 1: 2, 2: 2, 3: 2})
    do(state, 1, NO_FAVOUR)  # seat 1 starts round 2
    do(state, 2, NO_FAVOUR)
    do(state, 3, NO_FAVOUR)
    do(state, 0, DeclareFavour(8))
    contracts(state, {0: True, 1: True, 2: True, 3: True})
    do(state, 0, FAVOUR8_KEEP)
    commit_all(state, {0: 4, 1: 3, 2: 3, 3: 3})
    assert state.phase == FAVOUR and 0 not in state.queue, "two favours used: seat 0 is not asked again"
    with pytest.raises(IllegalCommand):
        do(state, 0, DeclareFavour(10))


def test_two_favours_in_one_round_with_the_option():
    state = start(["normal"], max_favours_per_round=2)
    commit_all(state, {0: 1, 1: 1, 2: 1, 3: 1})
    do(state, 0, DeclareFavour(2))
    assert RULES.pending(state).seats == (0,), "seat 0 may declare a second favour"
    do(state, 0, DeclareFavour(10))
    assert RULES.pending(state).seats == (1,), "two per game reached"


def test_favour_2_decides_after_everyone_else_in_clockwise_order():
    state = start(["normal", "normal"], first=0)
    play_round(state, {0: 1, 1: 1, 2: 1, 3: 1}, [True] * 4)  # seat 1 becomes first player
    commit_all(state, {0: 5, 1: 5, 2: 5, 3: 5})
    favours(state, {3: 2, 1: 2})
    assert state.phase == CONTRACT and state.queue == [2, 0, 1, 3], "favour-2 users 1 and 3 last, clockwise from 1"
    contracts(state, {0: True, 1: False, 2: True, 3: True})
    assert scores(state) == [6, 1, 6, 6], "20 <= 20: seat 1 alone refused, wrongly"


def test_favour_4_swaps_a_load_card_after_the_contracts_and_the_new_card_counts():
    state = start(["normal"])
    commit_all(state, {0: 9, 1: 6, 2: 5, 3: 3})
    favours(state, {0: 4})
    contracts(state, [True, True, False, True])
    assert state.phase == POST and RULES.pending(state).seats == (0,)
    assert Favour4Swap(0, 1) in RULES.legal(state, 0) and FAVOUR4_KEEP in RULES.legal(state, 0)
    events = do(state, 0, Favour4Swap(0, 1))
    swapped = events[0]
    assert swapped == Favour4Swapped(0, 0, 1, 9, False)
    assert swapped.seen_by(2) == Favour4Swapped(0, 0, None, None, False), "others learn only that it happened"
    revealed = of_type(events, LoadsRevealed)[0]
    assert revealed.cards[0] == (1,) and revealed.measure == 15, "23 would have overloaded; 15 does not"
    assert 9 in state.hands[0] and scores(state) == [1, 6, 0, 3]


def test_favour_4_on_the_difficult_donkey_keeps_a_face_up_card_face_up():
    state = start(["difficult"])
    commit_all(state, {0: 9, 1: 6, 2: 5, 3: 3})
    favours(state, {0: 4, 2: 6})
    contracts(state, [True] * 4)
    events = do(state, 0, Favour4Swap(0, 2))
    assert events[0].face_up and events[0].seen_by(1).placed == 2
    assert state.phase == POST and RULES.view(state, 1).seats[0].load[0].value == 2


def test_favour_6_raises_or_lowers_the_capacity_by_two_after_the_contracts():
    state = start(["normal", "normal"])
    commit_all(state, {0: 7, 1: 6, 2: 5, 3: 3})
    favours(state, {0: 6})
    contracts(state, [True, True, False, False])
    assert set(RULES.legal(state, 0)) == {Favour6Adjust(2), Favour6Adjust(-2), Favour6Adjust(0)}
    events = do(state, 0, Favour6Adjust(-2))
    revealed = of_type(events, LoadsRevealed)[0]
    assert (revealed.measure, revealed.limit, revealed.overloaded) == (21, 18, True)
    assert scores(state)[:2] == [0, 0] and len(state.scored[2]) == len(state.scored[3]) == 1


def test_favour_6_stacks_clockwise_and_clamps_the_precision_threshold_to_nine():
    state = start(["precision"], favour6_allow_zero=False)
    commit_all(state, {0: 1, 1: 10, 2: 5, 3: 5})
    favours(state, {1: 6, 3: 6, 2: 4})
    contracts(state, [True] * 4)
    assert state.post == [(1, 6), (2, 4), (3, 6)], "post-contract favours clockwise from the first player"
    assert Favour6Adjust(0) not in RULES.legal(state, 1), "the option forbids leaving it"
    do(state, 1, Favour6Adjust(2))
    assert state.limit == 7
    do(state, 2, FAVOUR4_KEEP)
    events = do(state, 3, Favour6Adjust(2))
    revealed = of_type(events, LoadsRevealed)[0]
    assert (revealed.limit, revealed.measure, revealed.overloaded) == (9, 9, False), "5+2+2 = 9, within [1, 9]"
    assert scores(state) == [1, 10, 5, 5]


def test_favour_6_cannot_push_the_precision_threshold_above_nine():
    state = start(["precision"])
    state.limit = 9
    commit_all(state, {0: 1, 1: 2, 2: 3, 3: 4})
    favours(state, {0: 6})
    contracts(state, [True] * 4)
    events = do(state, 0, Favour6Adjust(2))
    assert events[0].limit == 9


def test_favour_8_right_acceptor_swaps_with_another_right_acceptor_who_gets_its_card():
    state = start(["normal"])
    commit_all(state, {0: 2, 1: 9, 2: 4, 3: 1})
    favours(state, {0: 8})
    contracts(state, [True, True, False, True])
    assert state.phase == SWAP and RULES.pending(state).seats == (0,)
    do(state, 0, Favour8Swap((0, 0), (1, 0)))
    assert scores(state) == [9, 2, 0, 1]


def test_favour_8_right_acceptor_taking_a_refusers_card_discards_its_own():
    state = start(["normal"])
    commit_all(state, {0: 2, 1: 9, 2: 7, 3: 1})
    favours(state, {0: 8})
    contracts(state, [True, True, False, True])
    assert Favour8Swap((0, 0), (2, 0)) in RULES.legal(state, 0)
    do(state, 0, Favour8Swap((0, 0), (2, 0)))
    assert scores(state) == [7, 9, 0, 1], "seat 2 refused: it does not get the 2 (D16)"


def test_favour_8_option_limits_the_swap_to_right_acceptors_cards():
    state = start(["normal"], favour8_swap_targets="correct_acceptors_only")
    commit_all(state, {0: 2, 1: 9, 2: 7, 3: 1})
    favours(state, {0: 8})
    contracts(state, [True, True, False, True])
    assert Favour8Swap((0, 0), (2, 0)) not in RULES.legal(state, 0)
    assert Favour8Swap((0, 0), (1, 0)) in RULES.legal(state, 0)


def test_favour_8_wrong_player_gets_no_decision():
    state = start(["normal"])
    commit_all(state, {0: 9, 1: 5, 2: 4, 3: 1})
    favours(state, {0: 8})
    events = contracts(state, [False, True, True, True])
    assert of_type(events, RoundScored) and scores(state) == [0, 5, 4, 1]


def test_favour_8_right_refuser_picks_a_packet_card_before_the_random_draws():
    state = start(["normal"])
    commit_all(state, {0: 3, 1: 10, 2: 9, 3: 8})
    favours(state, {2: 8})
    contracts(state, [True, False, False, True])
    assert state.phase == PICK and RULES.pending(state).seats == (2,)
    assert set(RULES.legal(state, 2)) == {Favour8Pick(seat, 0) for seat in range(4)}
    events = do(state, 2, Favour8Pick(1, 0))
    scored = of_type(events, RoundScored)[0]
    assert scored.gains[2] == (10,) and scored.draws[2] == () and len(scored.draws[1]) == 1
    assert scored.draws[1][0] in (3, 9, 8), "the picked 10 has left the packet"
    assert scores(state)[2] == 10


def test_favour_8_on_a_double_picks_one_card_then_draws_the_rest():
    state = start(["double"])
    commit_all(state, {0: (1, 2), 1: (10, 9), 2: (8, 7), 3: (6, 5)})
    favours(state, {1: 8})
    contracts(state, [True, False, True, True])
    events = do(state, 1, Favour8Pick(2, 1))  # seat 2's cards are (7, 8)
    scored = of_type(events, RoundScored)[0]
    assert scored.gains[1] == (8,) and len(scored.draws[1]) == 1 and len(state.scored[1]) == 2


def test_favour_8_on_a_double_swaps_one_of_two_cards():
    state = start(["double"])
    commit_all(state, {0: (1, 2), 1: (10, 9), 2: (4, 3), 3: (6, 5)})
    favours(state, {0: 8})
    contracts(state, [True, True, True, True])
    assert len(RULES.legal(state, 0)) == 1 + 2 * 6
    do(state, 0, Favour8Swap((0, 0), (1, 1)))  # seat 0's 1 for seat 1's 10
    assert sorted(state.scored[0]) == [2, 10] and sorted(state.scored[1]) == [1, 9]


def test_favour_10_peeks_at_half_the_loads_rounded_down():
    state = start(["normal"], players=5)
    commit_all(state, {0: 1, 1: 2, 2: 3, 3: 4, 4: 5})
    favours(state, {2: 10})
    for seat in (0, 1):
        do(state, seat, ACCEPT)
    peeks = [c for c in RULES.legal(state, 2) if isinstance(c, Peek)]
    assert len(peeks) == 4 and RULES.legal(state, 2)[:2] == [ACCEPT, REFUSE]
    do(state, 2, Peek(0, 0))
    events = do(state, 2, Peek(4, 0))
    assert events[0].value == 5 and events[0].seen_by(3).value is None
    assert not [c for c in RULES.legal(state, 2) if isinstance(c, Peek)], "floor(5 / 2) = 2 peeks"
    view = RULES.view(state, 2)
    assert [seat.load[0].value for seat in view.seats] == [1, None, 3, None, 5]
    assert [seat.load[0].value for seat in RULES.view(state, 3).seats] == [None, None, None, 4, None]


def test_favour_10_on_a_double_peeks_at_as_many_cards_as_players():
    state = start(["double"], players=3)
    commit_all(state, {0: (1, 2), 1: (3, 4), 2: (5, 6)})
    favours(state, {0: 10})
    for _ in range(3):
        do(state, 0, next(c for c in RULES.legal(state, 0) if isinstance(c, Peek)))
    assert not [c for c in RULES.legal(state, 0) if isinstance(c, Peek)]


def test_a_whole_game_keeps_the_card_budget_with_two_favours():
    state = start(["normal"] * 8, players=3)
    favours_left = {0: [2, 4], 1: [6, 8], 2: [10, 2]}
    while state.round <= 8 and state.phase != "over":
        loads = {seat: next(c for c in hand if c not in favours_left[seat]) for seat, hand in enumerate(state.hands)}
        commit_all(state, loads)
        declared = {seat: favours_left[seat][0] for seat in range(3) if state.round in (2, 5) and favours_left[seat]}
        favours(state, declared)
        for seat, favour in declared.items():
            favours_left[seat].remove(favour)
        contracts(state, [True] * 3)
        while state.phase == POST:
            seat = RULES.pending(state).seats[0]
            do(state, seat, RULES.legal(state, seat)[0])
        while state.phase in (SWAP, PICK):
            seat = RULES.pending(state).seats[0]
            do(state, seat, RULES.legal(state, seat)[0])
    assert state.phase == "over" and all(hand == [] for hand in state.hands), "8 loads + 2 favours = 10 (D1)"
    assert lowest(state) == {0: (), 1: (), 2: ()}
