"""The rulebook's own worked examples ("EXEMPLE DE PARTIE"), replayed move by move."""

from __future__ import annotations

from meeplog.games.hike.commands import Abandon, Continue, Discard, Draw, Drop, Join, Pay, Place, PlayHazard, StartHike
from meeplog.games.hike.events import (
    BlisterCame,
    Busted,
    Dropped,
    HikeEnded,
    LeaderChanged,
    Paid,
    SkunkCame,
)
from tests.games.hike.table import RULES, bear_hike, c, cs, do, hand_of, of_type, pack_of, slot, table, waiting

MAX, AARON, DOUG = 0, 1, 2


def test_skunk_then_blister_turns():
    """Max draws two and plays a skunk; Aaron packs a bottle and a tent; Doug's blister costs Aaron the tent."""
    state = table(
        hands=[
            ["skunk", "map"],
            ["water bottle", "tent", "camera", "walking stick", "compass", "map"],
            ["blister", "compass"],
        ],
        packs=[{"bottom": "socks"}, {"top": "frying pan", "front": "compass", "left": "flashlight"},
               {"top": "sleeping bag"}],
        draw=["granola bar", "map", "camera", "flashlight", "compass", "granola bar"],
        current=MAX,
    )
    do(state, MAX, Draw())
    do(state, MAX, Draw())
    events = do(state, MAX, PlayHazard(c("skunk")))
    assert of_type(events, SkunkCame)[0].victims == (AARON, DOUG)  # Max is not a stinker

    # Aaron drops one card of his choice; the other two go back to his hand (6 + 2 = 8): down to 7
    assert waiting(state) == AARON
    do(state, AARON, Drop(c("compass")))
    assert pack_of(state, AARON) == {}
    assert len(state.hands[AARON]) == 8 and waiting(state) == AARON
    do(state, AARON, Discard(c("map")))
    assert len(state.hands[AARON]) == 7
    # Doug's only card goes: nothing returns to his hand
    assert waiting(state) == DOUG and RULES.legal(state, DOUG) == [Drop(c("sleeping bag"))]
    events = do(state, DOUG, Drop(c("sleeping bag")))
    assert pack_of(state, DOUG) == {} and c("sleeping bag") in state.discard
    assert state.current == AARON and pack_of(state, MAX) == {"bottom": "socks"}

    do(state, AARON, Place(c("water bottle"), slot("left")))
    do(state, AARON, Place(c("tent"), slot("bottom")))
    do(state, AARON, Draw())
    assert pack_of(state, AARON) == {"left": "water bottle", "bottom": "tent"}

    events = do(state, DOUG, PlayHazard(c("blister")))
    blister = of_type(events, BlisterCame)[0]
    assert blister.socks == ((MAX, slot("bottom")),) and blister.victims == (AARON,)
    assert RULES.legal(state, AARON) == [Drop(c("tent"))]  # the heaviest card, and only that
    assert of_type(do(state, AARON, Drop(c("tent"))), Dropped)[0].cause == "blister"
    do(state, DOUG, Place(c("compass"), slot("top")))
    do(state, DOUG, Draw())
    assert pack_of(state, AARON) == {"left": "water bottle"}
    assert pack_of(state, MAX) == {"bottom": "socks"}
    assert state.current == MAX


def _aaron_pushes_his_luck():
    """Doug leads Max and Aaron; the trail has shown a granola bar, a water bottle and a sleeping bag."""
    doug, max_, aaron = 0, 1, 2
    state = table(
        hands=[[], [], []],
        packs=[
            {"top": "granola bar", "left": "water bottle", "front": "frying pan", "right": "compass",
             "left_hand": "walking stick"},
            {"bottom": "sleeping bag", "top": "granola bar", "front": "flashlight", "left_hand": "camera"},
            {"left_hand": "walking stick", "left": "water bottle", "bottom": "sleeping bag", "top": "map"},
        ],
        draw=["granola bar", "water bottle", "sleeping bag", "tent", "tent"] + ["compass"] * 10,
        current=doug,
    )
    do(state, doug, StartHike())
    do(state, max_, Join())
    do(state, aaron, Join())
    # granola bar: Doug and Max carry one; Aaron pays with his map
    assert waiting(state) == aaron
    do(state, aaron, Pay(cs("map")))
    for seat in (doug, max_, aaron):
        do(state, seat, Continue())
    # water bottle: Max pays with his flashlight
    do(state, max_, Pay(cs("flashlight")))
    for seat in (doug, max_, aaron):
        do(state, seat, Continue())
    # sleeping bag: Doug pays four with his frying pan and compass
    do(state, doug, Pay(cs("frying pan", "compass")))
    assert state.pool == [c("granola bar"), c("water bottle"), c("sleeping bag")]
    return state, doug, max_, aaron


