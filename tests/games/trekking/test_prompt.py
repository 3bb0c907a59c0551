"""What a model is told of Trekking: the whole map in the system message, and each Move's lengths in its list."""

from __future__ import annotations

from meeplog.core.conformance.test_prompts import observation
from meeplog.games.trekking.commands import MoveTo, SkipFly
from meeplog.players.prompts import conversation
from tests.games.trekking.table import DATA, RULES, do, legal, loc, pay, world


def system_message(state) -> str:
    return conversation(observation(RULES, state, 0, config=state.config))[0].content


def test_the_system_message_names_both_ends_of_every_link_of_the_map_on_one_line():
    state = world(["air_na", "air_eu"], [["SCE-2"], []])
    lines = system_message(state).splitlines()
    names = DATA.location_names
    pairs = [(names[DATA.location_index[a]], names[DATA.location_index[b]]) for a, b in DATA.links.pairs]
    assert len(pairs) == 79
    on_one_line = [pair for pair in pairs if any(f" {pair[0]}" in line and f" {pair[1]}" in line for line in lines)]
    assert on_one_line == pairs
    assert "0 Denali (20 VP: ADV ADV ADV) - 1 Banff, 37 Mount Fuji" in lines
    assert "48 North America airport (airport) - 3 Yellowstone, 4 Grand Canyon, 5 Niagara Falls, 7 Old Havana" in lines


def test_each_move_says_the_route_lengths_the_hand_can_pay_and_the_shortest_route():
    """The rulebook's example: with the Grand Canyon occupied, only 2 links reach Liberty."""
    state = world(["air_na", "grand_canyon"], [["SCE-3", "ADV-1", "NAT-1", "HIS-2"], []])
    do(state, SkipFly())
    told = {command.target: RULES.describe(state, command) for command in legal(state) if isinstance(command, MoveTo)}
    assert told[loc("liberty")] == (
        "trek to Statue of Liberty (the hand can pay a route of 2 links; the shortest route is 2)")
    assert told[loc("yellowstone")] == (
        "trek to Yellowstone (the hand can pay a route of 1 link; the shortest route is 1)")
    assert told[loc("galapagos")] == (
        "trek to Galapagos Islands (the hand can pay a route of 2, 5 or 7 links; the shortest route is 2)")


def test_a_move_once_made_is_told_without_lengths_as_a_replay_describes_it_after_the_fact():
    state = world(["air_na", "grand_canyon"], [["SCE-3", "ADV-1", "NAT-1", "HIS-2"], []])
    do(state, SkipFly())
    do(state, MoveTo(loc("yellowstone")))
    pay(state, "ADV-1")
    assert state.position[0] == loc("yellowstone")
    assert RULES.describe(state, MoveTo(loc("yellowstone"))) == "trek to Yellowstone"


def test_a_hoarded_hand_is_told_its_lengths_within_the_route_tables_and_that_longer_ones_are_not_counted():
    state = world(["air_na", "air_eu"], [["SCE-3", "ADV-3", "NAT-3", "HIS-3", "WAT-3"], []])
    do(state, SkipFly())
    told = RULES.describe(state, MoveTo(loc("banff")))
    assert told.startswith("trek to Banff (the hand can pay a route of ")
    assert "or more than 12 not counted here; the shortest route is 2)" in told
