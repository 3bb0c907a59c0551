"""The Journey action and every Journey card of the data file (digest 4.8, rulings T5, T16, T19, T26, T27).

"Boxed in" means seat 0 stands on Niagara Falls with hikers on both its neighbours: the Move is
skipped and the turn goes straight to the action, with the whole hand.
"""

from __future__ import annotations

import pytest

from meeplog.core.kernel import IllegalCommand
from meeplog.games.trekking.commands import (
    Journey,
    JourneyDraw,
    JourneyFly,
    JourneyMove,
    JourneyVisit,
    MoveTo,
    Recolor,
    SkipEffect,
    TakeVp3,
)
from meeplog.games.trekking.events import (
    DestinationDealt,
    EffectSkipped,
    Flew,
    JourneyBegan,
    JourneyDrew,
    Recoloured,
    RegionBonusTaken,
    SouvenirCollected,
    TileChanged,
    TrekCardDrawn,
    TrekDeckShuffled,
    Trekked,
    TurnEnded,
    Visited,
    Vp3Taken,
)
from meeplog.games.trekking.state import ACTION, EFFECT
from tests.games.trekking.table import DATA, card, cards, do, legal, loc, names, of_type, pay, world

RED, BLUE, YELLOW, WHITE = range(4)


def boxed_in(hand, journeys=("A1", "B1"), **options):
    state = world(["niagara", "air_na", "liberty"], [hand, [], []], journeys=journeys, **options)
    assert state.phase == ACTION
    return state


def walked(start, to, hand, journeys, **options):
    """Seat 0 walks from `start` one link to `to` paying ADV-1, then is at its action."""
    state = world([start, "air_eu"], [hand, []], journeys=journeys, **options)
    do(state, MoveTo(loc(to)))
    pay(state, "ADV-1")
    assert state.phase == ACTION
    return state


def free_moves(state) -> set[str]:
    return names(c.target for c in legal(state) if isinstance(c, JourneyMove))


def test_a_journey_costs_exactly_two_cards_of_one_symbol_and_a_card_in_play():
    state = boxed_in(["ADV-1", "NAT-2", "ADV-3"])
    assert {(c.journey, c.pair) for c in legal(state) if isinstance(c, Journey)} == {
        ("A1", cards("ADV-1", "ADV-3")), ("B1", cards("ADV-1", "ADV-3"))}
    with pytest.raises(IllegalCommand, match="two cards of one symbol"):
        do(state, Journey("A1", cards("ADV-1", "NAT-2")))
    with pytest.raises(IllegalCommand, match="not in play"):
        do(state, Journey("B3", cards("ADV-1", "ADV-3")))
    events = do(state, Journey("A1", cards("ADV-1", "ADV-3")))
    assert events == [JourneyBegan(0, "A1", cards("ADV-1", "ADV-3"))]
    assert state.phase == EFFECT and state.hands[0][card("NAT-2")] == 1 and state.trek_discard[card("ADV-3")] == 1


def test_every_effect_may_be_skipped_and_the_turn_ends_after_the_last():
    state = boxed_in(["ADV-1", "ADV-3"])
    do(state, Journey("A1", cards("ADV-1", "ADV-3")))
    assert do(state, SkipEffect()) == [EffectSkipped(0, "fly")]
    assert do(state, SkipEffect()) == [EffectSkipped(0, "move up to 2"), TurnEnded(0)]
    assert state.active == 1


