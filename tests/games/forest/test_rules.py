"""Old Man of the Forest: the rulebook's example and the digest's worked situations, one test each.

Cards are written as (suit, value); seats 0-3 are Abby, Ben, Hannah and George in the rulebook example.
"""

from __future__ import annotations

import random

import pytest

from meeplog.core.kernel import IllegalCommand
from meeplog.games.forest.commands import CashIn, DeclineTake, PassCash, PlayCard, TakeCard
from meeplog.games.forest.data import load
from meeplog.games.forest.events import Dealt, GameScored, RoundEnded
from meeplog.games.forest.rules import ForestRules
from meeplog.games.forest.scoring import game_scores
from meeplog.games.forest.state import CASH_FIRST, CASH_SECOND, PLAY, TAKE_FIRST, TAKE_SECOND, ForestState

RULES = ForestRules()
DATA = load()
SUITS = DATA.player_cards.suits
ORANGUTANS = [o.id for o in DATA.orangutan]


def card(suit: str, value: int) -> int:
    return SUITS.index(suit) * 10 + value - 1


def ape(name: str) -> int:
    return ORANGUTANS.index(name)


def deal(hands, display=("baby-yellow", "young-red", "adult-ryb", "old-rg", "baby-red"), deck=(),
         first=0, **options) -> ForestState:
    """A state dealt exactly as given; hands are padded with unused cards up to ten."""
    config = RULES.configure(len(hands), **options)
    state = ForestState.empty(config, DATA)
    used = {c for hand in hands for c in hand}
    spare = [c for c in range(DATA.deck_size) if c not in used]
    full = []
    for hand in hands:
        padding = [spare.pop() for _ in range(10 - len(hand))]
        full.append(tuple(hand) + tuple(padding))
    display = tuple(ape(o) for o in display[: len(hands) + 1])
    rest = tuple(ape(o) for o in deck)
    RULES.evolve(state, Dealt(0, first, tuple(full), tuple(spare), display, rest))
    return state


def do(state: ForestState, seat: int, command) -> list:
    return RULES.apply(state, seat, command, random.Random(0))


def play_trick(state: ForestState, *cards: int) -> None:
    for offset, c in enumerate(cards):
        do(state, (state.leader + offset) % state.players, PlayCard(c))


def test_the_rulebook_example_trick_tie_and_cash_in():
    ben, hannah = 1, 2  # Abby is seat 0, George seat 3
    state = deal([[card("red", 3)], [card("yellow", 8)], [card("blue", 5)], [card("green", 5)]])
    state.won[hannah] = [card("green", 2)]  # "a green card won in an earlier round"
    play_trick(state, card("red", 3), card("yellow", 8), card("blue", 5), card("green", 5))
    assert (state.first, state.second) == (ben, hannah), "Hannah ranks second: she played her 5 before George"

    assert RULES.legal(state, ben) == [TakeCard(card("red", 3)), TakeCard(card("blue", 5)), TakeCard(card("green", 5))]
    do(state, ben, TakeCard(card("blue", 5)))
    assert RULES.legal(state, ben) == [PassCash()], "a single blue card cashes in nothing"
    do(state, ben, PassCash())

    do(state, hannah, TakeCard(card("yellow", 8)))
    cash = CashIn(ape("baby-yellow"), (card("yellow", 8),))
    assert cash in RULES.legal(state, hannah)
    events = do(state, hannah, cash)
    assert state.orangutans[hannah] == [ape("baby-yellow")]
    assert state.under[hannah] == [card("green", 2)], "the green card goes under the orangutan"
    assert card("yellow", 8) in state.discard and state.won[hannah] == []
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert set(ended.discarded) == {card("red", 3), card("green", 5)}
    assert state.leader == ben and state.phase == PLAY
    assert game_scores(state)[hannah] == 3 - 1


def test_with_three_players_the_second_must_take_the_firsts_card_if_the_third_card_is_gone():
    state = deal([[card("red", 9)], [card("blue", 4)], [card("green", 2)]])
    play_trick(state, card("red", 9), card("blue", 4), card("green", 2))
    do(state, 0, TakeCard(card("green", 2)))
    do(state, 0, PassCash())
    assert RULES.legal(state, 1) == [TakeCard(card("red", 9))]
    with pytest.raises(IllegalCommand, match="cannot be taken"):
        do(state, 1, TakeCard(card("blue", 4)))
    with pytest.raises(IllegalCommand):
        do(state, 1, DeclineTake())


