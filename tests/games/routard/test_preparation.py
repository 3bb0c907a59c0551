"""Stage 1, the backpack (§5.4, R5-R10, R53): the sheet, the departure minimum, express and auto-depart."""

from meeplog.games.routard import commands as cmd
from meeplog.games.routard import events as ev
from meeplog.games.routard.state import HOME
from tests.games.routard.helpers import game, kinds, legal, play, waiting_for


def first_seat(state):
    return state.turn


def test_the_first_turn_must_be_pocket_money_and_a_four_gives_600():
    state = game(3, express=False)
    seat = first_seat(state)
    assert legal(state, seat) == [cmd.ChooseLine("argent_de_poche")]  # R5 [TEXT "obligatoirement"]
    events = play(state, seat, cmd.ChooseLine("argent_de_poche"), 4)
    assert events[:2] == [ev.SheetRolled(seat, "argent_de_poche", 4), ev.MoneyGained(seat, 600)]
    assert state.players[seat].money == 600
    assert state.turn == (seat + 1) % 3


def test_later_turns_may_play_any_line_but_cannot_depart_without_the_minimum():
    state = game(2, express=False)
    seat = first_seat(state)
    state.players[seat].prep_turns = 1
    assert legal(state, seat) == [cmd.ChooseLine(line) for line in state.data.prep_sheet.lines]


def test_an_affordable_rolled_purchase_is_mandatory():
    state = game(2, express=False)
    seat = first_seat(state)
    player = state.players[seat]
    player.prep_turns, player.money = 1, 1000
    events = play(state, seat, cmd.ChooseLine("equipement"), 2)  # RECON: a 2 buys équipement at 400
    assert ev.SheetBought(seat, "equipement", 1, 400) in events
    assert player.money == 600 and player.elements["equipement"] == 1


def test_an_unaffordable_purchase_passes_the_turn():
    state = game(2, express=False)
    seat = first_seat(state)
    player = state.players[seat]
    player.prep_turns, player.money = 1, 200
    events = play(state, seat, cmd.ChooseLine("appareil_photo"), 1)  # 600 € asked
    assert ev.SheetPassed(seat, "appareil_photo", 600, declined=False) in events
    assert player.money == 200 and player.elements["appareil_photo"] == 0  # R6: no partial purchase


def test_the_optional_sheet_variant_lets_the_player_decline():
    state = game(2, express=False, sheet_purchase_optional=True)
    seat = first_seat(state)
    player = state.players[seat]
    player.prep_turns, player.money = 1, 1000
    play(state, seat, cmd.ChooseLine("guide"), 5)
    assert legal(state, seat) == [cmd.SheetOffer(True), cmd.SheetOffer(False)]
    events = play(state, seat, cmd.SheetOffer(False))
    assert events[0] == ev.SheetPassed(seat, "guide", 10, declined=True)
    assert player.money == 1000


def ready(state, seat):
    player = state.players[seat]
    player.prep_turns, player.money, player.cheques, player.tickets = 3, 1500, 10, 1
    player.elements.update(formalites=1, guide=1, equipement=1, appareil_photo=1)


def test_departing_hands_in_a_ticket_keeps_the_rest_and_plays_a_travel_turn_at_once():
    state = game(2, express=False)
    seat = first_seat(state)
    ready(state, seat)
    assert cmd.Depart() in legal(state, seat)
    events = play(state, seat, cmd.Depart())
    assert events == [ev.Departed(seat)]  # R8: no hotel card for the departure flight
    player = state.players[seat]
    assert (player.pos, player.tickets, player.money, player.cheques) == (0, 0, 1500, 10)
    assert waiting_for(state) == "Act" and state.turn == seat  # the same seat-turn goes on


def test_one_euro_short_of_the_minimum_cannot_depart():
    state = game(2, express=False)
    seat = first_seat(state)
    ready(state, seat)
    state.players[seat].money = 1490
    assert cmd.Depart() not in legal(state, seat)


def test_a_departing_pawn_lands_on_top_of_those_already_on_the_departure_airport():
    state = game(2, express=False)
    seat = first_seat(state)
    other = 1 - seat
    state.players[other].pos, state.players[other].height, state.stamp = 0, 1, 1
    ready(state, seat)
    play(state, seat, cmd.Depart())
    assert state.players[seat].height > state.players[other].height
    # the first pawn is now the bottom of a stack: on its turn it must hitchhike (R23)


def test_express_gives_the_kit_and_forces_the_departure():
    state = game(4)
    seat = first_seat(state)
    for player in state.players:  # R53
        assert (player.money, player.cheques, player.tickets, player.pos) == (1800, 10, 1, HOME)
        assert player.elements == {"formalites": 1, "guide": 1, "equipement": 1, "appareil_photo": 1}
    assert legal(state, seat) == [cmd.Depart()]


def test_auto_depart_leaves_as_soon_as_the_minimum_is_met():
    state = game(2, express=False, auto_depart=True)
    seat = first_seat(state)
    ready(state, seat)
    assert legal(state, seat) == [cmd.Depart()]


def test_a_stage_one_turn_ends_after_the_sheet():
    state = game(2, express=False)
    seat = first_seat(state)
    events = play(state, seat, cmd.ChooseLine("argent_de_poche"), 1)
    assert kinds(events) == ["SheetRolled", "MoneyGained", "TurnEnded"]
