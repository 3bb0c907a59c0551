"""Routard Assistance (§5.12, R35-R46): lost elements, charges and the broke player, Job and Hotel Assistance."""

from meeplog.games.routard import commands as cmd
from meeplog.games.routard import events as ev
from meeplog.games.routard.state import NOT_BROKE
from meeplog.games.routard.tasks import Charge
from tests.games.routard.helpers import (
    Dice,
    card,
    kinds,
    legal,
    on_top,
    play,
    start_turn,
    travelling,
    waiting_for,
)


def test_hotel_assistance_goes_back_to_the_nearest_chance_or_poste_restante_and_plays_nothing():
    state = travelling((9, 40))
    state.players[0].cheques = 1
    on_top(state, "hebergement", "HEB-19")  # 2 cheques
    events = play(state, 0, cmd.Walk(3))  # space 12, a reportage, not played
    assert events[-1] == ev.Moved(0, "hotel_assistance", 12, 9)  # space 9, poste restante
    assert waiting_for(state) == "ChequeTopUp"
    assert legal(state, 0)[0] == cmd.BuyCheques(1)  # at least the missing cheque
    events = play(state, 0, cmd.BuyCheques(4))
    assert events[0] == ev.AssistanceCheques(0, 4, 80, 2, 2)
    assert kinds(events) == ["AssistanceCheques", "TurnEnded"]  # the space reached is not played either
    assert (state.players[0].cheques, state.players[0].money) == (3, 1800 - 50 - 80)


def test_hotel_assistance_stays_put_on_a_chance_space():
    state = travelling((11, 40))
    state.players[0].cheques = 0
    on_top(state, "hebergement", "HEB-07")
    events = play(state, 0, cmd.Walk(2))  # space 13, chance
    assert events[-1] == ev.Moved(0, "hotel_assistance", 13, 13)


def test_hotel_assistance_without_money_writes_off_the_rest_and_the_player_is_broke():
    state = travelling((9, 40))
    player = state.players[0]
    player.cheques, player.money = 0, 20
    player.elements.update(guide=0, equipement=0, appareil_photo=0)  # nothing to sell
    on_top(state, "hebergement", "HEB-31")  # 3 cheques, 6 without a guide
    play(state, 0, cmd.Walk(1))
    assert legal(state, 0) == [cmd.BuyCheques(1)]
    events = play(state, 0, cmd.BuyCheques(1))
    assert events[0] == ev.AssistanceCheques(0, 1, 20, 1, 6)
    assert player.fauche and player.money == 0 and player.cheques == 0


def test_the_fallback_behind_the_first_chance_space_is_the_departure_airport():
    state = travelling((0, 40))
    state.players[0].cheques = 0
    on_top(state, "hebergement", "HEB-07")
    assert play(state, 0, cmd.Walk(1))[-1] == ev.Moved(0, "hotel_assistance", 1, 0)  # R45
    state = travelling((0, 40), assistance_fallback="first_ahead")
    state.players[0].cheques = 0
    on_top(state, "hebergement", "HEB-07")
    assert play(state, 0, cmd.Walk(1))[-1] == ev.Moved(0, "hotel_assistance", 1, 2)


def test_a_broke_player_must_take_job_assistance_which_clears_the_flag():
    state = travelling((14, 40))
    player = state.players[0]
    player.broke_since = 0
    start_turn(state, 0)
    assert [c for c in legal(state, 0) if not isinstance(c, cmd.OpenSale)] == [cmd.JobAssistance()]  # R40
    on_top(state, "hebergement", "HEB-19")
    on_top(state, "job", "JOB-03")
    events = play(state, 0, cmd.JobAssistance())
    assert events[:5] == [
        ev.Moved(0, "job_assistance", 14, 11),  # the job space strictly behind (R41)
        ev.CardDrawn(0, "hebergement", card(state, "hebergement", "HEB-19")),
        ev.HotelPaid(0, 2),  # he pays his lodging
        ev.CardDrawn(0, "job", card(state, "job", "JOB-03")),
        ev.MoneyGained(0, 150),
    ]
    assert player.broke_since == NOT_BROKE


def test_job_assistance_is_optional_at_zero_euros_and_tops_up_cheques_on_the_spot():
    state = travelling((14, 40))
    player = state.players[0]
    player.money, player.cheques = 0, 0
    player.elements.update(guide=0, equipement=0, appareil_photo=0)  # nothing left to sell
    start_turn(state, 0)
    assert cmd.JobAssistance() in legal(state, 0) and cmd.Walk(1) in legal(state, 0)
    on_top(state, "hebergement", "HEB-19")
    on_top(state, "job", "JOB-03")
    play(state, 0, cmd.JobAssistance())
    assert waiting_for(state) == "ChequeTopUp" and legal(state, 0) == [cmd.BuyCheques(0)]
    events = play(state, 0, cmd.BuyCheques(0))
    assert events[0] == ev.AssistanceCheques(0, 0, 0, 0, 4)  # 2 cheques doubled; written off, no HA move
    assert events[2] == ev.MoneyGained(0, 150) and not player.fauche
    assert player.elements["guide"] == 0


def test_the_optional_variant_only_offers_job_assistance_after_a_write_off():
    state = travelling((14, 40), job_assistance_after_write_off="optional")
    state.players[0].broke_since = 0
    start_turn(state, 0)
    moves = legal(state, 0)
    assert cmd.JobAssistance() in moves and cmd.Walk(1) in moves