def test_the_second_may_decline_only_when_the_option_allows_it():
    state = deal([[card("red", 9)], [card("blue", 4)], [card("green", 2)]], second_must_take=False)
    play_trick(state, card("red", 9), card("blue", 4), card("green", 2))
    do(state, 0, TakeCard(card("blue", 4)))
    do(state, 0, PassCash())
    assert DeclineTake() in RULES.legal(state, 1)
    events = do(state, 1, DeclineTake())
    assert isinstance(events[-1], RoundEnded), "a second who took nothing has no cash-in"
    assert set(events[-1].discarded) == {card("red", 9), card("green", 2)}


def test_the_highest_player_cannot_take_their_own_card_and_must_take_one():
    state = deal([[card("red", 9)], [card("blue", 4)], [card("green", 2)]])
    play_trick(state, card("red", 9), card("blue", 4), card("green", 2))
    assert TakeCard(card("red", 9)) not in RULES.legal(state, 0)
    assert PassCash() not in RULES.legal(state, 0)
    with pytest.raises(IllegalCommand, match="not allowed now"):
        do(state, 0, PassCash())


def test_equal_values_rank_by_play_order_so_the_leader_wins_ties():
    state = deal([[card("red", 6)], [card("blue", 6)], [card("green", 6)], [card("yellow", 6)]], first=2)
    play_trick(state, card("green", 6), card("yellow", 6), card("red", 6), card("blue", 6))
    assert (state.first, state.second) == (2, 3)


def test_a_cash_in_pays_exactly_the_requirement_and_locks_the_rest_under_the_orangutan():
    state = deal([[card("red", 9)], [card("red", 1)], [card("blue", 2)]])
    state.won[0] = [card("red", 5), card("blue", 7), card("deforestation", 3)]
    play_trick(state, card("red", 9), card("red", 1), card("blue", 2))
    do(state, 0, TakeCard(card("red", 1)))
    young_red = ape("young-red")
    offered = [c for c in RULES.legal(state, 0) if isinstance(c, CashIn) and c.orangutan == young_red]
    assert offered == [CashIn(young_red, tuple(sorted((card("red", 5), card("red", 1)))))]
    with pytest.raises(IllegalCommand, match="do not pay exactly red, red"):
        do(state, 0, CashIn(young_red, (card("red", 5), card("blue", 7))))
    with pytest.raises(IllegalCommand, match="not in the display"):
        do(state, 0, CashIn(ape("old-by"), (card("blue", 7),)))
    do(state, 0, offered[0])
    assert sorted(state.under[0]) == sorted([card("blue", 7), card("deforestation", 3)])


def test_the_owner_chooses_which_cards_pay_when_several_fit():
    state = deal([[card("yellow", 9)], [card("yellow", 1)], [card("blue", 2)]])
    state.won[0] = [card("yellow", 4)]
    play_trick(state, card("yellow", 9), card("yellow", 1), card("blue", 2))
    do(state, 0, TakeCard(card("yellow", 1)))
    baby = ape("baby-yellow")
    choices = {c.paid for c in RULES.legal(state, 0) if isinstance(c, CashIn) and c.orangutan == baby}
    assert choices == {(card("yellow", 1),), (card("yellow", 4),)}


def test_no_refill_between_the_two_cash_ins_then_refill_to_players_plus_one():
    state = deal([[card("yellow", 9)], [card("yellow", 8)], [card("blue", 2)]],
                 display=("baby-yellow", "young-red", "adult-ryb", "old-rg"), deck=("baby-blue", "baby-green"))
    state.won[1] = [card("yellow", 3)]
    play_trick(state, card("yellow", 9), card("yellow", 8), card("blue", 2))
    do(state, 0, TakeCard(card("yellow", 8)))
    do(state, 0, CashIn(ape("baby-yellow"), (card("yellow", 8),)))
    assert len(state.display) == 3, "no refill before the second player's cash-in"
    assert state.phase == TAKE_SECOND
    do(state, 1, TakeCard(card("yellow", 9)))
    assert not any(isinstance(c, CashIn) and c.orangutan == ape("baby-yellow") for c in RULES.legal(state, 1))
    do(state, 1, PassCash())
    assert state.display == [ape("young-red"), ape("adult-ryb"), ape("old-rg"), ape("baby-blue")]
    assert state.deck == [ape("baby-green")]


def test_an_empty_orangutan_deck_just_shrinks_the_display():
    state = deal([[card("yellow", 9)], [card("yellow", 8)], [card("blue", 2)]],
                 display=("baby-yellow", "young-red", "adult-ryb", "old-rg"), deck=())
    play_trick(state, card("yellow", 9), card("yellow", 8), card("blue", 2))
    do(state, 0, TakeCard(card("yellow", 8)))
    do(state, 0, CashIn(ape("baby-yellow"), (card("yellow", 8),)))
    do(state, 1, TakeCard(card("yellow", 9)))
    do(state, 1, PassCash())
    assert len(state.display) == 3 and state.phase == PLAY


