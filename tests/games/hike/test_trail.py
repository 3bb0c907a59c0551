"""The hike: joining, reveals, matching, paying, busting, abandoning and the end of the trail (H11-H24, H33)."""

from __future__ import annotations

import pytest

from meeplog.core.kernel import IllegalCommand
from meeplog.games.hike.commands import Abandon, Continue, Discard, Drop, Join, Pay, StartHike, StayOut
from meeplog.games.hike.events import (
    Abandoned,
    BearCame,
    BlisterCame,
    Busted,
    GameEnded,
    HikeEnded,
    LeaderChanged,
    Matched,
    Paid,
    RaccoonCame,
    Reshuffled,
    Revealed,
    SkunkCame,
    Skunked,
    TrailEnded,
)
from meeplog.games.hike.state import DECIDE, OVER, TURN
from tests.games.hike.table import RULES, c, cs, do, hand_of, of_type, pack_of, table, waiting

FILLER = ["compass"] * 10


def hike(packs, draw, hands=None, joiners=None, leader=0, **options):
    """`leader` starts a hike; the seats in `joiners` (default: all who may) join, the others stay out.

    `draw` lists the cards the trail turns up, first one first; plenty of compasses follow them.
    """
    players = len(packs)
    state = table(hands or [[] for _ in range(players)], packs=packs, draw=[*draw, *FILLER], current=leader,
                  **options)
    events = do(state, leader, StartHike())
    while state.phase != TURN and state.step == "join":
        seat = waiting(state)
        events += do(state, seat, Join() if joiners is None or seat in joiners else StayOut())
    return state, events


def test_only_players_with_a_backpack_are_asked_to_join_clockwise_from_the_leaders_left():
    """H13."""
    state = table([[], [], [], []], packs=[{"top": "map"}, {}, {"top": "map"}, {"top": "map"}],
                  draw=["socks", *FILLER], current=2)
    do(state, 2, StartHike())
    assert state.queue == [3, 0]  # seat 1 has nothing packed
    do(state, 3, StayOut())
    events = do(state, 0, Join())
    assert state.hikers == [2, 0] and of_type(events, Revealed)


def test_joining_commits_to_one_reveal_before_anyone_may_abandon():
    """H14."""
    _, events = hike([{"top": "map"}, {"top": "map"}], ["tent"], joiners=())
    assert of_type(events, Revealed) == [Revealed(c("tent"), 10)]
    assert of_type(events, Busted)  # the leader had no chance to turn back before the first card


def test_a_match_anywhere_in_the_seven_slots_walks_free_and_keeps_the_card():
    """H15."""
    state, events = hike([{"left_hand": "camera"}, {"top": "sleeping bag"}], ["camera"])
    assert of_type(events, Matched) == [Matched(0, 5, c("camera"))]
    assert pack_of(state, 0) == {"left_hand": "camera"}  # not consumed
    assert waiting(state) == 1 and state.step == "meet"  # only the player without a camera pays
    with pytest.raises(IllegalCommand):
        do(state, 0, Pay(cs("camera")))


def test_payment_choices_are_grouped_by_card_and_overpaying_is_allowed():
    """H16."""
    state, _ = hike([{"left": "water bottle", "right": "water bottle", "top": "compass"}, {}],
                    ["flashlight"])
    assert RULES.legal(state, 0) == [
        Pay(cs("water bottle")),
        Pay(cs("compass", "water bottle")),
        Pay(cs("water bottle", "water bottle")),
        Pay(cs("compass", "water bottle", "water bottle")),
    ]
    with pytest.raises(IllegalCommand, match="short of the 2"):
        do(state, 0, Pay(cs("compass")))
    events = do(state, 0, Pay(cs("compass", "water bottle", "water bottle")))
    assert of_type(events, Paid)[0].distance == 2 and pack_of(state, 0) == {}


def test_identical_cards_give_one_choice_per_count():
    """H16."""
    bars = {name: "granola bar" for name in ("top", "front", "left", "right", "bottom", "left_hand", "right_hand")}
    state, _ = hike([bars, {}], ["map"])
    assert RULES.legal(state, 0) == [Pay((c("granola bar"),) * n) for n in range(1, 8)]


