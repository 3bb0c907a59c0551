"""The Visit and Draw Two actions (digest 4.6-4.7, rulings T7, T21, T23, T24)."""

from __future__ import annotations

import pytest

from meeplog.core.kernel import IllegalCommand
from meeplog.games.trekking.commands import DrawTrekCard, DrawTwo, MoveTo, SkipFly, TakeTrekCard, Visit
from meeplog.games.trekking.events import (
    DestinationDealt,
    TrekCardDrawn,
    TrekCardTaken,
    TrekDeckShuffled,
    TrekRowFilled,
    TurnEnded,
    Visited,
)
from meeplog.games.trekking.state import ACTION, DRAW, FLY, NO_ONE
from tests.games.trekking.table import DATA, card, cards, do, legal, loc, of_type, pay, world

ULURU_HAND = ["SCE-1", "SCE-2", "NAT-3", "ADV-1"]


def arrive_at_uluru(hand=ULURU_HAND, **options):
    """Seat 0 walks from Kakadu to Uluru (the row's rightmost card by default), paying ADV-1."""
    state = world(["kakadu", "air_eu"], [hand, []], **options)
    do(state, MoveTo(loc("uluru")))
    pay(state, "ADV-1")
    assert state.phase == ACTION
    return state


def visits(state) -> set[tuple[int, ...]]:
    return {c.paid for c in legal(state) if isinstance(c, Visit)}


def test_visiting_the_rightmost_card_pays_its_symbols_and_a_5_vp_token_and_slides_the_row():
    state = arrive_at_uluru()
    assert visits(state) == {cards("SCE-1", "SCE-2", "NAT-3")}
    events = do(state, Visit(cards("SCE-1", "SCE-2", "NAT-3")))
    assert events == [
        Visited(0, loc("uluru"), 2, cards("SCE-1", "SCE-2", "NAT-3"), (), 5),
        DestinationDealt(loc("denali"), loc("banff")),  # the new deck top shows (T7)
        TurnEnded(0),
    ]
    assert state.dest_row == [loc("denali"), loc("petra"), loc("giza")]
    assert state.visited[0] == [loc("uluru")] and state.vp_tokens[0] == [5]
    assert (state.fives_left, state.threes_left) == (DATA.vp_tokens.fives - 1, DATA.vp_tokens.threes)
    assert state.trek_discard[card("SCE-2")] == 1 and state.active == 1


def test_the_second_rightmost_pays_a_3_and_the_leftmost_nothing():
    middle = arrive_at_uluru(dest_row=("petra", "uluru", "giza"))
    (visited,) = of_type(do(middle, Visit(cards("SCE-1", "SCE-2", "NAT-3"))), Visited)
    assert (visited.slot, visited.token) == (1, 3)
    assert middle.dest_row == [loc("denali"), loc("petra"), loc("giza")]
    left = arrive_at_uluru(dest_row=("uluru", "petra", "giza"))
    (visited,) = of_type(do(left, Visit(cards("SCE-1", "SCE-2", "NAT-3"))), Visited)
    assert (visited.slot, visited.token) == (0, 0)


def test_when_the_5s_run_out_the_rightmost_pays_a_3_then_nothing():
    """T24."""
    state = arrive_at_uluru()
    state.fives_left = 0
    assert of_type(do(state, Visit(cards("SCE-1", "SCE-2", "NAT-3"))), Visited)[0].token == 3
    state = arrive_at_uluru()
    state.fives_left = state.threes_left = 0
    assert of_type(do(state, Visit(cards("SCE-1", "SCE-2", "NAT-3"))), Visited)[0].token == 0


def test_a_row_of_four_pays_tokens_on_its_two_rightmost_slots_only():
    """T6 with dest_row_size=4."""
    for slot, token in ((0, 0), (1, 0), (2, 3), (3, 5)):
        row = ["petra", "giza", "acropolis"]
        row.insert(slot, "uluru")
        state = arrive_at_uluru(dest_row=row, dest_row_size=4)
        (visited,) = of_type(do(state, Visit(cards("SCE-1", "SCE-2", "NAT-3"))), Visited)
        assert (visited.slot, visited.token) == (slot, token)


def test_the_player_chooses_which_cards_pay_the_symbols():
    """T23: values do not matter to a Visit, but which cards leave the hand does."""
    state = arrive_at_uluru(["SCE-1", "SCE-2", "SCE-3", "NAT-1", "ADV-1"])
    assert visits(state) == {cards("SCE-1", "SCE-2", "NAT-1"), cards("SCE-1", "SCE-3", "NAT-1"),
                             cards("SCE-2", "SCE-3", "NAT-1")}
    with pytest.raises(IllegalCommand, match="needs exactly SCE, SCE, NAT"):
        do(state, Visit(cards("SCE-1", "SCE-2", "SCE-3")))