def test_losing_the_last_formalites_sends_the_player_back_and_rebuys_them_as_a_charge():
    state = travelling((25, 40))
    on_top(state, "hebergement", "HEB-01")
    on_top(state, "chance", "CHA-03")
    play(state, 0, cmd.Walk(2))  # space 27, chance
    events = play(state, 0, cmd.BuyCheques(0))
    assert events[2:6] == [
        ev.ItemLost(0, "formalites", True),
        ev.Moved(0, "formalites", 27, 18),  # the nearest airport behind (R37)
        ev.Paid(0, -1, 200, 200, "formalites"),
        ev.ItemGained(0, "formalites"),
    ]
    assert state.players[0].elements["formalites"] == 1


def test_a_spare_formalites_makes_the_loss_harmless():
    state = travelling((25, 40))
    state.players[0].elements["formalites"] = 2
    on_top(state, "hebergement", "HEB-01")
    on_top(state, "chance", "CHA-03")
    play(state, 0, cmd.Walk(2))
    events = play(state, 0, cmd.BuyCheques(0))
    assert kinds(events)[2:4] == ["ItemLost", "TurnEnded"] and state.players[0].pos == 27  # R35


def test_stranded_variant_keeps_the_player_on_the_airport_until_he_buys_formalites():
    state = travelling((18, 40), formalites_loss="stranded")
    state.players[0].elements["formalites"] = 0
    start_turn(state, 0)
    moves = legal(state, 0)
    assert cmd.BuyElement("formalites") in moves and not any(isinstance(c, cmd.Walk) for c in moves)
    play(state, 0, cmd.BuyElement("formalites"))
    assert cmd.Walk(1) in legal(state, 0)


def test_a_lost_guide_doubles_prices_until_rebought_at_an_airport():
    state = travelling((18, 40))
    state.players[0].elements["guide"] = 0
    start_turn(state, 0)
    assert cmd.BuyElement("guide") in legal(state, 0)  # R36: optional
    assert any(isinstance(c, cmd.Walk) for c in legal(state, 0))


def test_the_forced_rebuy_variant_makes_a_needed_element_compulsory():
    state = travelling((18, 40), force_rebuy_needed=True)
    state.players[0].elements["appareil_photo"] = 0
    start_turn(state, 0)
    assert not any(isinstance(c, cmd.Walk) for c in legal(state, 0))
    play(state, 0, cmd.BuyElement("appareil_photo"))
    assert any(isinstance(c, cmd.Walk) for c in legal(state, 0))


def test_a_charge_too_big_opens_a_raise_funds_window_then_writes_off_the_rest():
    state = travelling((40, 50))
    player = state.players[0]
    player.money = 100
    start_turn(state, 0, Charge(0, 300, -1, "card"))
    assert legal(state, 0) == [cmd.OpenSale(), cmd.StopSelling()]
    events = play(state, 0, cmd.StopSelling())
    assert events[0] == ev.Paid(0, -1, 100, 300, "card")
    assert player.money == 0 and player.fauche


def test_the_debt_variant_keeps_the_shortfall_owed_and_pays_it_from_the_next_income():
    state = travelling((40, 50), unpaid_charge="debt")
    state.players[0].money = 100
    start_turn(state, 0, Charge(0, 300, 1, "card"))
    play(state, 0, cmd.StopSelling())
    assert state.players[0].debts == ((1, 200),) and not state.players[0].fauche
    assert state.players[1].money == 1900
    start_turn(state, 0)
    assert [c for c in legal(state, 0) if not isinstance(c, cmd.OpenSale)] == [cmd.JobAssistance()]
    on_top(state, "hebergement", "HEB-01")
    on_top(state, "job", "JOB-02")  # +400 €, skip next turn
    play(state, 0, cmd.JobAssistance())
    assert state.players[0].debts == () and state.players[0].money == 200 and state.players[1].money == 2100


def test_an_unaffordable_achat_card_is_discarded_and_the_player_is_broke():
    state = travelling((2, 40))
    player = state.players[0]
    player.money = 100
    player.elements.update(guide=0, equipement=0, appareil_photo=0)
    player.cheques = 20
    on_top(state, "hebergement", "HEB-01")
    on_top(state, "achat", "ACH-24")  # 400 €, 800 without a guide
    assert legal(state, 0).count(cmd.Walk(1)) == 1
    events = play(state, 0, cmd.Walk(1))
    assert waiting_for(state) == "Purchase" and legal(state, 0) == [cmd.OpenSale(), cmd.StopSelling()]
    events = play(state, 0, cmd.StopSelling())
    assert events[0] == ev.AchatFailed(0, card(state, "achat", "ACH-24"), 800)
    assert player.fauche and card(state, "achat", "ACH-24") in state.discard["achat"]


def test_the_fined_variant_lets_a_player_take_a_card_without_its_element_for_500_euros():
    state = travelling((4, 40), illegal_play="fined")
    state.players[0].elements["appareil_photo"] = 0
    on_top(state, "hebergement", "HEB-01")
    play(state, 0, cmd.Walk(1))
    assert legal(state, 0) == [cmd.PlayAnyway(True), cmd.PlayAnyway(False)]
    events = play(state, 0, cmd.PlayAnyway(True))
    assert kinds(events)[:4] == ["IllegalPlayDecided", "CardDrawn", "CardKept", "Paid"]
    assert events[3] == ev.Paid(0, 1, 500, 500, "fine")
    assert state.players[1].money == 2300


def test_dice_helper_refuses_unexpected_rolls():
    dice = Dice(3)
    assert dice.randint(1, 6) == 3