def test_minimal_payments_only_when_the_option_says_so():
    """H16, `payment_minimal_only`."""
    state, _ = hike([{"left": "water bottle", "right": "water bottle", "top": "compass"}, {}],
                    ["flashlight"], payment_minimal_only=True)
    assert RULES.legal(state, 0) == [Pay(cs("water bottle"))]
    with pytest.raises(IllegalCommand, match="minimal"):
        do(state, 0, Pay(cs("water bottle", "compass")))


def test_too_light_and_no_match_busts_the_whole_backpack():
    """H17."""
    state, _ = hike([{"bottom": "sleeping bag"}, {"top": "map", "left_hand": "walking stick"}], ["tent"])
    events = do(state, 0, Pay(cs("sleeping bag")))
    bust = of_type(events, Busted)[0]
    assert bust.seat == 1 and sorted(bust.cards) == list(cs("map", "walking stick"))
    assert pack_of(state, 1) == {} and state.hikers == [0] and hand_of(state, 1) == []
    assert c("map") in state.discard


def test_when_everybody_busts_the_revealed_cards_are_discarded():
    """H17, H20."""
    state, events = hike([{"top": "map"}, {"top": "map"}], ["tent"])
    assert [b.seat for b in of_type(events, Busted)] == [0, 1]
    ended = of_type(events, HikeEnded)[0]
    assert ended.discarded == (c("tent"),) and state.scores == [[], []]
    assert state.discard[-1] == c("tent") and state.current == 1


def test_a_backpack_emptied_by_payment_must_abandon_but_still_collects():
    """H18."""
    state, _ = hike([{"top": "map"}, {"bottom": "tent", "top": "map"}], ["granola bar"])
    do(state, 0, Pay(cs("map")))
    do(state, 1, Pay(cs("map")))
    assert RULES.legal(state, 0) == [Abandon(c("granola bar"))]  # no Continue with an empty pack
    events = do(state, 0, Abandon(c("granola bar")))
    assert of_type(events, Abandoned)[0].taken == (c("granola bar"),)


def test_a_forced_abandon_collects_nothing_when_the_option_says_so():
    """H18, `forced_abandon_collects=False`."""
    state, _ = hike([{"top": "map"}, {"bottom": "tent", "top": "map"}], ["granola bar"],
                    forced_abandon_collects=False)
    do(state, 0, Pay(cs("map")))
    do(state, 1, Pay(cs("map")))
    assert RULES.legal(state, 0) == [Abandon(None)]
    do(state, 0, Abandon(None))
    assert state.scores[0] == [] and state.pool == [c("granola bar")]


def test_taking_a_revealed_card_is_mandatory_unless_the_option_makes_it_optional():
    """H19."""
    packs = [{"bottom": "tent"}, {"bottom": "tent"}]
    state, _ = hike(packs, ["compass", "map"])
    do(state, 0, Pay(cs("tent")))
    do(state, 1, Pay(cs("tent")))
    assert Abandon(None) not in RULES.legal(state, 0)
    optional, _ = hike(packs, ["compass", "map"], abandon_take_optional=True)
    do(optional, 0, Pay(cs("tent")))
    do(optional, 1, Pay(cs("tent")))
    assert Abandon(None) in RULES.legal(optional, 0)


def test_the_last_of_several_abandoning_in_one_round_takes_everything_left():
    """H20."""
    packs = [{"top": "map", "front": "flashlight", "bottom": "tent"}] * 3
    state, _ = hike(packs, ["flashlight", "map", "tent", "flashlight"])
    for _ in range(3):  # every card so far matched: everyone hikes on
        for seat in (0, 1, 2):
            do(state, seat, Continue())
    do(state, 0, Abandon(c("tent")))
    do(state, 1, Abandon(c("map")))
    assert RULES.legal(state, 2) == [Continue(), Abandon(None)]
    events = do(state, 2, Abandon(None))
    assert of_type(events, Abandoned)[0].taken == cs("flashlight", "flashlight")
    assert state.scores == [[c("tent")], [c("map")], list(cs("flashlight", "flashlight"))]


