"""Setup and the three-action turn: rulings H13, H23, H25-H29 and the backpack-building step."""

from __future__ import annotations

import random

import pytest

from meeplog.core.kernel import IllegalCommand
from meeplog.games.hike.commands import (
    Discard,
    Draw,
    EndTurn,
    FinishPacking,
    PackCard,
    Place,
    PlayHazard,
    StartHike,
)
from meeplog.games.hike.events import BearCame, Drew, GameEnded, Packed, PackShown, Placed, TurnEnded
from meeplog.games.hike.state import OVER, SETUP, TURN
from tests.games.hike.table import RULES, c, do, hand_of, of_type, pack_of, slot, table, waiting


def test_simultaneous_secret_packing_is_shown_once_everyone_is_done():
    """Setup step 3 (`setup_backpacks=simultaneous`)."""
    config = RULES.configure(3)
    state = RULES.setup(config, random.Random(4))
    assert state.phase == SETUP
    pending = RULES.pending(state)
    assert pending.simultaneous and pending.seats == (0, 1, 2)
    seat = 0
    item = next(card for card in state.hands[seat] if state.cards.is_item(card))
    where = state.cards.slots_for(item)[0]
    events = do(state, seat, PackCard(item, where))
    assert events[0].seen_by(1) == Packed(seat, None, None)  # the others do not see what or where
    assert RULES.view(state, 1).seats[0].hand_size == 7
    assert all(s.card is None for s in RULES.view(state, 1).seats[0].backpack)
    do(state, 0, FinishPacking())
    do(state, 1, FinishPacking())
    assert RULES.pending(state).seats == (2,)
    events = do(state, 2, FinishPacking())
    assert sorted(e.seat for e in of_type(events, PackShown)) == [0, 1, 2]
    assert state.phase == TURN and state.current == state.first_player
    assert RULES.view(state, 1).seats[0].backpack[where].card.id == item


def test_sequential_packing_goes_round_the_table_in_the_open():
    """Setup step 3, `setup_backpacks=sequential`."""
    config = RULES.configure(3, setup_backpacks="sequential")
    state = RULES.setup(config, random.Random(4))
    first = state.first_player
    assert RULES.pending(state).seats == (first,)
    events = do(state, first, FinishPacking())
    assert of_type(events, PackShown)[0].seat == first  # shown before the next player packs
    assert RULES.pending(state).seats == ((first + 1) % 3,)


def test_hazards_are_never_packed_or_placed():
    """H29."""
    state = table([["bear", "tent"], []], draw=["map"] * 5)
    assert all(not isinstance(m, Place) or m.card != c("bear") for m in RULES.legal(state, 0))
    with pytest.raises(IllegalCommand, match="hazard"):
        do(state, 0, Place(c("bear"), slot("bottom")))
    setup = RULES.setup(RULES.configure(2), random.Random(1))
    hazard = next((card for card in setup.hands[0] if not setup.cards.is_item(card)), c("skunk"))
    setup.hands[0].append(hazard)
    with pytest.raises(IllegalCommand, match="hazard"):
        do(setup, 0, PackCard(hazard, 0))


def test_items_only_go_to_their_slots():
    """Slot icons (3.1)."""
    state = table([["camera", "tent"], []], draw=["map"] * 5)
    places = {(m.card, m.slot) for m in RULES.legal(state, 0) if isinstance(m, Place)}
    assert places == {(c("camera"), slot("left_hand")), (c("camera"), slot("right_hand")),
                      (c("tent"), slot("bottom"))}
    with pytest.raises(IllegalCommand, match="cannot go in the top slot"):
        do(state, 0, Place(c("camera"), slot("top")))


def test_a_turn_is_exactly_three_actions_then_the_next_player():
    """H25."""
    state = table([["tent", "map"], ["compass"]], draw=["socks"] * 10)
    assert EndTurn() not in RULES.legal(state, 0)
    do(state, 0, Draw())
    with pytest.raises(IllegalCommand, match="exactly 3"):
        do(state, 0, EndTurn())
    with pytest.raises(IllegalCommand, match="before taking any"):
        do(state, 0, StartHike())
    do(state, 0, Place(c("tent"), slot("bottom")))
    events = do(state, 0, Draw())
    assert of_type(events, TurnEnded) == [TurnEnded(0, 1)]
    assert state.current == 1 and state.actions_left == 3


def test_fewer_actions_when_the_option_allows_it():
    """H25, `allow_fewer_actions`."""
    state = table([["tent"], ["compass"]], draw=["socks"] * 10, allow_fewer_actions=True)
    assert EndTurn() not in RULES.legal(state, 0)  # at least one action first
    do(state, 0, Draw())
    assert EndTurn() in RULES.legal(state, 0)
    do(state, 0, EndTurn())
    assert state.current == 1


