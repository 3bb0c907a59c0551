"""The end (§5.13, R48-R52): arriving with the cards, ties on money, the ranking, the variants, the cap."""

import random

from meeplog.games.routard import commands as cmd
from meeplog.games.routard import events as ev
from meeplog.games.routard.rules import play_on
from meeplog.games.routard.tasks import TurnEnd
from tests.games.routard.helpers import (
    RULES,
    full_collection,
    game,
    give,
    kinds,
    legal,
    on_top,
    play,
    start_turn,
    travelling,
    waiting_for,
)


def test_a_full_worked_arrival():
    """Seat 1 flies from Aéroport 4 with all six cards, and the game ends on landing."""
    state = travelling((60, 54, 66))
    full_collection(state, 1)
    state.players[1].tickets = 1
    start_turn(state, 1)
    moves = legal(state, 1)
    assert cmd.Fly() in moves and cmd.BuyTicket() in moves  # his turn starts on an airport
    events = play(state, 1, cmd.Fly())
    assert events == [ev.Moved(1, "fly", 54, 72), ev.GameWon((1,), (1,))]  # no hotel card: the game is over
    assert state.over and not RULES.pending(state).seats
    outcome = RULES.outcome(state)
    assert outcome.ranks == (2, 1, 2) and outcome.scores == (0.0, 1.0, 0.0)  # R50: the others tie second
    assert RULES.describe(state, events[1]) == "seat 1 stands on the arrival airport with every card needed and wins"


def test_arriving_without_every_card_wins_nothing_and_the_player_must_leave():
    state = travelling((70, 40))
    full_collection(state, 0)
    state.players[0].aventure = state.players[0].aventure[:1]
    on_top(state, "hebergement", "HEB-01")
    events = play(state, 0, cmd.Walk(2))
    assert "GameWon" not in kinds(events) and waiting_for(state) == "Shop"  # the arrival airport's shop
    play(state, 0, cmd.BuyTicket())
    assert state.players[0].money == 1800 - 20 - 300
    play(state, 0, cmd.CloseShop())
    play(state, 1, cmd.Walk(1))
    start_turn(state, 0)
    assert cmd.FlyBack() in legal(state, 0) and not any(isinstance(c, cmd.Walk) for c in legal(state, 0))


def test_two_qualifiers_arriving_together_tie_on_cash_and_share_equal_cash():
    state = travelling((69, 69, 40))
    full_collection(state, 0)
    full_collection(state, 1)
    state.players[1].money = 2000
    events = play(state, 0, cmd.Drive(), 6)
    assert events[-1] == ev.GameWon((0, 1), (1,))  # "ils s'arrêtent... dès qu'ils l'ont atteinte"
    state = travelling((69, 69, 40))
    full_collection(state, 0)
    full_collection(state, 1)
    state.players[1].money = 1750  # the driver pays 50 € for the 3 spaces: 1750 each
    events = play(state, 0, cmd.Drive(), 3)
    assert events[-1] == ev.GameWon((0, 1), (0, 1))  # R49: a shared win
    assert RULES.outcome(state).ranks == (1, 1, 3)


def test_the_active_first_tie_break_gives_it_to_the_driver():
    state = travelling((69, 69, 40), final_tie="active_first")
    full_collection(state, 0)
    full_collection(state, 1)
    state.players[1].money = 1750
    assert play(state, 0, cmd.Drive(), 3)[-1] == ev.GameWon((0, 1), (0,))


def test_the_progress_ranking_orders_the_others_by_cards_position_and_cash():
    state = travelling((40, 54, 41, 41), rank_losers="progress")
    full_collection(state, 1)
    state.players[1].tickets = 1
    give(state, 2, "reportage", "REP-20")
    start_turn(state, 1)
    play(state, 1, cmd.Fly())
    assert RULES.outcome(state).ranks == (4, 1, 2, 3)


def test_three_cards_of_each_is_a_variant():
    state = travelling((70, 40), cards_per_type=3)
    full_collection(state, 0)
    on_top(state, "hebergement", "HEB-01")
    assert "GameWon" not in kinds(play(state, 0, cmd.Walk(2)))


def test_one_card_of_each_is_enough_in_the_short_variant():
    state = travelling((70, 40), cards_per_type=1)
    give(state, 0, "achat", "ACH-01")
    give(state, 0, "reportage", "REP-01")
    give(state, 0, "aventure", "AVE-01")
    assert kinds(play(state, 0, cmd.Walk(2)))[-1] == "GameWon"


def test_the_safety_cap_ends_the_game_in_an_event_with_everyone_tied():
    state = game(3, max_rounds=2)
    state.round = 2
    last = (state.first_player - 1) % 3
    state.turn = last
    state.agenda = [TurnEnd(last)]
    events = play_on(state, random.Random(0))
    assert events == [ev.TurnEnded(last, state.first_player, 3), ev.GameCapped(2)]
    assert state.over and RULES.outcome(state).ranks == (1, 1, 1)
    assert RULES.describe(state, events[1]) == "the safety cap of 2 rounds ends the game: nobody wins"