def test_only_the_row_card_of_ones_location_can_be_visited_never_the_deck_top():
    """T7, T23: Denali is the deck's visible top card, not a row card."""
    state = world(["banff", "air_eu"], [["ADV-1", "ADV-1", "ADV-2", "ADV-3"], []])
    do(state, MoveTo(loc("denali")))
    pay(state, "ADV-1")
    assert visits(state) == set()
    with pytest.raises(IllegalCommand, match="not in the row"):
        do(state, Visit(cards("ADV-1", "ADV-2", "ADV-3")))


def test_draw_two_refills_the_row_at_once_so_the_second_pick_may_take_the_new_card():
    state = world(["grand_canyon", "air_eu"], [[], []], trek_deck=["WAT-3", "WAT-2", "WAT-1"])
    assert state.phase == ACTION
    do(state, DrawTwo())
    assert state.phase == DRAW
    events = do(state, TakeTrekCard(card("NAT-1")))
    assert events == [TrekCardTaken(0, 2, card("NAT-1")), TrekRowFilled(2, card("WAT-3"))]
    assert TakeTrekCard(card("WAT-3")) in legal(state)
    events = do(state, TakeTrekCard(card("WAT-3")))
    assert events == [TrekCardTaken(0, 2, card("WAT-3")), TrekRowFilled(2, card("WAT-2")), TurnEnded(0)]
    assert state.known[0][card("WAT-3")] == 1, "cards taken from the row are known to everyone"


def test_a_blind_draw_is_seen_by_the_drawer_only():
    state = world(["grand_canyon", "air_eu"], [[], []], trek_deck=["WAT-3", "WAT-2"])
    do(state, DrawTwo())
    (drawn,) = do(state, DrawTrekCard())
    assert drawn == TrekCardDrawn(0, card("WAT-3"))
    assert drawn.seen_by(1) == TrekCardDrawn(0, None)
    assert state.known[0][card("WAT-3")] == 0


def test_an_empty_deck_is_refilled_from_the_discard_pile_when_a_card_must_be_drawn():
    """T21 on_demand: the shuffle happens at the draw, never touching the row."""
    state = world(["grand_canyon", "air_eu"], [[], []], trek_deck=["WAT-3"])
    state.trek_discard[card("ADV-2")] = 2
    do(state, DrawTwo())
    assert do(state, DrawTrekCard()) == [TrekCardDrawn(0, card("WAT-3"))]
    assert state.trek_deck == []
    events = do(state, DrawTrekCard())
    assert events == [TrekDeckShuffled((card("ADV-2"),) * 2), TrekCardDrawn(0, card("ADV-2")), TurnEnded(0)]
    assert events[0].seen_by(0) == TrekDeckShuffled(None)
    assert state.trek_deck == [card("ADV-2")] and sum(state.trek_discard) == 0


def test_on_empty_reshuffles_as_soon_as_the_last_card_is_drawn():
    state = world(["grand_canyon", "air_eu"], [[], []], trek_deck=["WAT-3"], reshuffle_timing="on_empty")
    state.trek_discard[card("ADV-2")] = 1
    do(state, DrawTwo())
    assert do(state, DrawTrekCard()) == [TrekCardDrawn(0, card("WAT-3")), TrekDeckShuffled((card("ADV-2"),))]


def test_with_deck_and_discard_empty_the_row_stays_short_until_cards_come_back():
    """T21: Draw Two is legal even when it yields nothing; the row is topped up before a later draw."""
    state = world(["grand_canyon", "air_eu"], [[], []], trek_deck=[])
    do(state, DrawTwo())
    do(state, TakeTrekCard(card("SCE-1")))
    assert state.trek_row[0] == NO_ONE and state.phase == DRAW
    do(state, TakeTrekCard(card("ADV-1")))
    assert state.trek_row == [NO_ONE, NO_ONE, card("NAT-1"), card("HIS-1")] and state.active == 1
    state.trek_discard[card("WAT-1")] = 1
    do(state, SkipFly())
    do(state, DrawTwo())
    assert state.trek_row[0] == card("WAT-1"), "topped up before the picks"
    nothing = world(["grand_canyon", "air_eu"], [[], []], trek_deck=[], trek_row=[])
    assert do(nothing, DrawTwo())[-1] == TurnEnded(0)


def test_a_hiker_who_walked_onto_an_airport_may_fly_on_its_next_turn():
    """T9, T35: no flight right after the Move, but the next turn starts on the airport."""
    state = world(["grand_canyon", "air_eu"], [["ADV-1"], []])
    do(state, MoveTo(loc("air_na")))
    pay(state, "ADV-1")
    assert state.phase == ACTION
    do(state, DrawTwo())
    do(state, DrawTrekCard())
    do(state, DrawTrekCard())
    assert (state.active, state.phase) == (1, FLY)
    do(state, SkipFly())
    assert state.phase == ACTION, "no cards: the Move is skipped"
    do(state, DrawTwo())
    do(state, DrawTrekCard())
    do(state, DrawTrekCard())
    assert (state.active, state.phase) == (0, FLY)
