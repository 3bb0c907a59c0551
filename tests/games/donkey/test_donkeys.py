"""Every donkey type, each with a worked situation and its expected scores (digest 2.3 and rulings D4-D26).

Four players unless said otherwise, so a normal donkey carries 20; seat 0 is the first player.
"""

from __future__ import annotations

import pytest

from meeplog.core.kernel import IllegalCommand
from meeplog.games.donkey.commands import ACCEPT, REFUSE, Commit, DeclareFavour, Peek
from meeplog.games.donkey.events import (
    DonkeyRevealed,
    LoadsRevealed,
    LostDonkeyReturns,
    LostSetAside,
    Peeked,
    RoundScored,
    StubbornBalked,
)
from meeplog.games.donkey.state import CONTRACT, FAVOUR, LOAD, OVER
from tests.games.donkey.table import RULES, commit_all, contracts, do, lowest, of_type, play_round, scores, start


def test_normal_donkey_not_overloaded_pays_the_acceptors_their_own_cards():
    state = start(["normal"])
    assert state.limit == 20
    events = play_round(state, {0: 3, 1: 5, 2: 4, 3: 6}, [True, True, False, False])
    (revealed,) = of_type(events, LoadsRevealed)
    assert (revealed.measure, revealed.overloaded) == (18, False)
    assert scores(state) == [3, 5, 0, 0]


def test_normal_donkey_overloaded_deals_the_shuffled_packet_to_the_refusers():
    state = start(["normal"])
    events = play_round(state, {0: 7, 1: 6, 2: 5, 3: 4}, [True, True, False, False])
    (scored,) = of_type(events, RoundScored)
    assert scored.draws[0] == scored.draws[1] == (), "wrong acceptors score nothing"
    assert len(scored.draws[2]) == len(scored.draws[3]) == 1, "each right refuser draws one card"
    assert sorted(scored.draws[2] + scored.draws[3]) == list(scored.drawn)
    assert set(scored.drawn) <= {7, 6, 5, 4} and len(set(scored.drawn)) == 2, "two different packet cards"
    assert scores(state)[:2] == [0, 0] and sum(scores(state)) == sum(scored.drawn)


def test_capacity_equal_to_the_total_is_not_overloaded():
    state = start(["normal"])
    play_round(state, {0: 5, 1: 5, 2: 5, 3: 5}, [True, True, True, False])
    assert scores(state) == [5, 5, 5, 0]


def test_giant_donkey_carries_six_per_player():
    state = start(["giant"])
    assert state.limit == 24
    play_round(state, {0: 10, 1: 6, 2: 4, 3: 3}, [True, False, True, False])
    assert scores(state) == [10, 0, 4, 0], "23 <= 24: a normal donkey would have been overloaded"


def test_puny_donkey_carries_four_per_player():
    state = start(["puny"])
    assert state.limit == 16
    events = play_round(state, {0: 5, 1: 4, 2: 4, 3: 4}, [True, False, False, False], seed=3)
    assert of_type(events, LoadsRevealed)[0].overloaded, "17 > 16"
    assert scores(state)[0] == 0 and sum(len(pile) for pile in state.scored) == 3


def test_precision_donkey_ignores_the_total_and_weighs_the_spread():
    state = start(["precision", "precision"])
    events = play_round(state, {0: 10, 1: 9, 2: 8, 3: 5}, [True, True, True, False])
    revealed = of_type(events, LoadsRevealed)[0]
    assert (revealed.measure, revealed.overloaded) == (5, False), "a total of 32 is fine: spread 5 is not > 5"
    assert scores(state) == [10, 9, 8, 0]
    events = play_round(state, {0: 1, 1: 7, 2: 2, 3: 3}, [True, False, True, True], seed=1)
    revealed = of_type(events, LoadsRevealed)[0]
    assert (revealed.measure, revealed.overloaded) == (6, True), "7 - 1 = 6 > 5 although the total is only 13"
    assert [len(pile) for pile in state.scored] == [1, 2, 1, 0], "only seat 1 refused, rightly"


