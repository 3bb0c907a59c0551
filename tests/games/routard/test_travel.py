"""Stage 2, the travel turn (§5.5-5.9): paid moves, hotel cards, every space type, airports and flights."""

import pytest

from meeplog.games.routard import commands as cmd
from meeplog.games.routard import events as ev
from tests.games.routard.helpers import card, game, kinds, legal, on_top, play, start_turn, travelling, waiting_for

SCALE = {1: 0, 2: 20, 3: 50, 4: 100, 5: 200, 6: 400}


@pytest.mark.parametrize(("spaces", "cost"), SCALE.items())
def test_a_walk_costs_the_printed_scale(spaces, cost):
    state = travelling((18 - spaces, 40))
    on_top(state, "hebergement", "HEB-01")
    events = play(state, 0, cmd.Walk(spaces))  # onto Aéroport 2: its shop opens, nothing else happens
    assert events == [ev.Moved(0, "walk", 18 - spaces, 18, (), cost), ev.CardDrawn(0, "hebergement", 0),
                      ev.HotelPaid(0, 0)]
    assert state.players[0].money == 1800 - cost


def test_walks_stop_at_what_the_player_can_pay_and_at_the_arrival_airport():
    state = travelling((68, 10))
    state.players[0].money = 60
    walks = [c for c in legal(state, 0) if isinstance(c, cmd.Walk)]
    assert walks == [cmd.Walk(1), cmd.Walk(2), cmd.Walk(3)]  # 4 spaces would be the arrival but cost 100
    state.players[0].money = 1000
    assert [c for c in legal(state, 0) if isinstance(c, cmd.Walk)] == [cmd.Walk(k) for k in range(1, 5)]


def test_the_hotel_is_paid_in_cheques_and_doubles_without_a_guide():
    state = travelling((10, 40))
    on_top(state, "hebergement", "HEB-31")  # 3 cheques
    play(state, 0, cmd.Walk(1))  # space 11, a job
    assert state.players[0].cheques == 7 and state.players[0].money == 1800 + _job_pay(state)
    state = travelling((10, 40))
    state.players[0].elements["guide"] = 0
    on_top(state, "hebergement", "HEB-31")
    play(state, 0, cmd.Walk(1))
    assert state.players[0].cheques == 4  # R14: 3 x 2


def _job_pay(state):
    return state.players[0].money - 1800


def test_an_achat_space_sells_its_card_at_the_printed_price_doubled_without_a_guide():
    state = travelling((2, 40))
    on_top(state, "hebergement", "HEB-01")
    on_top(state, "achat", "ACH-09")  # 160 €
    events = play(state, 0, cmd.Walk(1))  # space 3, achat
    assert ev.AchatBought(0, card(state, "achat", "ACH-09"), 160) in events
    assert state.players[0].achat == (card(state, "achat", "ACH-09"),)
    state = travelling((2, 40))
    state.players[0].elements["guide"] = 0
    on_top(state, "hebergement", "HEB-01")
    on_top(state, "achat", "ACH-09")
    events = play(state, 0, cmd.Walk(1))
    assert ev.AchatBought(0, card(state, "achat", "ACH-09"), 320) in events  # R16


def test_a_reportage_space_gives_its_card_only_to_a_player_with_a_camera():
    state = travelling((4, 40))
    on_top(state, "hebergement", "HEB-01")
    events = play(state, 0, cmd.Walk(1))  # space 5, reportage
    assert kinds(events)[-3:] == ["CardDrawn", "CardKept", "TurnEnded"]
    state = travelling((4, 40))
    state.players[0].elements["appareil_photo"] = 0
    on_top(state, "hebergement", "HEB-01")
    draw_before = len(state.draw["reportage"])
    events = play(state, 0, cmd.Walk(1))
    assert ev.NothingHappens(0, "cannot play reportage without appareil_photo") in events  # R17
    assert len(state.draw["reportage"]) == draw_before  # no card is drawn


