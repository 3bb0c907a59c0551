"""The face-down backpack variant (H31): what gets turned up, when, and for whom."""

from __future__ import annotations

import random

from meeplog.games.hike.commands import (
    Abandon,
    Draw,
    Drop,
    FinishPacking,
    Join,
    PackCard,
    Pay,
    Place,
    PlayHazard,
    StartHike,
)
from meeplog.games.hike.events import Abandoned, BearCame, BlisterCame, Matched, PackShown, Placed
from tests.games.hike.table import RULES, c, cs, do, of_type, slot, table

DRAW = ["compass"] * 10


def shown(state, observer, owner):
    """What `observer` sees of `owner`'s backpack: a card name, "?" face down, or nothing."""
    return {s.slot: (s.card.name if s.card else "?") for s in RULES.view(state, observer).seats[owner].backpack
            if s.card or s.face_down}


def test_setup_backpacks_go_on_the_table_face_down():
    state = RULES.setup(RULES.configure(2, hidden_backpacks=True), random.Random(2))
    item = next(card for card in state.hands[0] if state.cards.is_item(card))
    where = state.cards.slots_for(item)[0]
    do(state, 0, PackCard(item, where))
    do(state, 0, FinishPacking())
    events = do(state, 1, FinishPacking())
    reveal = next(e for e in of_type(events, PackShown) if e.seat == 0)
    assert reveal.seen_by(1).pack[where] is None and reveal.seen_by(0).pack[where] == item
    name = state.cards.slot_names[where]
    assert shown(state, 1, 0) == {name: "?"} and shown(state, 0, 0) == {name: state.cards.names[item]}


def test_placing_is_secret_and_so_is_the_face_down_card_taken_back():
    state = table([["sleeping bag", "granola bar"], []], packs=[{"bottom": "tent"}, {}], draw=DRAW,
                  hidden_backpacks=True)
    events = do(state, 0, Place(c("sleeping bag"), slot("top")))
    assert events[0].seen_by(1) == Placed(0, None, slot("top"), -1, True, False)  # a new card: where is plain
    events = do(state, 0, Place(c("granola bar"), slot("bottom")))
    # a face-down card swapped for another: the table looks the same, so neither card nor slot is told
    assert events[0].seen_by(1) == Placed(0, None, None, None, True, False)
    assert events[0].seen_by(0) == events[0]
    assert shown(state, 1, 0) == {"top": "?", "bottom": "?"}
    assert RULES.view(state, 1).seats[0].backpack_weight is None
    assert RULES.view(state, 0).seats[0].backpack_weight == 5
    assert RULES.view(state, 1).seats[0].known_in_hand == []  # the tent went back unseen


def test_a_match_turns_up_only_the_matching_card():
    state = table([[], []], packs=[{"bottom": "tent", "top": "map"}, {"bottom": "tent"}], draw=["tent", *DRAW],
                  hidden_backpacks=True)
    do(state, 0, StartHike())
    events = do(state, 1, Join())
    assert of_type(events, Matched) == [Matched(0, slot("bottom"), c("tent")), Matched(1, slot("bottom"), c("tent"))]
    assert shown(state, 1, 0) == {"bottom": "tent", "top": "?"}


def test_a_payment_shows_the_paid_cards_and_that_the_hiker_lacks_the_revealed_item():
    state = table([[], []], packs=[{"bottom": "tent", "top": "map"}, {"bottom": "tent"}], draw=["socks", *DRAW],
                  hidden_backpacks=True)
    do(state, 0, StartHike())
    do(state, 1, Join())
    do(state, 0, Pay(cs("map")))
    view = RULES.view(state, 1)
    assert [card.name for card in view.seats[0].known_absent] == ["socks"]
    assert shown(state, 1, 0) == {"bottom": "?"}


def test_a_bear_shows_the_sprays_and_every_other_whole_backpack_which_stay_face_up():
    state = table([["bear"], [], []],
                  packs=[{}, {"bottom": "tent", "front": "bear spray", "top": "map"}, {"bottom": "tent", "top": "map"}],
                  draw=DRAW, hidden_backpacks=True)
    events = do(state, 0, PlayHazard(c("bear")))
    bear = of_type(events, BearCame)[0]
    assert bear.sprays == ((1, slot("front")),) and bear.shown == ((2, tuple(state.packs[2])),)
    assert shown(state, 0, 1) == {"front": "bear spray", "top": "?", "bottom": "?"}
    do(state, 2, Drop(c("tent")))
    assert shown(state, 0, 2) == {"top": "map"}
    for seat in (0, 0, 1, 1, 1, 2):
        do(state, seat, Draw())
    do(state, 2, Place(c("compass"), slot("front")))  # added later: face down again
    assert shown(state, 0, 2) == {"top": "map", "front": "?"}


def test_a_blister_shows_the_socks_and_every_other_whole_backpack():
    state = table([["blister"], [], []],
                  packs=[{}, {"bottom": "socks", "top": "map"}, {"bottom": "tent", "top": "map"}],
                  draw=DRAW, hidden_backpacks=True)
    blister = of_type(do(state, 0, PlayHazard(c("blister"))), BlisterCame)[0]
    assert blister.socks == ((1, slot("bottom")),) and blister.victims == (2,)
    assert shown(state, 0, 1) == {"bottom": "socks", "top": "?"}
    assert shown(state, 0, 2) == {"bottom": "tent", "top": "map"}


def test_abandoning_takes_face_down_cards_back_unseen():
    state = table([[], []], packs=[{"bottom": "tent", "top": "map", "left_hand": "camera"}, {}],
                  draw=["tent", *DRAW], hidden_backpacks=True)
    do(state, 0, StartHike())
    events = do(state, 0, Abandon(None))
    returned = of_type(events, Abandoned)[0]
    assert sorted(returned.seen_by(1).returned, key=str) == sorted([c("tent"), None, None], key=str)
    assert [card.name for card in RULES.view(state, 1).seats[0].known_in_hand] == ["tent"]


def test_a_sample_redraws_face_down_cards_that_fit_and_respect_what_was_shown():
    state = table([["map"], ["camera"], []],
                  packs=[{"bottom": "tent"}, {"bottom": "sleeping bag", "top": "frying pan", "left_hand": "camera"},
                         {"top": "map", "bottom": "tent"}],
                  draw=["socks", "camera", "tent", "granola bar", "walking stick", "sleeping bag", "map", *DRAW],
                  hidden_backpacks=True)
    do(state, 0, StartHike())
    do(state, 1, Join())
    do(state, 2, Join())
    do(state, 0, Pay(cs("tent")))  # seat 0 shows it has no socks ...
    assert RULES.pending(state).seats == (1,)  # ... and seat 1, asked to pay, has none either and enough boots
    rng = random.Random(5)
    redrawn = set()
    for _ in range(50):
        twin = RULES.sample(state, 2, rng)
        redrawn.add(tuple(twin.packs[1]))
        assert RULES.view(twin, 2) == RULES.view(state, 2)
        for owner in (0, 1):
            for where, card in enumerate(twin.packs[owner]):
                assert card == -1 or twin.cards.fits(card, where)
        assert c("socks") not in twin.packs[1]
        assert sum(twin.cards.boots[card] for card in twin.packs[1] if card != -1) >= 1
        assert RULES.legal(twin, 1)
    assert len(redrawn) > 10  # really redrawn, not the true backpack kept
