"""The Move and the flight (digest 4.4-4.5, rulings T8-T16): exact length, trails, blocking, airports."""

from __future__ import annotations

import random

import pytest

from meeplog.core.kernel import IllegalCommand
from meeplog.games.trekking.commands import Fly, MoveTo, PayCard, SetOff, SkipFly
from meeplog.games.trekking.events import SouvenirCollected, TrekCardPlayed, Trekked
from meeplog.games.trekking.routes import Routes
from meeplog.games.trekking.state import ACTION, FLY, PAY, ROUTE
from tests.games.trekking.table import DATA, RULES, card, cards, do, hand_of, legal, loc, names, of_type, pay, world


def targets(state) -> set[str]:
    return names(c.target for c in legal(state) if isinstance(c, MoveTo))


def payments(state) -> set[tuple[int, ...]]:
    """Every set of cards the announced Move can be paid with, found by walking the payment's steps."""
    found = set()
    for command in legal(state):
        after = state.clone()
        events = do(after, command)
        found |= payments(after) if after.phase == PAY else {e.cards for e in of_type(events, Trekked)}
    return found


def test_a_two_reaches_exactly_the_locations_two_links_away_by_some_trail():
    state = world(["air_na", "air_eu"], [["SCE-2"], []])
    assert state.phase == FLY
    do(state, SkipFly())
    assert state.phase == ROUTE
    assert targets(state) == {"angel_falls", "banff", "galapagos", "golden_gate", "grand_canyon", "liberty",
                              "old_havana", "yellowstone"}


def test_rulebook_example_a_move_of_two_is_paid_with_a_two_or_two_ones_never_a_three():
    """With the Grand Canyon occupied, no loop lets a longer trail reach Liberty: only 2 links will do."""
    state = world(["air_na", "grand_canyon"], [["SCE-3", "ADV-1", "NAT-1", "HIS-2"], []])
    do(state, SkipFly())
    do(state, MoveTo(loc("liberty")))
    assert payments(state) == {cards("HIS-2"), cards("ADV-1", "NAT-1")}
    with pytest.raises(IllegalCommand, match=r"scenery 3 can be completed to none of the routes .* \(2 links long\)"):
        do(state, PayCard(card("SCE-3")))


def test_the_cards_go_down_one_at_a_time_in_ascending_order_and_set_off_waits_while_more_could_follow():
    """Liberty lies 2, 5 or 6 links from the airport: SCE-2 pays 2, and ADV-3 could still make it 5."""
    state = world(["air_na", "air_eu"], [["SCE-1", "SCE-2", "ADV-3"], []])
    do(state, SkipFly())
    do(state, MoveTo(loc("liberty")))
    assert legal(state) == [PayCard(card("SCE-1")), PayCard(card("SCE-2"))], "nothing may follow ADV-3, worth 3"
    assert payments(state) == {cards("SCE-2"), cards("SCE-2", "ADV-3"), cards("SCE-1", "SCE-2", "ADV-3")}
    do(state, PayCard(card("SCE-2")))
    assert legal(state) == [SetOff(), PayCard(card("ADV-3"))]
    with pytest.raises(IllegalCommand, match="ascending order"):
        do(state, PayCard(card("SCE-1")))
    events = do(state, SetOff())
    assert of_type(events, Trekked) == [Trekked(0, loc("air_na"), loc("liberty"), cards("SCE-2"))]
    assert state.phase == ACTION and state.hands[0] == hand_of("SCE-1", "ADV-3") and state.paying == []


def test_a_payment_no_card_could_extend_sets_off_with_its_last_card():
    state = world(["air_na", "air_eu"], [["SCE-1", "SCE-2", "ADV-3"], []])
    do(state, SkipFly())
    do(state, MoveTo(loc("liberty")))
    assert do(state, PayCard(card("SCE-1"))) == [TrekCardPlayed(0, card("SCE-1"))]
    do(state, PayCard(card("SCE-2")))
    events = do(state, PayCard(card("ADV-3")))
    assert events[0] == TrekCardPlayed(0, card("ADV-3"))
    assert of_type(events, Trekked) == [Trekked(0, loc("air_na"), loc("liberty"), cards("SCE-1", "SCE-2", "ADV-3"))]
    assert state.phase == ACTION and state.trek_discard[card("ADV-3")] == 1