def test_several_forced_out_at_once_pick_in_order_from_the_leader():
    """H22, H18."""
    state, _ = hike([{"top": "map"}] * 3, ["map", "socks"], leader=1)
    for seat in (1, 2, 0):
        do(state, seat, Continue())
    for seat in (1, 2, 0):
        do(state, seat, Pay(cs("map")))  # the socks empty every pack
    assert state.queue == [1, 2, 0] and Continue() not in RULES.legal(state, 1)
    do(state, 1, Abandon(c("socks")))
    assert RULES.legal(state, 2) == [Abandon(c("map"))]
    do(state, 2, Abandon(c("map")))
    assert RULES.legal(state, 0) == [Abandon(None)]  # the last hiker takes all: nothing is left
    do(state, 0, Abandon(None))
    assert state.scores == [[], [c("socks")], [c("map")]] and state.current == 2


def test_a_busted_leader_hands_over_and_the_next_turn_follows_the_first_leader():
    """H21."""
    state, events = hike([{"top": "map"}, {"bottom": "tent"}, {"bottom": "tent"}], ["sleeping bag"],
                         leader=0)
    assert of_type(events, Busted)[0].seat == 0
    assert of_type(events, LeaderChanged) == [LeaderChanged(1)]
    assert waiting(state) == 1
    do(state, 1, Pay(cs("tent")))
    do(state, 2, Pay(cs("tent")))
    do(state, 1, Abandon(c("sleeping bag")))
    events = do(state, 2, Abandon(None))
    assert of_type(events, HikeEnded)[0].next_seat == 1 and state.current == 1


def test_a_revealed_blister_hurts_the_hikers_and_the_hike_goes_on():
    """H11, H12, H18, H33."""
    state, events = hike([{"bottom": "tent"}, {"bottom": "tent", "front": "frying pan"}, {"bottom": "tent"}],
                         ["blister"], joiners=(1,))
    assert of_type(events, BlisterCame)[0].victims == (0, 1)  # seat 2 stayed home: untouched (H33)
    do(state, 0, Drop(c("tent")))
    do(state, 1, Drop(c("tent")))
    assert state.step == DECIDE and state.pool == [] and state.discard[0] == c("blister")
    assert RULES.legal(state, 0) == [Abandon(None)]  # emptied by the blister: must abandon
    do(state, 0, Abandon(None))
    assert RULES.legal(state, 1) == [Continue(), Abandon(None)]
    assert pack_of(state, 2) == {"bottom": "tent"}


def test_a_revealed_raccoon_raids_only_the_hikers_hands():
    """H11, H33."""
    state, events = hike([{"bottom": "tent"}, {"bottom": "tent"}, {"bottom": "tent"}], ["raccoon"],
                         hands=[["map"], ["socks"], ["camera"]], joiners=(1,))
    raid = of_type(events, RaccoonCame)[0]
    assert raid.victims == (0, 1) and raid.cards == cs("map", "socks") and raid.thief == -1
    assert hand_of(state, 2) == ["camera"] and state.step == DECIDE and state.pool == []


def test_a_revealed_bear_ignores_heavier_players_who_stayed_home():
    """H5, H33."""
    state, events = hike([{"top": "map", "bottom": "tent"}, {"bottom": "tent"},
                          {"bottom": "tent", "top": "sleeping bag", "front": "frying pan"}],
                         ["bear"], joiners=(1,))
    bear = of_type(events, BearCame)[0]
    assert bear.weights == ((0, 5), (1, 4)) and bear.victims == (0,) and bear.down_to == 3
    assert pack_of(state, 2) == {"bottom": "tent", "top": "sleeping bag", "front": "frying pan"}