def test_a_hike_is_the_whole_turn_and_only_at_its_start():
    """Turn structure (3.3)."""
    state = table([["tent"], []], packs=[{"top": "map"}, {}], draw=["socks"] * 10)
    assert StartHike() in RULES.legal(state, 0)
    do(state, 0, Draw())
    assert StartHike() not in RULES.legal(state, 0)


def test_the_leader_needs_a_backpack_unless_the_option_says_otherwise():
    """H13."""
    state = table([["tent"], []], draw=["socks"] * 10)
    assert StartHike() not in RULES.legal(state, 0)
    with pytest.raises(IllegalCommand, match="at least one card in your backpack"):
        do(state, 0, StartHike())
    relaxed = table([["tent"], []], draw=["socks"] * 10, leader_needs_backpack=False)
    assert StartHike() in RULES.legal(relaxed, 0)


def test_over_the_hand_limit_the_drawer_discards_and_may_drop_the_drawn_card():
    """H26."""
    state = table([["tent", "map", "compass", "socks", "camera", "bear", "skunk"], []], draw=["frying pan"] * 5)
    do(state, 0, Draw())
    assert waiting(state) == 0 and len(state.hands[0]) == 8
    assert Discard(c("frying pan")) in RULES.legal(state, 0)
    do(state, 0, Discard(c("frying pan")))
    assert len(state.hands[0]) == 7 and c("frying pan") not in state.hands[0]
    assert state.actions_left == 2  # the discard is not an action


def test_placing_on_a_full_slot_swaps_for_one_action():
    """H27."""
    state = table([["sleeping bag"], []], packs=[{"bottom": "tent"}, {}], draw=["map"] * 5)
    events = do(state, 0, Place(c("sleeping bag"), slot("bottom")))
    assert events == [Placed(0, c("sleeping bag"), slot("bottom"), c("tent"), False, False)]
    assert hand_of(state, 0) == ["tent"] and pack_of(state, 0) == {"bottom": "sleeping bag"}
    assert state.actions_left == 2
    assert Place(c("tent"), slot("bottom")) in RULES.legal(state, 0)


def test_swapping_a_card_for_the_same_card_is_not_offered():
    """H27."""
    state = table([["tent"], []], packs=[{"bottom": "tent"}, {}], draw=["map"] * 5)
    assert Place(c("tent"), slot("bottom")) not in RULES.legal(state, 0)


def test_a_hazard_without_effect_still_takes_an_action_and_is_discarded():
    """H28."""
    state = table([["bear"], [], []], packs=[{}, {"front": "bear spray"}, {}], draw=["map"] * 5)
    events = do(state, 0, PlayHazard(c("bear")))
    bear = of_type(events, BearCame)[0]
    assert bear.victims == () and bear.affected == (1, 2)
    assert state.discard == [c("bear")] and state.actions_left == 2


def test_the_game_ends_at_once_when_the_last_card_is_drawn():
    """H23."""
    state = table([["tent", "map", "compass", "socks", "camera", "bear", "skunk"], []], draw=["frying pan"])
    events = do(state, 0, Draw())
    assert isinstance(events[-1], GameEnded) and state.phase == OVER
    assert len(state.hands[0]) == 8  # nothing else resolves, not even the hand limit
    assert state.actions_left == 2  # the remaining actions are lost


def test_with_end_of_turn_the_player_finishes_the_turn_without_drawing():
    """H23, `end_on_last_draw=end_of_turn`."""
    state = table([["tent"], []], draw=["frying pan"], end_on_last_draw="end_of_turn")
    events = do(state, 0, Draw())
    assert of_type(events, Drew) and state.phase == TURN
    assert Draw() not in RULES.legal(state, 0)
    do(state, 0, Place(c("tent"), slot("bottom")))
    events = do(state, 0, Place(c("frying pan"), slot("top")))
    assert isinstance(events[-1], GameEnded)


def test_with_end_of_turn_a_player_with_nothing_left_to_do_ends_the_game():
    """H23, `end_on_last_draw=end_of_turn`."""
    state = table([[], []], draw=["frying pan"], end_on_last_draw="end_of_turn")
    do(state, 0, Draw())
    assert RULES.legal(state, 0) == [Place(c("frying pan"), slot("top")), Place(c("frying pan"), slot("front"))]
    events = do(state, 0, Place(c("frying pan"), slot("top")))
    assert isinstance(events[-1], GameEnded) and state.phase == OVER
    assert state.actions_left == 1  # nothing left to do: the turn, and the game, end early