def test_cards_played_towards_a_move_leave_the_hand_in_public_until_the_hiker_sets_off():
    state = world(["air_na", "air_eu"], [["SCE-1", "SCE-2", "ADV-3"], ["HIS-1"]])
    do(state, SkipFly())
    do(state, MoveTo(loc("liberty")))
    do(state, PayCard(card("SCE-2")))
    seen = RULES.view(state, 1)
    assert [c.name for c in seen.move_payment] == ["scenery 2"] and seen.seats[0].hand_size == 2
    assert RULES.sample(state, 1, random.Random(3)).paying == [card("SCE-2")]
    assert state.trek_discard[card("SCE-2")] == 0, "discarded only when the hiker sets off"


def test_a_hoarded_hand_still_offers_at_most_one_command_per_card_kind_at_each_step():
    """Issue 24: a 26-card hand used to list 103,602 whole payments; played a card at a time, a step lists
    at most the 15 kinds and SetOff."""
    hoard = [f"{symbol}-{value}" for symbol in DATA.trek_cards.symbols for value in (1, 2, 3)] * 2
    state = world(["air_na", "air_eu"], [hoard[:26], []])
    do(state, SkipFly())
    rng = random.Random(2)
    for target in rng.sample([c for c in legal(state) if isinstance(c, MoveTo)], 4):
        walk = state.clone()
        do(walk, target)
        while walk.phase == PAY:
            options = legal(walk)
            assert 1 <= len(options) <= DATA.kind_count + 1
            do(walk, rng.choice(options))
        assert walk.position[0] == target.target


def test_a_longer_detour_to_a_near_location_is_legal():
    """T14: a 3 reaches Yellowstone, one link from the airport, by Old Havana and the Grand Canyon."""
    state = world(["air_na", "air_eu"], [["SCE-3"], []])
    do(state, SkipFly())
    assert "yellowstone" in targets(state)
    assert "grand_canyon" not in targets(state), "no trail of exactly 3 links ends there"


def test_a_trail_may_pass_its_start_again_but_never_reuse_a_link():
    """T10: air_na -> Yellowstone -> Grand Canyon -> air_na -> Niagara is 4 links; a simple path cannot do it."""
    state = world(["air_na", "air_eu"], [["SCE-2", "ADV-2"], []])
    do(state, SkipFly())
    assert "niagara" in targets(state)
    simple = world(["air_na", "air_eu"], [["SCE-2", "ADV-2"], []], move_path="simple_path")
    do(simple, SkipFly())
    assert "niagara" not in targets(simple)


def test_a_route_back_to_the_start_is_not_a_move():
    """T11: the triangle air_na -> Yellowstone -> Grand Canyon -> air_na is a trail, but ends where it began."""
    state = world(["air_na", "air_eu"], [["SCE-3"], []])
    do(state, SkipFly())
    assert "air_na" not in targets(state)
    with pytest.raises(IllegalCommand, match="no set of your cards"):
        do(state, MoveTo(loc("air_na")))


def test_another_hiker_blocks_passing_through_and_ending_on_its_location():
    """T12: with a hiker on Niagara Falls, Liberty (only reachable through it) and Niagara are out of reach."""
    state = world(["air_na", "niagara"], [["HIS-2", "ADV-1"], []])
    do(state, SkipFly())
    assert {"liberty", "niagara"}.isdisjoint(targets(state))
    assert "old_havana" in targets(state)


def test_airports_block_too_and_are_junctions_when_free():
    blocked = world(["yellowstone", "air_na"], [["SCE-2"], []])
    assert blocked.phase == ROUTE
    assert "niagara" not in targets(blocked), "the only 2-link route crosses the occupied airport"
    free = world(["yellowstone", "air_eu"], [["SCE-2"], []])
    assert "niagara" in targets(free), "yellowstone -> air_na -> niagara"