def test_abandoned_hike_with_the_tent():
    state, doug, max_, aaron = _aaron_pushes_his_luck()
    events = do(state, doug, Abandon(c("sleeping bag")))
    assert of_type(events, LeaderChanged)[0].seat == max_
    assert state.scores[doug] == [c("sleeping bag")]  # four points
    assert sorted(hand_of(state, doug)) == ["granola bar", "walking stick", "water bottle"]
    events = do(state, max_, Abandon(c("water bottle")))
    assert of_type(events, LeaderChanged)[0].seat == aaron  # the last hiker now leads
    assert state.leader == aaron and state.current == doug  # the Lead Hiker card stays with Doug

    do(state, aaron, Continue())
    events = do(state, aaron, Pay(cs("sleeping bag")))  # the tent: four boots
    assert of_type(events, Paid)[0].distance == 4
    assert pack_of(state, aaron) == {"left": "water bottle", "left_hand": "walking stick"}
    # abandoning now would bring the granola bar and the tent: five points
    assert RULES.legal(state, aaron) == [Continue(), Abandon(None)]
    preview = state.clone()
    do(preview, aaron, Abandon(None))
    assert sorted(preview.scores[aaron]) == list(cs("granola bar", "tent"))
    assert sum(preview.cards.boots[card] for card in preview.scores[aaron]) == 5

    events = do(state, aaron, Continue())  # another tent: 3 boots carried, no tent: bust
    bust = of_type(events, Busted)[0]
    assert bust.seat == aaron and bust.distance == 4
    assert sorted(bust.cards) == list(cs("walking stick", "water bottle"))
    ended = of_type(events, HikeEnded)[0]
    assert sorted(ended.discarded) == list(cs("granola bar", "tent", "tent"))
    assert state.scores == [[c("sleeping bag")], [c("water bottle")], []]
    assert state.current == max_  # the player left of the first lead hiker plays next


def test_bear_with_eight_five_and_ten_boot_prints_and_bear_spray():
    state, bear, aaron, max_, doug = bear_hike(max_has_spray=False)
    assert bear.sprays == ((doug, slot("front")),)  # Doug's 10 is ignored
    assert bear.weights == ((aaron, 8), (max_, 5))
    assert bear.victims == (aaron,) and not bear.each_drops_heaviest and bear.down_to == 4
    assert waiting(state) == aaron
    do(state, aaron, Drop(c("frying pan")))  # 5 left: still too heavy, the bear keeps digging
    assert waiting(state) == aaron
    do(state, aaron, Drop(c("walking stick")))  # 4: the bear loses interest
    assert pack_of(state, aaron) == {"bottom": "tent"}
    # then all three choose to continue or abandon, the leader first
    assert waiting(state) == aaron and Continue() in RULES.legal(state, aaron)
    assert pack_of(state, doug) == {"bottom": "tent", "top": "sleeping bag", "front": "bear spray"}


def test_bear_when_max_also_has_bear_spray_takes_only_the_heaviest_card():
    state, bear, aaron, _, _ = bear_hike(max_has_spray=True)
    assert bear.victims == (aaron,) and bear.each_drops_heaviest
    assert RULES.legal(state, aaron) == [Drop(c("tent"))]
    do(state, aaron, Drop(c("tent")))
    assert pack_of(state, aaron) == {"front": "frying pan", "left_hand": "walking stick"}
    assert waiting(state) == aaron and Continue() in RULES.legal(state, aaron)