def test_hasty_donkey_allows_no_favours():
    state = start(["hasty"])
    commit_all(state, {0: 1, 1: 2, 2: 3, 3: 4})
    assert state.phase == CONTRACT, "the favour step is skipped"
    with pytest.raises(IllegalCommand):
        do(state, 0, DeclareFavour(2))
    contracts(state, [True] * 4)
    assert scores(state) == [1, 2, 3, 4]


def test_holey_donkey_lets_each_player_peek_at_one_other_card_just_before_deciding():
    state = start(["holey"])
    commit_all(state, {0: 9, 1: 2, 2: 3, 3: 4})
    do(state, 0, DeclareFavour(10))  # favour 10 would add floor(4/2) = 2 more peeks; seat 0 uses it
    for seat in (1, 2, 3):
        do(state, seat, RULES.legal(state, seat)[0])  # no favour
    assert state.phase == CONTRACT and RULES.legal(state, 1) == []
    assert Peek(1, 0) in RULES.legal(state, 0) and Peek(0, 0) not in RULES.legal(state, 0), "not your own card"
    (peeked,) = do(state, 0, Peek(1, 0))
    assert peeked == Peeked(0, 1, 0, 2) and peeked.seen_by(2) == Peeked(0, 1, 0, None)
    do(state, 0, Peek(2, 0))
    do(state, 0, Peek(3, 0))
    assert not [c for c in RULES.legal(state, 0) if isinstance(c, Peek)], "1 holey + 2 favour-10 peeks used"
    do(state, 0, ACCEPT)
    do(state, 1, Peek(0, 0))
    assert [c for c in RULES.legal(state, 1) if isinstance(c, Peek)] == [], "the holey donkey allows one peek"
    do(state, 1, ACCEPT)
    do(state, 2, ACCEPT)
    do(state, 3, REFUSE)
    assert scores(state) == [9, 2, 3, 0], "18 <= 20"


def test_attacked_donkey_removes_every_highest_card_before_the_sum_and_bars_their_players():
    state = start(["attacked"])
    events = play_round(state, {0: 9, 1: 9, 2: 4, 3: 3}, [True, True, True, True])
    revealed = of_type(events, LoadsRevealed)[0]
    assert revealed.removed == ((0, 0), (1, 0))
    assert (revealed.measure, revealed.overloaded) == (7, False), "both 9s leave before summing (D21)"
    assert scores(state) == [0, 0, 4, 3], "the bandits' victims cannot score although they were right"


def test_attacked_donkey_option_counts_the_stolen_cards_in_the_total():
    state = start(["attacked"], attacked_removed_count_toward_total=True)
    events = play_round(state, {0: 9, 1: 9, 2: 4, 3: 3}, [False, True, False, True], seed=2)
    revealed = of_type(events, LoadsRevealed)[0]
    assert (revealed.measure, revealed.overloaded) == (25, True)
    assert scores(state)[0] == 0, "a right refuser whose card was stolen still cannot score"
    assert scores(state)[2] in (4, 3), "the packet holds only the kept cards"


def test_lost_donkey_loads_wait_until_the_deck_is_done_then_resolve_with_the_current_first_player():
    state = start(["lost", "normal", "normal"], players=3)
    events = commit_all(state, {0: 10, 1: 9, 2: 8})
    assert of_type(events, LostSetAside) and state.lost[0][0] == 0
    assert state.round == 2 and state.first == 1, "the first-player card passes as usual (D24)"
    events = []
    for _ in range(7):
        events = play_round(state, lowest(state), [False, False, False])
    returned = of_type(events, LostDonkeyReturns)
    assert returned == [LostDonkeyReturns(9, state.first)] and state.phase == FAVOUR
    assert [RULES.view(state, seat).seats[seat].load[0].value for seat in range(3)] == [10, 9, 8]
    before = scores(state)
    events = play_round(state, {}, [True, False, True])
    revealed = of_type(events, LoadsRevealed)[0]
    assert revealed.cards == ((10,), (9,), (8,))
    assert (revealed.measure, revealed.limit, revealed.overloaded) == (27, 15, True)
    assert scores(state)[1] - before[1] in (10, 9, 8) and scores(state)[0] == before[0]
    assert state.phase == OVER