def test_with_cash_timing_after_both_takes_both_take_before_either_cashes_in():
    state = deal([[card("red", 9)], [card("blue", 4)], [card("green", 2)]], cash_timing="after_both_takes")
    play_trick(state, card("red", 9), card("blue", 4), card("green", 2))
    assert state.phase == TAKE_FIRST
    do(state, 0, TakeCard(card("blue", 4)))
    assert state.phase == TAKE_SECOND
    do(state, 1, TakeCard(card("red", 9)))
    assert state.phase == CASH_FIRST
    do(state, 0, PassCash())
    assert state.phase == CASH_SECOND


def scored(options=None, won=(), under=(), orangutans=(), taken=0) -> int:
    state = deal([[], [], []], **(options or {}))
    state.won[0] = list(won)
    state.under[0] = list(under)
    state.orangutans[0] = [ape(o) for o in orangutans]
    state.deforestation_taken[0] = taken
    return game_scores(state)[0]


def test_scoring_counts_orangutans_minus_pile_cards_minus_the_stacked_deforestation_penalty():
    defo, red = card("deforestation", 4), card("red", 2)
    assert scored(won=[red], under=[defo], orangutans=["young-red"], taken=1) == 5 - 2 - 2
    assert scored(won=[defo], taken=1) == -3, "a Deforestation card in a pile costs -1 and -2 (ruling O2)"


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"deforestation_stacks_with_pile_penalty": False}, -2),
        ({"deforestation_penalty": 3}, -4),
        ({"deforestation_penalty_basis": "held_at_end"}, -3),
    ],
)
def test_the_deforestation_options_change_its_cost(options, expected):
    assert scored(options, won=[card("deforestation", 4)], taken=1) == expected


def test_the_held_at_end_basis_ignores_deforestation_cards_no_longer_in_a_pile():
    assert scored({"deforestation_penalty_basis": "held_at_end"}, taken=1) == 0
    assert scored({"deforestation_penalty_basis": "taken"}, taken=1) == -2


def finished(orangutans_by_seat, banked) -> ForestState:
    state = deal([[], [], []])
    state.banked = list(banked)
    state.banked_orangutans = [[ape(o) for o in apes] for apes in orangutans_by_seat]
    return state


def test_ties_go_to_the_highest_orangutan_then_the_next_and_a_full_tie_is_shared():
    state = finished([["old-rg", "baby-red"], ["old-by", "young-red"], ["adult-ryb"]], banked=[7, 7, 7])
    assert RULES.outcome(state).ranks == (2, 1, 3)
    state = finished([["young-red"], ["young-blue"], ["adult-ryb"]], banked=[5, 5, 1])
    assert RULES.outcome(state).ranks == (1, 1, 3)
    state = finished([["young-red"], ["young-blue", "baby-red"], []], banked=[5, 5, 5])
    assert RULES.outcome(state).ranks == (2, 1, 3), "a missing card ranks below any card"


def test_a_match_of_two_games_redeals_and_adds_up_the_scores():
    rules, rng = RULES, random.Random(4)
    state = rules.setup(rules.configure(3, match_games=2), rng)
    scored_games, redeals = [], []
    while not rules.pending(state).over:
        seat = rules.pending(state).seats[0]
        events = rules.apply(state, seat, rng.choice(rules.legal(state, seat)), rng)
        scored_games += [e for e in events if isinstance(e, GameScored)]
        redeals += [e for e in events if isinstance(e, Dealt)]
    assert [g.game for g in scored_games] == [0, 1]
    assert [d.game for d in redeals] == [1] and all(len(hand) == 10 for hand in redeals[0].hands)
    totals = [a + b for a, b in zip(scored_games[0].scores, scored_games[1].scores, strict=True)]
    assert list(rules.outcome(state).scores) == totals


def test_drawing_cards_for_the_first_player_gives_every_seat_a_chance():
    firsts = {RULES.setup(RULES.configure(4, first_player="card_draw"), random.Random(seed)).leader
              for seed in range(100)}
    assert firsts == {0, 1, 2, 3}


def test_the_cards_set_aside_are_never_dealt_and_the_display_has_players_plus_one():
    for players, aside in ((3, 20), (4, 10)):
        state = RULES.setup(RULES.configure(players), random.Random(1))
        assert len(state.set_aside) == aside and len(state.display) == players + 1
        dealt = {c for hand in state.hands for c in hand}
        assert not dealt & set(state.set_aside) and len(dealt) == 10 * players