def test_an_aventure_is_rolled_once_and_kept_or_returned():
    state = travelling((6, 40))
    on_top(state, "hebergement", "HEB-01")
    on_top(state, "aventure", "AVE-06")  # 1-2 return, 3-6 keep
    events = play(state, 0, cmd.Walk(1), 2)  # space 7, aventure; the die shows 2
    assert ev.DieRolled(0, 2) in events and kinds(events)[-2] == "CardReturned"
    assert state.players[0].aventure == () and card(state, "aventure", "AVE-06") in state.discard["aventure"]
    state = travelling((6, 40))
    state.players[0].elements["equipement"] = 0
    on_top(state, "hebergement", "HEB-01")
    events = play(state, 0, cmd.Walk(1))  # no die: without équipement the space does nothing (R17)
    assert "DieRolled" not in kinds(events)


def test_a_job_space_pays_its_card():
    state = travelling((0, 40))
    on_top(state, "hebergement", "HEB-01")
    on_top(state, "job", "JOB-01")
    events = play(state, 0, cmd.Walk(1))
    assert ev.MoneyGained(0, 200) in events and state.players[0].money == 2000


def test_cheques_are_bought_on_chance_and_poste_restante_before_the_card():
    state = travelling((1, 40))
    on_top(state, "hebergement", "HEB-01")
    on_top(state, "chance", "CHA-06")  # +300 €
    events = play(state, 0, cmd.Walk(1))  # space 2, chance
    assert kinds(events)[-1] == "HotelPaid" and waiting_for(state) == "ChequeWindow"  # R18: before the card
    assert legal(state, 0) == [cmd.BuyCheques(n) for n in range(0, 1800 // 20 + 1)]
    events = play(state, 0, cmd.BuyCheques(3))
    assert events[:3] == [ev.ChequesBought(0, 3, 60), ev.CardDrawn(0, "chance", card(state, "chance", "CHA-06")),
                          ev.MoneyGained(0, 300)]
    assert (state.players[0].cheques, state.players[0].money) == (13, 1800 - 60 + 300)


def test_the_after_card_variant_opens_the_cheque_window_after_the_card():
    state = travelling((1, 40), cheque_purchase_timing="after_card")
    on_top(state, "hebergement", "HEB-01")
    on_top(state, "chance", "CHA-06")
    events = play(state, 0, cmd.Walk(1))
    assert ev.MoneyGained(0, 300) in events and waiting_for(state) == "ChequeWindow"


def test_playing_an_airport_opens_its_shop_with_one_ticket_and_any_elements():
    state = travelling((17, 40))
    on_top(state, "hebergement", "HEB-01")
    play(state, 0, cmd.Walk(1))  # Aéroport 2, ticket 400 €
    assert legal(state, 0) == [cmd.BuyTicket(), *(cmd.BuyElement(e) for e in
                               ("formalites", "guide", "equipement", "appareil_photo")), cmd.CloseShop()]
    assert play(state, 0, cmd.BuyTicket()) == [ev.ItemBought(0, "billet_avion", 400)]
    assert cmd.BuyTicket() not in legal(state, 0)  # R21: one ticket per window
    play(state, 0, cmd.BuyElement("guide"))
    play(state, 0, cmd.BuyElement("guide"))  # spares are allowed
    assert state.players[0].elements["guide"] == 3 and state.players[0].money == 1800 - 440


def test_unlimited_tickets_per_window_is_an_option():
    state = travelling((18, 40), tickets_per_shop_window=None)
    play(state, 0, cmd.BuyTicket())
    assert cmd.BuyTicket() in legal(state, 0)


def test_a_turn_starting_on_an_airport_opens_the_shop_and_may_fly_to_the_next_airport():
    state = travelling((18, 40))
    state.players[0].tickets = 1
    moves = legal(state, 0)
    assert cmd.BuyTicket() in moves and cmd.Fly() in moves
    on_top(state, "hebergement", "HEB-07")
    events = play(state, 0, cmd.Fly())
    assert events[0] == ev.Moved(0, "fly", 18, 36)
    assert state.players[0].tickets == 0 and state.players[0].cheques == 9  # hotel card, no move cost
    assert waiting_for(state) == "Shop"  # R22: the new airport is played


def test_first_turn_may_fly_can_be_switched_off():
    state = game(2, express=True, first_turn_may_fly=False)
    seat = state.turn
    play(state, seat, cmd.Depart())
    state.players[seat].tickets = 1
    assert cmd.Fly() not in legal(state, seat)  # R9


def test_a_card_move_plays_nothing_and_draws_no_hotel():
    state = travelling((1, 40))
    on_top(state, "hebergement", "HEB-01")
    on_top(state, "chance", "CHA-07")  # move +3
    play(state, 0, cmd.Walk(1))
    events = play(state, 0, cmd.BuyCheques(0))
    assert ev.Moved(0, "card", 2, 5) in events  # space 5 is a reportage: not played (R31)
    assert kinds(events).count("CardDrawn") == 1


def test_the_unplayable_destination_variant_forbids_walking_onto_spaces_one_cannot_play():
    state = travelling((2, 40), unplayable_destination="forbidden")
    state.players[0].elements["appareil_photo"] = 0
    walks = [c.spaces for c in legal(state, 0) if isinstance(c, cmd.Walk)]
    assert 3 not in walks and 1 in walks  # space 5 is a reportage (R12)


def test_a_forced_move_owned_on_the_arrival_airport_is_consumed_and_the_turn_is_normal():
    state = travelling((72, 40))
    state.players[0].instructions = (("forced", 1),)
    state.players[0].tickets = 1
    assert start_turn(state, 0) == [ev.InstructionTaken(0, "forced", 1)]
    assert cmd.FlyBack() in legal(state, 0) and cmd.MoveForced() not in legal(state, 0)  # R34


def test_a_card_instruction_comes_before_a_due_job_assistance():
    state = travelling((20, 40))
    state.players[0].instructions = (("forced", 2),)
    state.players[0].broke_since = 0
    start_turn(state, 0)
    assert [c for c in legal(state, 0) if not isinstance(c, cmd.OpenSale)] == [cmd.MoveForced()]  # R30
    on_top(state, "hebergement", "HEB-01")
    on_top(state, "aventure", "AVE-10")
    play(state, 0, cmd.MoveForced(), 4)
    assert state.players[0].fauche  # the Job Assistance waits for a turn without an instruction


def test_an_empty_draw_pile_is_refilled_from_its_shuffled_discard_pile():
    state = travelling((0, 40))
    discarded = state.draw["hebergement"][:-1]
    state.discard["hebergement"], state.draw["hebergement"] = discarded, ()
    on_top(state, "job", "JOB-01")
    events = play(state, 0, cmd.Walk(1))
    assert kinds(events)[1:3] == ["DeckReshuffled", "CardDrawn"]  # R47
    assert events[1].seen_by(1).order is None and sorted(events[1].order) == sorted(discarded)
    assert len(state.discard["hebergement"]) == 1


def test_a_deck_with_both_piles_empty_does_nothing():
    state = travelling((0, 40))
    state.draw["job"], state.discard["job"] = (), ()
    on_top(state, "hebergement", "HEB-01")
    events = play(state, 0, cmd.Walk(1))
    assert ev.DeckEmpty(0, "job") in events


def test_a_rich_player_buys_cheques_in_two_steps_tens_then_units():
    state = travelling((1, 40))
    state.players[0].money = 5_000  # 251 counts
    on_top(state, "hebergement", "HEB-01")
    on_top(state, "chance", "CHA-06")
    play(state, 0, cmd.Walk(1))
    assert legal(state, 0)[:2] == [cmd.Narrow(0, 9), cmd.Narrow(10, 19)] and legal(state, 0)[-1] == cmd.Narrow(250, 250)
    assert play(state, 0, cmd.Narrow(10, 19)) == [ev.AmountNarrowed(0, 10, 19)]
    assert legal(state, 0) == [cmd.BuyCheques(n) for n in range(10, 20)]
    assert play(state, 0, cmd.BuyCheques(12))[0] == ev.ChequesBought(0, 12, 240)