def test_lost_donkey_option_returns_with_its_original_first_player():
    state = start(["normal", "lost"], players=3, lost_first_player="original")
    play_round(state, {0: 1, 1: 1, 2: 1}, [True] * 3)
    commit_all(state, {0: 10, 1: 9, 2: 8})
    assert state.lost[0][0] == 1
    for _ in range(6):
        events = play_round(state, lowest(state), [True] * 3)
    assert of_type(events, LostDonkeyReturns)[0].first_player == 1


def test_a_lost_donkey_last_in_the_deck_resolves_at_once():
    state = start(["normal"] * 7 + ["lost"], players=3)
    for _ in range(7):
        play_round(state, {0: 1 + state.round, 1: 1 + state.round, 2: 1 + state.round}, [True] * 3)
    events = commit_all(state, {0: 10, 1: 1, 2: 10})
    assert of_type(events, LostSetAside) and of_type(events, LostDonkeyReturns) and state.phase == FAVOUR


def test_double_donkey_takes_two_cards_each_and_removes_the_bottom_donkey_unseen():
    state = start(["double", "giant", "puny", "normal", "normal", "normal", "normal", "attacked"])
    assert (state.effect, state.limit, state.cards_each) == ("double", 40, 2)
    assert state.removed == ["attacked"] and state.deck[-1] == "normal", "the bottom card goes (D4)"
    with pytest.raises(IllegalCommand):
        do(state, 0, Commit((5,)))
    events = play_round(state, {0: (10, 9), 1: (1, 2), 2: (3, 4), 3: (5, 6)}, [True, False, True, True])
    assert of_type(events, LoadsRevealed)[0].measure == 40
    assert scores(state) == [19, 0, 7, 11]
    assert [len(hand) for hand in state.hands] == [8] * 4


def test_double_removal_is_hidden_unless_the_option_reveals_it():
    hidden = start(["double", "giant"] + ["normal"] * 5 + ["picky"])
    shown = start(["double", "giant"] + ["normal"] * 5 + ["picky"], reveal_double_removed=True)
    assert RULES.view(hidden, 0).removed_donkeys is None
    assert RULES.view(shown, 0).removed_donkeys == ["picky"]
    event = DonkeyRevealed(1, "double", "double", "picky", removed_public=False)
    assert event.seen_by(2).removed is None


def test_double_refusers_draw_two_cards_each_by_default_and_one_with_the_option():
    for draws, seed in ((2, 0), (1, 0)):
        state = start(["double"], double_refuser_draws=draws)
        events = play_round(state, {0: (10, 9), 1: (8, 7), 2: (6, 5), 3: (4, 3)}, [False, True, True, False],
                            seed=seed)
        scored = of_type(events, RoundScored)[0]
        assert [len(d) for d in scored.draws] == [draws, 0, 0, draws]


def test_a_double_that_is_the_last_donkey_plays_as_a_normal_donkey():
    state = start(["normal"] * 7 + ["double"], players=3)
    for _ in range(7):
        play_round(state, {seat: state.round for seat in range(3)}, [True] * 3)
    assert (state.donkey, state.effect, state.limit, state.cards_each) == ("double", "normal", 15, 1)


def test_a_double_revealed_seventh_removes_the_eighth_and_plays_double():
    state = start(["normal"] * 6 + ["double", "picky"], players=3)
    for _ in range(6):
        play_round(state, {seat: state.round for seat in range(3)}, [True] * 3)
    assert (state.effect, state.cards_each, state.deck) == ("double", 2, [])
    play_round(state, {seat: (7, 8) for seat in range(3)}, [True] * 3)
    assert state.phase == OVER and [len(hand) for hand in state.hands] == [2, 2, 2], "8 loads + 2 spare (D1)"


