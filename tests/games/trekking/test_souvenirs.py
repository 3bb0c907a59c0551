"""Souvenir cubes, Most Souvenirs tiles and region bonus tokens (digest 4.9, rulings T17, T18, T20, T34, T36)."""

from __future__ import annotations

import random

from meeplog.games.trekking.commands import DrawTrekCard, DrawTwo, MoveTo
from meeplog.games.trekking.events import EndTriggered, RegionBonusTaken, SouvenirCollected, TileChanged, TurnEnded
from meeplog.games.trekking.state import ACTION, OVER
from tests.games.trekking.table import DATA, RULES, do, loc, of_type, pay, world

RED, BLUE, YELLOW, WHITE = range(4)
NA = 0


def walk(state, to: str, *paid: str):
    do(state, MoveTo(loc(to)))
    return pay(state, *paid)


def test_georges_and_liz_second_cube_claims_the_tile_a_strictly_bigger_count_takes_it():
    """The rulebook's example: Georges claims Most Crafts with his 2nd yellow; Liz's 3rd yellow takes it."""
    state = world(["yellowstone", "kakadu"], [["ADV-1"], ["ADV-1"]],
                  cubes={"grand_canyon": "yellow", "uluru": "yellow", "banff": "red"})
    state.suitcases[0][YELLOW] = 1
    state.suitcases[1][YELLOW] = 1
    events = walk(state, "grand_canyon", "ADV-1")
    assert of_type(events, TileChanged) == [TileChanged(YELLOW, 0, -1)]
    do(state, DrawTwo())
    do(state, DrawTrekCard())
    do(state, DrawTrekCard())
    state.suitcases[1][YELLOW] = 2  # Liz found another yellow meanwhile: a tie, Georges keeps the tile
    events = walk(state, "uluru", "ADV-1")
    assert of_type(events, TileChanged) == [TileChanged(YELLOW, 1, 0)]
    assert state.tile_holder[YELLOW] == 1


def test_a_tie_leaves_the_tile_with_its_holder_and_an_unheld_tile_needs_a_strict_lead_of_two():
    state = world(["yellowstone", "kakadu"], [["ADV-1"], []], cubes={"grand_canyon": "red"})
    state.suitcases[0][RED] = 1
    state.suitcases[1][RED] = 2
    state.tile_holder[RED] = 1
    assert of_type(walk(state, "grand_canyon", "ADV-1"), TileChanged) == [], "2 against the holder's 2"
    unheld = world(["yellowstone", "kakadu"], [["ADV-1"], []], cubes={"grand_canyon": "red"})
    unheld.suitcases[1][RED] = 2
    unheld.suitcases[0][RED] = 1
    assert of_type(walk(unheld, "grand_canyon", "ADV-1"), TileChanged) == [], "2 against another 2: nobody leads"
    first = world(["yellowstone", "kakadu"], [["ADV-1"], []], cubes={"grand_canyon": "red"})
    assert of_type(walk(first, "grand_canyon", "ADV-1"), TileChanged) == [], "a single cube never claims"


def test_the_last_cube_of_a_region_brings_its_token_seen_by_the_taker_only():
    state = world(["yellowstone", "kakadu"], [["ADV-1"], []], cubes={"grand_canyon": "blue"})
    assert state.cubes_left[NA] == 1
    events = walk(state, "grand_canyon", "ADV-1")
    (bonus,) = of_type(events, RegionBonusTaken)
    assert bonus == RegionBonusTaken(0, NA, 2)
    assert bonus.seen_by(1) == RegionBonusTaken(0, NA, None)
    assert RULES.view(state, 0).regions[NA].token_value == 2
    assert RULES.view(state, 1).regions[NA].token_value is None
    assert RULES.view(state, 1).regions[NA].token_taken_by == 0


def test_the_pickup_order_is_cube_tile_token_then_the_end_trigger():
    """T36, and T20 (a) the fifth region token: the turn goes on to its action, then the game ends."""
    state = world(["yellowstone", "kakadu"], [["ADV-1"], []], cubes={"grand_canyon": "white"})
    state.suitcases[0][WHITE] = 1
    state.region_taker[1:5] = [1, 1, 0, 1]
    events = walk(state, "grand_canyon", "ADV-1")
    assert events[2:] == [SouvenirCollected(0, loc("grand_canyon"), WHITE), TileChanged(WHITE, 0, -1),
                          RegionBonusTaken(0, NA, 2), EndTriggered(0, "regions")]
    assert state.phase == ACTION and state.end_triggered
    do(state, DrawTwo())
    do(state, DrawTrekCard())
    assert do(state, DrawTrekCard())[-1] == TurnEnded(0)
    assert state.phase == OVER


def test_at_two_players_the_empty_3_plus_and_4_plus_locations_do_not_count():
    """T20, T34: 36 cubes on the unmarked locations only; each region's token goes with its 6th cube."""
    state = RULES.setup(RULES.configure(2, start_airport_timing="after_reveal"), random.Random(1))
    placed = [i for i, colour in enumerate(state.cubes) if colour != -1]
    assert len(placed) == 36
    assert {DATA.destination[i].marker for i in placed} == {"-"}
    assert state.cubes_left == [6] * 6
    three = RULES.setup(RULES.configure(3, start_airport_timing="after_reveal"), random.Random(1))
    assert {DATA.destination[i].marker for i, c in enumerate(three.cubes) if c != -1} == {"-", "3+"}
    assert sorted(three.cubes).count(0) == 11 and sorted(three.cubes).count(3) == 10, "3p removes 1R 1B 2Y 2W"
    four = RULES.setup(RULES.configure(4, start_airport_timing="after_reveal"), random.Random(1))
    assert sum(1 for c in four.cubes if c != -1) == 48
    assert all(four.cubes[a] == -1 for a in DATA.airports)