def test_a1_catch_me_if_you_can_flies_from_anywhere_then_moves_up_to_two_and_collects():
    state = boxed_in(["ADV-1", "ADV-3"], cubes={"ha_long": "white"})
    do(state, Journey("A1", cards("ADV-1", "ADV-3")))
    assert {c.airport for c in legal(state) if isinstance(c, JourneyFly)} == {
        loc(a) for a in ("air_sa", "air_eu", "air_af", "air_as", "air_oc")}
    assert do(state, JourneyFly(loc("air_as"))) == [Flew(0, loc("niagara"), loc("air_as"))]
    assert free_moves(state) == {"everest", "terracotta", "ha_long", "taj_mahal", "great_wall", "angkor", "fuji",
                                 "reef"}
    events = do(state, JourneyMove(loc("ha_long")))
    asia = DATA.region_of[loc("ha_long")]
    assert events == [Trekked(0, loc("air_as"), loc("ha_long"), ()), SouvenirCollected(0, loc("ha_long"), WHITE),
                      RegionBonusTaken(0, asia, 6), TurnEnded(0)], "Asia's only cube: its region token too"


def test_a2_scenic_detour_moves_up_to_three_then_takes_a_3_vp_token():
    state = walked("kakadu", "uluru", ["WAT-1", "WAT-2", "ADV-1"], ("A2", "B1"))
    do(state, Journey("A2", cards("WAT-1", "WAT-2")))
    reachable = free_moves(state)
    assert {"kakadu", "reef", "opera"} <= reachable, "1, 2 and 3 links away"
    do(state, JourneyMove(loc("reef")))
    assert do(state, TakeVp3()) == [Vp3Taken(0), TurnEnded(0)]
    assert state.vp_tokens[0] == [3] and state.threes_left == DATA.vp_tokens.threes - 1


def test_a3_travel_journal_draws_from_the_deck_never_the_row():
    state = boxed_in(["HIS-1", "HIS-1"], journeys=("A3", "B1"), trek_deck=["WAT-3", "WAT-2", "WAT-1", "NAT-3"])
    do(state, Journey("A3", cards("HIS-1", "HIS-1")))
    events = do(state, JourneyDraw())
    assert events == [JourneyDrew(0, 3), TrekCardDrawn(0, card("WAT-3")), TrekCardDrawn(0, card("WAT-2")),
                      TrekCardDrawn(0, card("WAT-1"))]
    assert events[1].seen_by(1) == TrekCardDrawn(0, None)
    assert state.trek_row == list(cards("SCE-1", "ADV-1", "NAT-1", "HIS-1")), "the row is untouched"
    state.threes_left = 0
    assert legal(state) == [SkipEffect()], "no 3 VP token left: only a skip"


def test_a4_local_guide_moves_one_then_visits_ignoring_one_symbol():
    state = walked("opera", "apostles", ["HIS-1", "HIS-2", "SCE-1", "NAT-3", "ADV-1"], ("A4", "B1"))
    do(state, Journey("A4", cards("HIS-1", "HIS-2")))
    do(state, JourneyMove(loc("uluru")))
    assert [c for c in legal(state) if isinstance(c, JourneyVisit)] == [JourneyVisit(cards("SCE-1", "NAT-3"))]
    events = do(state, JourneyVisit(cards("SCE-1", "NAT-3")))
    sce = DATA.trek_cards.symbols.index("SCE")
    assert events[0] == Visited(0, loc("uluru"), 2, cards("SCE-1", "NAT-3"), (sce,), 5)
    assert isinstance(events[1], DestinationDealt) and events[-1] == TurnEnded(0)


