"""Setup (digest 4.2, rulings T2-T7) and what each seat may know (4.14, T32): views, redactions, sample."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from meeplog.core.conformance.leaks import find_setup_leaks
from meeplog.core.kernel import IllegalCommand
from meeplog.games.trekking.commands import ChooseStartAirport, DrawTrekCard, DrawTwo, TakeTrekCard
from meeplog.games.trekking.events import Dealt, GameBegan, StartAirportChosen
from meeplog.games.trekking.state import AIRPORT, FLY
from tests.games.trekking.table import DATA, RULES, card, do, legal, loc, world


def test_airports_are_chosen_clockwise_from_the_first_player_before_anything_is_revealed():
    """T2, T3: the deal comes with the last airport choice."""
    state = RULES.setup(RULES.configure(3, first_player=1), random.Random(5))
    assert (state.phase, state.active, state.dealt) == (AIRPORT, 1, False)
    assert {c.airport for c in legal(state)} == set(DATA.airports)
    assert do(state, ChooseStartAirport(loc("air_as"))) == [StartAirportChosen(1, loc("air_as"))]
    assert state.active == 2 and ChooseStartAirport(loc("air_as")) not in legal(state)
    with pytest.raises(IllegalCommand, match="not a free airport"):
        do(state, ChooseStartAirport(loc("air_as")))
    do(state, ChooseStartAirport(loc("air_eu")))
    events = do(state, ChooseStartAirport(loc("air_na")))
    assert isinstance(events[-1], Dealt) and state.dealt
    assert (state.active, state.phase) == (1, FLY), "the first player begins, on an airport"


def test_the_deal_follows_the_digest():
    """T4-T7: 3 cards each, 4 face up, 3 destinations with the first drawn rightmost, one A and one B Journey."""
    state = RULES.setup(RULES.configure(4, start_airport_timing="after_reveal"), random.Random(2))
    assert state.dealt and state.phase == AIRPORT
    assert [sum(hand) for hand in state.hands] == [3, 3, 3, 3]
    assert len(state.trek_row) == 4 and len(state.trek_deck) == 75 - 12 - 4
    assert len(state.dest_row) == 3 and len(state.dest_deck) == 45
    assert sorted([DATA.journey[j].side for j in state.journeys]) == ["A", "B"]
    assert sorted(state.region_token + state.boxed_tokens) == sorted(DATA.region_tokens.values)
    assert (state.threes_left, state.fives_left) == (18, 12)
    assert RULES.view(state, 0).destination_deck_top.location == state.dest_deck[-1], "T7: the top card shows"


def _deal_of(players: int, seed: int) -> Dealt:
    state = RULES.setup(RULES.configure(players), random.Random(seed))
    events = []
    while not state.dealt:
        events += do(state, legal(state)[0])
    return events[-1]


class Unshuffled(random.Random):
    """Leaves every shuffled pile in its printed order, so where each card went can be told."""

    def shuffle(self, x, random=None) -> None:
        return None


def test_the_first_destination_drawn_goes_rightmost_and_the_next_shows_on_the_deck():
    """Step 7 of the setup: the deck's top (last) card is drawn first and goes to the rightmost slot."""
    state = RULES.setup(RULES.configure(2, start_airport_timing="after_reveal"), Unshuffled(0))
    assert state.dest_row == [45, 46, 47]
    assert RULES.view(state, 0).destination_deck_top.location == 44
    hidden = RULES.setup(RULES.configure(2, start_airport_timing="after_reveal", dest_deck_top_public=False),
                         Unshuffled(0))
    assert RULES.view(hidden, 0).destination_deck_top is None


def test_configured_journey_cards_and_first_player():
    state = RULES.setup(RULES.configure(2, journey_cards=("A5", "B2"), first_player=1,
                                        start_airport_timing="after_reveal"), random.Random(0))
    assert [DATA.journey[j].id for j in state.journeys] == ["A5", "B2"] and state.active == 1
    with pytest.raises(ValueError, match="journey_cards"):
        RULES.configure(2, journey_cards=("A5", "Z9"))


def test_the_dealt_event_shows_each_seat_its_own_hand_and_no_hidden_order():
    dealt = _deal_of(3, 4)
    seen = dealt.seen_by(1)
    assert seen.hands[1] == dealt.hands[1] and seen.hands[0] is None and seen.hands[2] is None
    assert seen.trek_deck is None and seen.dest_deck is None
    assert seen.region_tokens is None and seen.boxed_tokens is None
    assert seen.cubes == dealt.cubes and seen.dest_row == dealt.dest_row and seen.trek_row == dealt.trek_row


def test_a_deal_revealed_before_the_airports_is_a_setup_event_that_leaks_nothing():
    """T3 `after_reveal`: the deal is made by setup, so it is recorded as a setup event, each seat shown its own."""
    config = RULES.configure(4, start_airport_timing="after_reveal")
    state, events = RULES.setup_with_events(config, random.Random(3))
    assert [type(event) for event in events] == [GameBegan, Dealt] and state.dealt
    assert [find_setup_leaks(RULES, config, seed, random.Random(seed)) for seed in range(3)] == [[], [], []]


def test_views_show_hand_sizes_and_publicly_known_cards_only():
    state = world(["grand_canyon", "air_eu"], [["ADV-2", "WAT-1"], ["HIS-3"]], trek_deck=["SCE-3", "NAT-3"])
    state_view = RULES.view(state, 1)
    assert [c.name for c in state_view.hand] == ["history 3"]
    assert state_view.seats[0].hand_size == 2 and state_view.seats[0].known_cards == []
    assert "adventure 2" not in state_view.model_dump_json(), "seat 0's hand shows in seat 1's view"


def test_known_cards_survive_in_sampled_hands_and_the_rest_is_redrawn():
    state = world(["grand_canyon", "air_eu"], [[], ["HIS-3", "HIS-3"]], trek_deck=["SCE-3", "NAT-3", "WAT-2"])
    do(state, DrawTwo())
    do(state, TakeTrekCard(card("NAT-1")))
    do(state, DrawTrekCard())
    assert state.known[0][card("NAT-1")] == 1 and sum(state.hands[0]) == 2
    seen_pool = Counter()
    for seed in range(30):
        twin = RULES.sample(state, 1, random.Random(seed))
        assert RULES.view(twin, 1) == RULES.view(state, 1)
        assert twin.hands[1] == state.hands[1], "the observer's own hand is never redrawn"
        assert twin.hands[0][card("NAT-1")] >= 1 and sum(twin.hands[0]) == 2
        seen_pool.update(k for k, n in enumerate(twin.hands[0]) for _ in range(n) if k != card("NAT-1"))
        assert sorted(twin.region_token + twin.boxed_tokens) == sorted(DATA.region_tokens.values)
    assert set(seen_pool) == {card("NAT-3"), card("WAT-2")}, "the drawn card or the deck's last card"
    assert RULES.sample(state, 0, random.Random(1)).hands[0] == state.hands[0]
