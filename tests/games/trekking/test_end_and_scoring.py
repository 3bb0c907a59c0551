"""Both end triggers, the end timings, the round cap, and the final scoring (digest 4.10-4.11, T17, T28-T33)."""

from __future__ import annotations

from meeplog.games.trekking.commands import DrawTrekCard, DrawTwo, MoveTo, Visit
from meeplog.games.trekking.events import DestinationDealt, EndTriggered, TurnEnded, Visited
from meeplog.games.trekking.scoring import ScoreSheet, score_sheet
from meeplog.games.trekking.state import OVER
from tests.games.trekking.table import RULES, cards, do, loc, pay, world

RED, BLUE, YELLOW, WHITE = range(4)
ULURU_PAYMENT = ("SCE-1", "SCE-2", "NAT-3")


def fifth_visit(players: int = 2, **options):
    """Seat 0 holds four destinations and walks from Kakadu to Uluru (the row's rightmost) to visit a fifth."""
    positions = ["kakadu", "giza", "petra"][:players]
    hands = [[*ULURU_PAYMENT, "ADV-1"]] + [[] for _ in range(players - 1)]
    state = world(positions, hands, **options)
    state.visited[0] = [loc("fjords"), loc("reef"), loc("machu_picchu"), loc("serengeti")]
    do(state, MoveTo(loc("uluru")))
    pay(state, "ADV-1")
    return state


def draw_two(state):
    do(state, DrawTwo())
    do(state, DrawTrekCard())
    return do(state, DrawTrekCard())


def test_a_fifth_destination_ends_the_game_at_the_end_of_that_turn():
    state = fifth_visit()
    events = do(state, Visit(cards(*ULURU_PAYMENT)))
    assert [type(e) for e in events] == [Visited, DestinationDealt, EndTriggered, TurnEnded]
    assert events[2] == EndTriggered(0, "destinations")
    assert state.phase == OVER and RULES.pending(state).over, "seat 1 gets no further turn (T28)"


def test_immediate_end_timing_stops_before_the_turn_is_over():
    state = fifth_visit(end_timing="immediate")
    events = do(state, Visit(cards(*ULURU_PAYMENT)))
    assert isinstance(events[-1], EndTriggered) and state.phase == OVER


def test_end_of_round_timing_lets_the_other_seats_finish_the_round():
    state = fifth_visit(players=3, end_timing="end_of_round")
    do(state, Visit(cards(*ULURU_PAYMENT)))
    assert state.active == 1 and state.phase != OVER
    draw_two(state)
    assert state.active == 2
    assert draw_two(state)[-1] == TurnEnded(2)
    assert state.phase == OVER


def test_the_round_cap_ends_the_game_after_the_last_seat_and_says_so():
    """T29: not a rule, a safety net; the outcome records it."""
    state = world(["kakadu", "giza"], [[], []], max_rounds=1)
    draw_two(state)
    assert state.phase != OVER
    draw_two(state)
    assert state.phase == OVER and state.ended_by_cap
    assert "ended_by_cap=True" in RULES.outcome(state).note


def test_final_scoring_of_a_worked_game():
    """Seat 0's fifth visit ends a 3-player game; every line of the score pad, then the ranks."""
    state = fifth_visit(players=3)
    state.vp_tokens[0] = [3]
    state.suitcases[0] = [3, 4, 5, 3]  # 3 sets: 17 (the rulebook's Sheila example); the fifth white overflows
    state.tile_holder[WHITE] = 0
    state.region_taker[0] = 0  # North America's token: 2
    state.visited[1] = [loc("giza"), loc("petra")]
    state.vp_tokens[1] = [5, 5, 3]
    state.suitcases[1] = [4, 1, 1, 1]
    state.tile_holder[RED] = 1
    state.region_taker[4] = 1  # Asia's token: 6
    state.suitcases[2] = [1, 1, 0, 0]
    do(state, Visit(cards(*ULURU_PAYMENT)))
    assert state.phase == OVER
    assert score_sheet(state, 0) == ScoreSheet(destinations=20 + 20 + 17 + 12 + 17, vp_tokens=3 + 5,
                                               region_tokens=2, tiles=12, sets=17)
    assert score_sheet(state, 1) == ScoreSheet(destinations=20 + 12, vp_tokens=13, region_tokens=6, tiles=9, sets=5)
    outcome = RULES.outcome(state)
    assert outcome.scores == (125, 65, 0)
    assert outcome.ranks == (1, 2, 3) and outcome.winners == (0,)


def test_sets_stop_at_four_and_the_two_player_face_scores_tiles_lower():
    state = world(["kakadu", "giza"], [[], []])
    state.suitcases[0] = [6, 5, 5, 7]
    state.tile_holder[YELLOW] = 0
    sheet = score_sheet(state, 0)
    assert (sheet.sets, sheet.tiles) == (25, 8)
    three = world(["kakadu", "giza", "petra"], [[], [], []])
    three.tile_holder[YELLOW] = 0
    assert score_sheet(three, 0).tiles == 11


def test_ties_go_to_the_most_souvenirs_then_the_win_is_shared():
    """T31: equal scores, then total cubes (a recolour does not change it), then a shared win."""
    state = world(["kakadu", "giza", "petra"], [[], [], []])
    state.visited[0] = [loc("giza")]
    state.visited[1] = [loc("fjords")]
    state.visited[2] = [loc("reef")]
    state.suitcases[0] = [2, 0, 0, 0]
    state.suitcases[1] = [0, 0, 3, 0]
    state.suitcases[2] = [0, 0, 0, 3]
    outcome = RULES.outcome(state)
    assert outcome.scores == (20, 20, 20)
    assert outcome.ranks == (3, 1, 1) and outcome.winners == (1, 2)