def test_a5_turbulent_journey_recolours_a_cube_and_the_tiles_follow_the_counts():
    """T19 state-based: the holder keeps a tie, loses to a unique leader, or the tile goes back to the supply."""
    state = boxed_in(["SCE-1", "SCE-2"], journeys=("A5", "B1"))
    state.suitcases[0] = [2, 0, 0, 0]
    state.suitcases[1] = [2, 0, 0, 0]
    state.tile_holder[RED] = 0
    do(state, Journey("A5", cards("SCE-1", "SCE-2")))
    assert Recolor(RED, BLUE) in legal(state) and Recolor(BLUE, RED) not in legal(state)
    events = do(state, Recolor(RED, BLUE))
    assert events == [Recoloured(0, RED, BLUE), TileChanged(RED, 1, 0)]
    assert state.suitcases[0] == [1, 1, 0, 0]

    supply = boxed_in(["SCE-1", "SCE-2"], journeys=("A5", "B1"))
    supply.suitcases[0] = [2, 0, 0, 0]
    supply.suitcases[1] = [1, 0, 0, 0]
    supply.suitcases[2] = [1, 0, 0, 0]
    supply.tile_holder[RED] = 0
    do(supply, Journey("A5", cards("SCE-1", "SCE-2")))
    assert do(supply, Recolor(RED, WHITE)) == [Recoloured(0, RED, WHITE), TileChanged(RED, -1, 0)]

    keeps = boxed_in(["SCE-1", "SCE-2"], journeys=("A5", "B1"), tile_recolor_mode="holder_keeps")
    keeps.suitcases[0] = [2, 0, 0, 0]
    keeps.suitcases[1] = [1, 0, 0, 0]
    keeps.tile_holder[RED] = 0
    do(keeps, Journey("A5", cards("SCE-1", "SCE-2")))
    assert do(keeps, Recolor(RED, WHITE)) == [Recoloured(0, RED, WHITE)]


def test_a5_recolour_can_claim_a_tile_and_then_draws_two():
    state = boxed_in(["SCE-1", "SCE-2"], journeys=("A5", "B1"), trek_deck=["WAT-3", "WAT-2"])
    state.suitcases[0] = [3, 1, 0, 0]
    state.tile_holder[RED] = 0
    do(state, Journey("A5", cards("SCE-1", "SCE-2")))
    assert do(state, Recolor(RED, BLUE)) == [Recoloured(0, RED, BLUE), TileChanged(BLUE, 0, -1)]
    assert do(state, JourneyDraw())[:1] == [JourneyDrew(0, 2)]
    assert state.active == 1


def test_a6_standby_ticket_flies_then_draws_two():
    state = boxed_in(["NAT-1", "NAT-1"], journeys=("A6", "B1"), trek_deck=["WAT-3", "WAT-2"])
    do(state, Journey("A6", cards("NAT-1", "NAT-1")))
    do(state, JourneyFly(loc("air_oc")))
    assert do(state, JourneyDraw())[0] == JourneyDrew(0, 2)
    assert state.position[0] == loc("air_oc") and state.hands[0][card("WAT-3")] == 1


def test_b1_off_the_beaten_path_moves_up_to_four_links():
    state = walked("kakadu", "uluru", ["WAT-1", "WAT-2", "ADV-1"], ("A1", "B1"))
    do(state, Journey("B1", cards("WAT-1", "WAT-2")))
    assert "milford" in free_moves(state), "uluru - apostles - opera - milford: 3 links"
    assert "tongariro" in free_moves(state), "4 links"
    assert "bora_bora" in free_moves(state)
    assert "uluru" not in free_moves(state), "ending where it began is not moving"


def test_b2_pack_your_bags_draws_four_reshuffling_the_discard_pile_midway():
    state = boxed_in(["HIS-1", "HIS-2"], journeys=("A1", "B2"), trek_deck=["WAT-3", "WAT-2"])
    state.trek_discard[card("SCE-3")] = 3
    do(state, Journey("B2", cards("HIS-1", "HIS-2")))
    events = do(state, JourneyDraw())
    assert events[0] == JourneyDrew(0, 4)
    assert events[1:3] == [TrekCardDrawn(0, card("WAT-3")), TrekCardDrawn(0, card("WAT-2"))]
    shuffle = of_type(events, TrekDeckShuffled)
    assert len(shuffle) == 1 and sorted(shuffle[0].order) == sorted(cards("SCE-3", "SCE-3", "HIS-1", "HIS-2", "SCE-3"))
    assert len(of_type(events, TrekCardDrawn)) == 4 and events[-1] == TurnEnded(0)