def test_the_cube_is_picked_up_where_the_move_ends_never_on_the_way():
    state = world(["air_na", "air_eu"], [["HIS-2"], []], cubes={"niagara": "red", "liberty": "blue"})
    do(state, SkipFly())
    do(state, MoveTo(loc("liberty")))
    events = pay(state, "HIS-2")
    assert of_type(events, Trekked) == [Trekked(0, loc("air_na"), loc("liberty"), cards("HIS-2"))]
    assert of_type(events, SouvenirCollected) == [SouvenirCollected(0, loc("liberty"), 1)]
    assert state.cubes[loc("niagara")] == 0 and state.suitcases[0] == [0, 1, 0, 0]
    assert state.phase == ACTION and state.hands[0] == [0] * DATA.kind_count


def test_the_move_is_compulsory_when_possible_and_skipped_when_not():
    """T13: no skip command while a move exists; a hiker boxed in, or without cards, goes straight to the action."""
    state = world(["grand_canyon", "air_eu"], [["ADV-1"], []])
    assert state.phase == ROUTE and all(isinstance(c, MoveTo) for c in legal(state))
    boxed_in = world(["niagara", "air_na", "liberty"], [["ADV-1", "SCE-3"], [], []])
    assert boxed_in.phase == ACTION
    empty_handed = world(["grand_canyon", "air_eu"], [[], []])
    assert empty_handed.phase == ACTION


def test_fly_then_the_move_is_still_compulsory():
    """T8/T9: flying costs nothing, only goes to a free airport, and the Move follows."""
    state = world(["air_na", "air_eu", "yellowstone"], [["ADV-1"], [], []])
    assert state.phase == FLY
    assert {c.airport for c in legal(state) if isinstance(c, Fly)} == {
        loc(a) for a in ("air_sa", "air_af", "air_as", "air_oc")}
    with pytest.raises(IllegalCommand, match="not a free airport"):
        do(state, Fly(loc("air_eu")))
    do(state, Fly(loc("air_as")))
    assert state.position[0] == loc("air_as") and state.hands[0][cards("ADV-1")[0]] == 1
    assert state.phase == ROUTE


def test_fly_replaces_move_option():
    state = world(["air_na", "air_eu"], [["ADV-1"], []], fly_replaces_move=True)
    do(state, Fly(loc("air_as")))
    assert state.phase == ACTION


def test_no_flight_after_moving_onto_an_airport_nor_from_elsewhere():
    state = world(["grand_canyon", "air_eu"], [["ADV-1"], []])
    assert state.phase == ROUTE, "not on an airport: no flight"
    do(state, MoveTo(loc("air_na")))
    assert state.phase == PAY
    pay(state, "ADV-1")
    assert state.phase == ACTION


def test_route_tables_agree_with_a_brute_force_search_beyond_the_table_length():
    """Lengths past the precomputed tables use the exact search; both must match plain enumeration."""
    routes = Routes(DATA.adjacency, simple=False, table_length=6)
    rng = random.Random(7)
    for _ in range(12):
        start = rng.randrange(DATA.location_count)
        blocked = sum(1 << x for x in rng.sample([i for i in range(DATA.location_count) if i != start], 3))
        for length in (5, 7, 8):
            assert routes.reach(start, blocked, length) == _brute_force(start, blocked, length)


def _brute_force(start: int, blocked: int, length: int) -> int:
    ends = 0

    def walk(node: int, used: int, left: int) -> None:
        nonlocal ends
        if not left:
            ends |= (1 << node) if node != start else 0
            return
        for neighbour, link in DATA.adjacency[node]:
            if not used >> link & 1 and not blocked >> neighbour & 1:
                walk(neighbour, used | 1 << link, left - 1)

    walk(start, 0, length)
    return ends


def test_the_long_route_search_agrees_with_plain_enumeration_when_hikers_cut_the_map_into_pieces():
    """Other hikers leave bridges in the free map; the search's length bound counts only the pieces a route
    can use, and must never rule out a route that exists."""
    routes = Routes(DATA.adjacency, simple=False, table_length=4)
    rng = random.Random(11)
    for _ in range(40):
        start = rng.randrange(DATA.location_count)
        others = rng.sample([i for i in range(DATA.location_count) if i != start], rng.randrange(4, 12))
        blocked = sum(1 << x for x in others)
        for length in (5, 7, 9):
            assert routes.reach(start, blocked, length) == _brute_force(start, blocked, length)