def test_two_doubles_each_remove_a_card():
    state = start(["double", "normal", "double", "normal", "normal", "normal", "puny", "giant"], players=3)
    play_round(state, {seat: (1, 2) for seat in range(3)}, [True] * 3)
    play_round(state, {seat: 3 for seat in range(3)}, [True] * 3)
    assert state.effect == "double" and state.removed == ["giant", "puny"]
    play_round(state, {seat: (4, 5) for seat in range(3)}, [True] * 3)
    play_round(state, {seat: 6 for seat in range(3)}, [True] * 3)
    play_round(state, {seat: 7 for seat in range(3)}, [True] * 3)
    play_round(state, {seat: 8 for seat in range(3)}, [True] * 3)
    assert state.phase == OVER and all(len(hand) == 2 for hand in state.hands), "6 donkeys took 8 loads (D6)"


def test_stubborn_donkey_balks_when_more_than_half_refuse_and_nobody_scores():
    state = start(["stubborn", "stubborn"])
    events = play_round(state, {0: 1, 1: 2, 2: 3, 3: 4}, [False, False, False, True])
    (balked,) = of_type(events, StubbornBalked)
    assert balked.refusers == (0, 1, 2) and not of_type(events, LoadsRevealed)
    assert scores(state) == [0, 0, 0, 0] and [len(b) for b in state.buried] == [1, 1, 1, 1]
    assert RULES.view(state, 0).seats[3].known_removed_unseen == [], "never revealed"
    assert RULES.view(state, 3).seats[3].known_removed_unseen == [4]
    events = play_round(state, {0: 5, 1: 6, 2: 7, 3: 8}, [False, False, True, True], seed=1)
    assert of_type(events, LoadsRevealed), "exactly half is not more than half (D23)"
    assert of_type(events, LoadsRevealed)[0].overloaded and scores(state)[2:] == [0, 0]


def test_difficult_donkey_is_loaded_in_turn_with_the_first_and_last_cards_face_up():
    state = start(["normal", "difficult"], first=3)
    play_round(state, {0: 1, 1: 1, 2: 1, 3: 1}, [True] * 4)
    assert state.leader == 0 and state.effect == "difficult"
    assert RULES.pending(state).seats == (0,) and RULES.legal(state, 1) == []
    events = commit_all(state, {0: 7, 1: 5, 2: 6, 3: 8})
    assert [e.face_up for e in events[:4]] == [True, False, False, True], "first (0) and last (3) face up"
    assert events[0].seen_by(2).cards == (7,) and events[1].seen_by(2).cards is None
    view = RULES.view(state, 2)
    assert [seat.load[0].value for seat in view.seats] == [7, None, 6, 8]


def test_picky_donkey_removes_equal_values_and_bars_their_players():
    state = start(["picky"])
    events = play_round(state, {0: 5, 1: 5, 2: 3, 3: 8}, [True, True, True, False])
    revealed = of_type(events, LoadsRevealed)[0]
    assert revealed.removed == ((0, 0), (1, 0)) and revealed.measure == 11
    assert scores(state) == [0, 0, 3, 0]


def test_picky_donkey_options_keep_the_players_eligible_and_count_the_cards():
    state = start(["picky"], picky_removed_players_ineligible=False, picky_removed_count_toward_total=True)
    events = play_round(state, {0: 8, 1: 8, 2: 3, 3: 2}, [False, True, True, True])
    revealed = of_type(events, LoadsRevealed)[0]
    assert (revealed.measure, revealed.overloaded) == (21, True)
    scored = of_type(events, RoundScored)[0]
    assert scored.draws[0] in ((3,), (2,)), "seat 0 stays eligible; the packet has only the kept 3 and 2"


def test_loading_is_simultaneous_and_each_seat_commits_once():
    state = start(["giant"])
    pending = RULES.pending(state)
    assert pending.simultaneous and pending.seats == (0, 1, 2, 3) and state.phase == LOAD
    do(state, 2, Commit((4,)))
    assert RULES.pending(state).seats == (0, 1, 3) and RULES.legal(state, 2) == []
    with pytest.raises(IllegalCommand, match="already committed"):
        do(state, 2, Commit((5,)))
    with pytest.raises(IllegalCommand, match="from your hand"):
        do(state, 0, Commit((11,)))
