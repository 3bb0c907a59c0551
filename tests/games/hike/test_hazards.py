"""The four hazards played from hand: rulings H3-H10 (the hike side is in test_trail.py)."""

from __future__ import annotations

import pytest

from meeplog.core.kernel import IllegalCommand
from meeplog.games.hike.commands import Discard, Drop, PlayHazard
from meeplog.games.hike.data import DATA_FILE
from meeplog.games.hike.events import BearCame, RaccoonCame, SkunkCame
from tests.games.hike.table import RULES, c, cs, do, hand_of, of_type, pack_of, table, waiting

DRAW = ["compass"] * 10


def play(hazard, hands, packs, **options):
    """Seat 0 plays `hazard` (added to its hand) on the others."""
    state = table([[hazard, *hands[0]], *hands[1:]], packs=packs, draw=DRAW, **options)
    return state, do(state, 0, PlayHazard(c(hazard)))


def test_the_raccoon_takes_a_random_card_from_each_other_hand():
    """H3."""
    state, events = play("raccoon", [["map"], ["tent", "tent", "tent"], [], ["socks"]], [{}, {}, {}, {}])
    raid = of_type(events, RaccoonCame)[0]
    assert raid.affected == (1, 2, 3) and raid.victims == (1, 3)  # seat 2 has no hand: it loses nothing
    assert raid.cards == cs("tent", "socks") and raid.thief == -1
    assert hand_of(state, 0) == ["map"] and hand_of(state, 1) == ["tent", "tent"] and hand_of(state, 3) == []
    assert state.discard == [c("tent"), c("socks"), c("raccoon")]


def test_the_raccoon_steals_for_its_player_when_the_option_says_so():
    """H3, `raccoon_mode=player_steals_random`."""
    state, events = play("raccoon", [["map"], ["tent"], ["socks"]], [{}, {}, {}],
                         raccoon_mode="player_steals_random")
    raid = of_type(events, RaccoonCame)[0]
    assert raid.thief == 0 and sorted(hand_of(state, 0)) == ["map", "socks", "tent"]
    assert raid.seen_by(2).cards == (None, c("socks"))  # seat 1's loss is seen by seat 1 and the thief only
    assert raid.seen_by(0) == raid


def test_the_raccoons_random_card_follows_the_seed():
    """H3; random events are written into events (3.5)."""
    picks = {of_type(play("raccoon", [[], ["tent", "map", "socks", "camera"]], [{}, {}])[1], RaccoonCame)[0].cards
             for _ in range(3)}
    assert len(picks) == 1  # same seed, same card: the draw is written into the event


def test_the_bears_weight_counts_the_hand_slots():
    """H4."""
    _, events = play("bear", [[], [], []],
                         [{}, {"bottom": "tent", "left_hand": "camera"}, {"bottom": "tent", "top": "map"}])
    bear = of_type(events, BearCame)[0]
    assert bear.weights == ((1, 6), (2, 5))  # the camera in hand makes seat 1 the heaviest
    assert bear.victims == (1,) and bear.down_to == 4


def test_the_bear_compares_only_unsprayed_non_empty_backpacks():
    """H5, H7 (a lone candidate)."""
    state, events = play("bear", [[], [], [], []],
                         [{"bottom": "tent", "top": "sleeping bag"}, {"top": "map"}, {},
                          {"bottom": "tent", "front": "bear spray"}])
    bear = of_type(events, BearCame)[0]
    assert bear.affected == (1, 2, 3)  # the bear's player is never affected
    assert bear.weights == ((1, 1),) and bear.sprays == ((3, 1),)
    assert bear.victims == (1,) and bear.each_drops_heaviest  # a lone candidate loses its heaviest card
    do(state, 1, Drop(c("map")))
    assert pack_of(state, 0) == {"bottom": "tent", "top": "sleeping bag"}


