"""Setup (digest 2.2), the player range (D2), and the config options not covered with their donkey or favour."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from meeplog.games.donkey.commands import ACCEPT, Favour6Adjust, Peek
from meeplog.games.donkey.events import Dealt
from tests.games.donkey.table import RULES, commit_all, contracts, do, favours, lowest, play_round, start


def test_setup_deals_eight_donkeys_and_gives_everyone_a_colour():
    state = RULES.setup(RULES.configure(5), random.Random(4))
    assert len(state.deck) + len(state.box) + len(state.removed) + 1 == 20
    assert state.hands == [list(range(1, 11))] * 5 and 0 <= state.first < 5
    assert Dealt(2, ("giant",), ("puny",)).seen_by(0) == Dealt(2, None, None), "nobody sees the donkey deck"


def test_player_range_is_three_to_seven():
    for players in (2, 8):
        with pytest.raises(ValueError, match="3 to 7"):
            RULES.configure(players)


def test_donkey_counts_option_replaces_the_reconstructed_composition():
    state = RULES.setup(RULES.configure(3, donkey_counts={"giant": 8, "puny": 1}), random.Random(1))
    assert sorted([state.donkey, *state.deck, *state.box]) == ["giant"] * 8 + ["puny"]
    with pytest.raises(ValidationError, match="unknown donkey types"):
        RULES.configure(3, donkey_counts={"unicorn": 8})
    with pytest.raises(ValueError, match="the deck needs 8"):
        RULES.setup(RULES.configure(3, donkey_counts={"giant": 7}), random.Random(1))


def test_a_double_removes_the_top_donkey_with_the_option():
    state = start(["double", "giant", "puny"], double_removes_bottom=False)
    assert state.removed == ["giant"] and state.deck[0] == "puny"


def test_the_first_player_card_stays_after_a_lost_donkey_with_the_option():
    state = start(["lost", "normal"], lost_pass_first_player=False)
    commit_all(state, lowest(state))
    assert state.round == 2 and state.first == 0


def test_a_favour_2_user_on_the_holey_donkey_peeks_at_its_deferred_turn():
    state = start(["holey"], players=3)
    commit_all(state, {0: 1, 1: 5, 2: 9})
    favours(state, {0: 2})
    assert state.queue == [1, 2, 0]
    do(state, 1, ACCEPT)
    do(state, 2, ACCEPT)
    assert Peek(2, 0) in RULES.legal(state, 0)
    do(state, 0, Peek(2, 0))
    contracts(state, {0: True})
    assert [sum(p) for p in state.scored] == [1, 5, 9]


def test_capacity_never_drops_below_zero():
    state = start(["normal"], players=3)
    state.limit = 1
    play_round(state, {0: 1, 1: 1, 2: 1}, [True] * 3, declared={0: 6})
    events = do(state, 0, Favour6Adjust(-2))
    assert events[0].limit == 0