def test_a_revealed_skunk_ends_the_hike_and_the_revealed_cards_are_lost():
    """H10, H11, H20."""
    state, events = hike([{"top": "map", "bottom": "tent"}, {"top": "map", "bottom": "tent"}, {"top": "map"}],
                         ["map", "skunk"], joiners=(1,))
    do(state, 0, Continue())
    events = do(state, 1, Continue())
    assert of_type(events, SkunkCame)[0] == SkunkCame(c("skunk"), (0, 1), (0, 1), True)
    do(state, 0, Drop(c("tent")))
    events = do(state, 1, Drop(c("map")))
    assert of_type(events, Skunked)[0].returned == (-1, c("tent"))  # from top and bottom: the map went
    ended = of_type(events, HikeEnded)[0]
    assert ended.discarded == (c("map"),) and state.scores == [[], [], []]
    assert hand_of(state, 0) == ["map"] and hand_of(state, 1) == ["tent"]
    assert pack_of(state, 2) == {"top": "map"} and state.phase == TURN and state.current == 1


def test_an_empty_draw_pile_in_a_hike_reshuffles_the_discards_and_the_game_ends_with_the_hike():
    """H24."""
    state = table([[], []], packs=[{"bottom": "tent", "top": "map"}, {"bottom": "tent"}], draw=["socks"],
                  discard=["compass", "camera"])
    events = do(state, 0, StartHike())
    events += do(state, 1, Join())
    assert of_type(events, Revealed)[0].draw_left == 0
    do(state, 0, Pay(cs("map")))
    do(state, 1, Pay(cs("tent")))
    do(state, 0, Continue())
    events = do(state, 1, Abandon(c("socks")))
    shuffle = of_type(events, Reshuffled)[0]
    assert sorted(shuffle.order) == sorted(cs("compass", "camera", "map", "tent")) and shuffle.size == 4
    assert state.discard == [] and state.reshuffled
    while state.phase != OVER:
        seat = waiting(state)
        events = do(state, seat, RULES.legal(state, seat)[-1])
    assert of_type(events, HikeEnded)[0].game_over and isinstance(events[-1], GameEnded)


def test_with_nothing_left_to_reveal_every_hiker_abandons_and_the_last_takes_all():
    """H24 (both piles empty)."""
    state = table([[], []], packs=[{"bottom": "tent"}, {"bottom": "tent"}], draw=["tent", "tent"])
    do(state, 0, StartHike())
    do(state, 1, Join())
    do(state, 0, Continue())
    do(state, 1, Continue())
    do(state, 0, Continue())
    events = do(state, 1, Continue())
    assert state.draw == [] and state.discard == [] and of_type(events, TrailEnded)
    assert RULES.legal(state, 0) == [Abandon(c("tent"))]  # no Continue: the trail is over
    do(state, 0, Abandon(c("tent")))
    events = do(state, 1, Abandon(None))
    assert of_type(events, Abandoned)[0].taken == (c("tent"),)
    assert of_type(events, HikeEnded)[0].game_over and isinstance(events[-1], GameEnded)


def test_abandoning_into_a_full_hand_discards_down_to_seven_before_the_next_hiker_decides():
    """H26."""
    state, _ = hike([{"bottom": "tent", "top": "map"}, {"bottom": "tent"}], ["tent"],
                    hands=[["socks"] * 7, []])
    do(state, 0, Abandon(c("tent")))
    assert len(state.hands[0]) == 9 and waiting(state) == 0
    do(state, 0, Discard(c("socks")))
    do(state, 0, Discard(c("map")))
    assert len(state.hands[0]) == 7 and waiting(state) == 1


def test_a_skunk_on_the_trail_spares_those_who_already_abandoned():
    """H10."""
    state, _ = hike([{"bottom": "tent", "top": "map"}] * 3, ["tent", "skunk"])
    do(state, 0, Abandon(c("tent")))
    do(state, 1, Continue())
    events = do(state, 2, Continue())
    assert of_type(events, SkunkCame)[0].affected == (1, 2)
    assert sorted(hand_of(state, 0)) == ["map", "tent"]


def test_an_empty_handed_leader_allowed_by_the_option_busts_on_the_first_item():
    """H13, `leader_needs_backpack=False`."""
    state = table([[], []], packs=[{}, {"bottom": "tent"}], draw=["map", *FILLER], leader_needs_backpack=False)
    events = do(state, 0, StartHike())
    events += do(state, 1, Join())
    assert of_type(events, Busted)[0] == Busted(0, 1, (), ())
    assert of_type(events, LeaderChanged) == [LeaderChanged(1)]