def test_b3_vip_pass_ignores_two_symbols_even_down_to_paying_nothing():
    """T27: Petra needs HIS HIS; ignoring both is a zero payment (visit_discount_min_paid=0)."""
    state = walked("taj_mahal", "petra", ["ADV-2", "ADV-3", "ADV-1"], ("A1", "B3"), dest_row=("giza", "uluru", "petra"))
    do(state, Journey("B3", cards("ADV-2", "ADV-3")))
    assert [c for c in legal(state) if isinstance(c, JourneyVisit)] == [JourneyVisit(())]
    his = DATA.trek_cards.symbols.index("HIS")
    assert do(state, JourneyVisit(()))[0] == Visited(0, loc("petra"), 2, (), (his, his), 5)


def test_b3_with_a_minimum_payment_of_one():
    state = walked("taj_mahal", "petra", ["ADV-2", "ADV-3", "ADV-1", "HIS-2"], ("A1", "B3"),
                   dest_row=("giza", "uluru", "petra"), visit_discount_min_paid=1)
    do(state, Journey("B3", cards("ADV-2", "ADV-3")))
    assert [c for c in legal(state) if isinstance(c, JourneyVisit)] == [JourneyVisit(cards("HIS-2"))]


def test_b4_postcard_home_takes_a_3_then_draws_two():
    state = boxed_in(["WAT-1", "WAT-3"], journeys=("A1", "B4"))
    do(state, Journey("B4", cards("WAT-1", "WAT-3")))
    assert do(state, TakeVp3()) == [Vp3Taken(0)]
    assert do(state, JourneyDraw())[0] == JourneyDrew(0, 2)


def test_b5_whirlwind_tour_moves_two_then_visits_ignoring_one():
    state = walked("milford", "opera", ["NAT-1", "NAT-2", "SCE-2", "ADV-1"], ("A1", "B5"))
    do(state, Journey("B5", cards("NAT-1", "NAT-2")))
    assert "uluru" in free_moves(state), "opera - apostles - uluru"
    do(state, JourneyMove(loc("uluru")))
    visits = [c for c in legal(state) if isinstance(c, JourneyVisit)]
    assert visits == [], "SCE SCE NAT minus one symbol still needs two cards; one SCE is not enough"
    assert legal(state) == [SkipEffect()]


def test_b6_lost_luggage_recolours_then_moves_two():
    state = walked("kakadu", "uluru", ["WAT-1", "WAT-2", "ADV-1"], ("A1", "B6"), cubes={"reef": "yellow"})
    state.suitcases[0] = [0, 0, 1, 0]
    do(state, Journey("B6", cards("WAT-1", "WAT-2")))
    do(state, Recolor(YELLOW, RED))
    events = do(state, JourneyMove(loc("reef")))
    assert of_type(events, SouvenirCollected) == [SouvenirCollected(0, loc("reef"), YELLOW)]
    assert state.suitcases[0] == [1, 0, 1, 0]


def test_journey_move_collects_option():
    """T16: with journey_move_collects off, a free move leaves the cube where it is."""
    state = walked("kakadu", "uluru", ["WAT-1", "WAT-2", "ADV-1"], ("A1", "B1"), cubes={"reef": "red"},
                   journey_move_collects=False)
    do(state, Journey("B1", cards("WAT-1", "WAT-2")))
    assert of_type(do(state, JourneyMove(loc("reef"))), SouvenirCollected) == []
    assert state.cubes[loc("reef")] == RED


def test_journey_auto_gains_takes_draws_and_3s_without_asking():
    """T26 option: A3 (draw 3, then a 3) resolves in the Journey command itself."""
    state = boxed_in(["HIS-1", "HIS-1"], journeys=("A3", "B1"), journey_auto_gains=True,
                     trek_deck=["WAT-3", "WAT-2", "WAT-1"])
    events = do(state, Journey("A3", cards("HIS-1", "HIS-1")))
    assert [type(e).__name__ for e in events] == [
        "JourneyBegan", "JourneyDrew", "TrekCardDrawn", "TrekCardDrawn", "TrekCardDrawn", "Vp3Taken", "TurnEnded"]
    assert state.active == 1