def test_the_bear_victim_stops_as_soon_as_it_is_light_enough_even_overshooting():
    """H6."""
    state, events = play("bear", [[], [], []],
                         [{}, {"bottom": "tent", "top": "map", "left_hand": "walking stick"}, {"top": "frying pan"}])
    assert of_type(events, BearCame)[0].down_to == 2  # 6 boots against 3
    with pytest.raises(IllegalCommand, match="not in your backpack"):
        do(state, 1, Drop(c("socks")))
    do(state, 1, Drop(c("tent")))  # 2 left: done, though one boot would have been enough
    assert pack_of(state, 1) == {"top": "map", "left_hand": "walking stick"}
    assert waiting(state) == 0 and state.actions_left == 2


def test_tied_heaviest_backpacks_each_lose_one_heaviest_card():
    """H7, H9."""
    state, events = play("bear", [[], [], [], []],
                         [{}, {"bottom": "tent", "top": "sleeping bag"}, {"bottom": "tent", "top": "sleeping bag"},
                          {"top": "map"}])
    bear = of_type(events, BearCame)[0]
    assert bear.victims == (1, 2) and bear.each_drops_heaviest
    assert RULES.legal(state, 1) == [Drop(c("tent")), Drop(c("sleeping bag"))]  # the owner picks among ties
    do(state, 1, Drop(c("sleeping bag")))
    do(state, 2, Drop(c("tent")))
    assert pack_of(state, 1) == {"bottom": "tent"} and pack_of(state, 2) == {"top": "sleeping bag"}
    assert waiting(state) == 0  # 4 boots each, still above seat 3: the bear is gone anyway


def test_with_no_second_weight_to_go_below_the_victim_empties_its_backpack(tmp_path):
    """H8."""
    light = tmp_path / "cards.toml"
    text = DATA_FILE.read_text()
    light.write_text(text.replace('name = "granola bar"\nboots = 1', 'name = "granola bar"\nboots = 0'))
    state = table([["bear"], [], []], packs=[{}, {"top": "map", "front": "compass"}, {"top": "granola bar"}],
                  draw=DRAW, data_file=light)
    bear = of_type(do(state, 0, PlayHazard(c("bear"))), BearCame)[0]
    assert bear.weights == ((1, 2), (2, 0)) and bear.down_to == -1
    do(state, 1, Drop(c("map")))
    assert waiting(state) == 1
    do(state, 1, Drop(c("compass")))
    assert pack_of(state, 1) == {} and waiting(state) == 0


def test_bear_spray_is_never_spent():
    """3.4 bear spray."""
    state, _ = play("bear", [[], []], [{}, {"front": "bear spray", "bottom": "tent"}])
    assert pack_of(state, 1) == {"front": "bear spray", "bottom": "tent"}


def test_the_blister_takes_the_heaviest_card_unless_socks_are_packed():
    """3.4 blister, H9."""
    state, _ = play("blister", [[], [], []],
                         [{}, {"bottom": "tent", "top": "frying pan"}, {"bottom": "tent", "top": "socks"}])
    assert RULES.legal(state, 1) == [Drop(c("tent"))]
    with pytest.raises(IllegalCommand, match="heaviest"):
        do(state, 1, Drop(c("frying pan")))
    do(state, 1, Drop(c("tent")))
    assert pack_of(state, 2) == {"bottom": "tent", "top": "socks"}


def test_the_skunk_hits_every_other_backpack_one_player_at_a_time_then_the_hand_limit():
    """H10, H26."""
    state, events = play("skunk", [[], ["map"] * 6, [], []],
                         [{"bottom": "socks"}, {"bottom": "tent", "top": "frying pan", "front": "compass"}, {},
                          {"top": "map"}])
    assert of_type(events, SkunkCame)[0] == SkunkCame(c("skunk"), (1, 2, 3), (1, 3), False)
    assert RULES.legal(state, 1) == [Drop(card) for card in cs("tent", "frying pan", "compass")]  # any one
    do(state, 1, Drop(c("compass")))
    assert pack_of(state, 1) == {} and len(state.hands[1]) == 8
    assert waiting(state) == 1  # the hand limit comes before the next victim
    do(state, 1, Discard(c("map")))
    assert waiting(state) == 3
    do(state, 3, Drop(c("map")))
    assert pack_of(state, 0) == {"bottom": "socks"} and waiting(state) == 0
