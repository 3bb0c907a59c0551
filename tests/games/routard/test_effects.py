"""Every effect kind of the data file's vocabulary, run from the real cards that use it (§5.8, R31-R35, R46)."""

from meeplog.games.routard import commands as cmd
from meeplog.games.routard import events as ev
from meeplog.games.routard.queries import stack
from tests.games.routard.helpers import card, give, kinds, legal, on_top, play, travelling, waiting_for

SPACE_BEFORE = {"chance": 1, "poste_restante": 3, "job": 0}  # walking 1 from here lands on that kind of space


def draw(state, deck, card_id, *rolls, seat=0):
    """`seat` walks one space onto a `deck` space and draws `card_id` there (buying no cheques)."""
    state.players[seat].pos = SPACE_BEFORE[deck]
    on_top(state, "hebergement", "HEB-01")
    on_top(state, deck, card_id)
    events = play(state, seat, cmd.Walk(1), *rolls)
    if deck != "job":
        events += play(state, seat, cmd.BuyCheques(0), *rolls)
    return events


def test_gain_money():
    state = travelling((0, 40))
    assert ev.MoneyGained(0, 200) in draw(state, "job", "JOB-01")


def test_gain_money_per_pip_rolls_the_die():
    state = travelling((0, 40))
    assert ev.MoneyGained(0, 250, 5) in draw(state, "job", "JOB-13", 5)


def test_lose_money_is_a_charge_to_the_bank():
    state = travelling((0, 40))
    assert ev.Paid(0, -1, 100, 100, "card") in draw(state, "chance", "CHA-01")
    assert state.players[0].money == 1700


def test_lose_money_per_card_counts_the_achat_cards_held():
    state = travelling((0, 40))
    give(state, 0, "achat", "ACH-01", "ACH-02", "ACH-03")
    assert ev.Paid(0, -1, 150, 150, "card") in draw(state, "chance", "CHA-21")


def test_gain_and_lose_cheques_never_below_zero():
    state = travelling((0, 40))
    assert ev.ChequesGained(0, 5) in draw(state, "poste_restante", "PR-08")
    state = travelling((0, 40))
    state.players[0].cheques = 2
    assert ev.ChequesLost(0, 2) in draw(state, "chance", "CHA-15")  # R46: at most what he holds
    assert state.players[0].cheques == 0


def test_gain_and_lose_items():
    state = travelling((0, 40))
    assert ev.ItemGained(0, "billet_avion") in draw(state, "chance", "CHA-11")
    assert state.players[0].tickets == 1
    state = travelling((0, 40))
    assert ev.ItemLost(0, "guide", True) in draw(state, "chance", "CHA-04")
    assert state.players[0].elements["guide"] == 0


def test_lose_collection_card_lets_the_player_choose_which():
    state = travelling((0, 40))
    give(state, 0, "achat", "ACH-01", "ACH-24")
    draw(state, "chance", "CHA-18")
    cheap, dear = card(state, "achat", "ACH-01"), card(state, "achat", "ACH-24")
    assert legal(state, 0) == [cmd.ChooseLostCard("achat", cheap), cmd.ChooseLostCard("achat", dear)]
    play(state, 0, cmd.ChooseLostCard("achat", cheap))
    assert state.players[0].achat == (dear,) and cheap in state.discard["achat"]


def test_lose_collection_card_without_cards_does_nothing():
    state = travelling((0, 40))
    assert ev.NothingHappens(0, "has no achat card to lose") in draw(state, "chance", "CHA-18")


def test_transfer_money_collect_from_each_other_travelling_player_clockwise():
    state = travelling((0, 40, 50), to_act=0)
    events = draw(state, "chance", "CHA-24")
    paid = [e for e in events if isinstance(e, ev.Paid)]
    assert paid == [ev.Paid(1, 0, 50, 50, "card"), ev.Paid(2, 0, 50, 50, "card")]
    assert [p.money for p in state.players] == [1900, 1750, 1750]


def test_stage_one_players_are_out_of_reach_unless_the_scope_is_all():
    state = travelling((0, 40, 50))
    state.players[2].pos = -1  # still at home
    events = draw(state, "chance", "CHA-24")
    assert [e.payer for e in events if isinstance(e, ev.Paid)] == [1]  # R7
    state = travelling((0, 40, 50), interplayer_scope="all")
    state.players[2].pos = -1
    events = draw(state, "chance", "CHA-24")
    assert [e.payer for e in events if isinstance(e, ev.Paid)] == [1, 2]


def test_transfer_money_pay_each_and_pay_left():
    state = travelling((0, 40, 50))
    events = draw(state, "poste_restante", "PR-12")
    paid = [e for e in events if isinstance(e, ev.Paid)]
    assert paid == [ev.Paid(0, 1, 20, 20, "card"), ev.Paid(0, 2, 20, 20, "card")]
    state = travelling((0, 40, 50))
    events = draw(state, "poste_restante", "PR-16")
    assert [e for e in events if isinstance(e, ev.Paid)] == [ev.Paid(0, 1, 100, 100, "card")]


def test_transfer_money_collect_from_a_chosen_player():
    state = travelling((0, 40, 50))
    draw(state, "poste_restante", "PR-15")
    assert legal(state, 0) == [cmd.ChooseTarget(1), cmd.ChooseTarget(2)]
    events = play(state, 0, cmd.ChooseTarget(2))
    assert events[:2] == [ev.TargetChosen(0, 2), ev.Paid(2, 0, 100, 100, "card")]


def test_transfer_cheques_takes_at_most_what_the_other_holds():
    state = travelling((0, 40))
    state.players[1].cheques = 1
    draw(state, "poste_restante", "PR-25")
    events = play(state, 0, cmd.ChooseTarget(1))
    assert ev.ChequesTransferred(1, 0, 1) in events
    assert (state.players[0].cheques, state.players[1].cheques) == (11, 0)


def test_target_player_moves_the_target_alone_and_he_plays_nothing():
    state = travelling((0, 40, 40))  # seat 1 carries seat 2
    draw(state, "poste_restante", "PR-13")
    events = play(state, 0, cmd.ChooseTarget(1))
    assert ev.Moved(1, "target", 40, 37) in events  # R33: alone
    assert stack(state, 40) == [2] and stack(state, 37) == [1]
    assert "CardDrawn" not in kinds(events[2:])


def test_target_player_skip_queues_an_instruction_for_the_target():
    state = travelling((0, 40))
    draw(state, "poste_restante", "PR-14")
    events = play(state, 0, cmd.ChooseTarget(1))
    assert kinds(events) == ["TargetChosen", "InstructionQueued", "TurnEnded", "InstructionTaken", "TurnEnded"]
    assert events[1] == ev.InstructionQueued(1, "skip", 0) and events[3] == ev.InstructionTaken(1, "skip", 0)
    assert state.turn == 0  # seat 1's turn was skipped at once


def test_move_is_clamped_to_the_board_and_plays_nothing():
    state = travelling((0, 40))
    events = draw(state, "chance", "CHA-08")  # -2 from space 2
    assert ev.Moved(0, "card", 2, 0) in events  # R31: clamped at the departure airport
    assert waiting_for(state) == "Act" and state.turn == 1  # no shop window for a card move


def test_replay_is_a_paid_walk_that_plays_nothing():
    state = travelling((0, 40))
    draw(state, "chance", "CHA-19")
    assert legal(state, 0) == [cmd.ReplayWalk(k) for k in range(1, 7)]
    events = play(state, 0, cmd.ReplayWalk(3))
    assert events[0] == ev.Moved(0, "replay", 2, 5, (), 50)
    assert kinds(events) == ["Moved", "TurnEnded"]  # R32: no hotel, the space is not played


def test_replay_for_free_is_an_option():
    state = travelling((0, 40), replay_pays_move=False)
    draw(state, "chance", "CHA-19")
    assert play(state, 0, cmd.ReplayWalk(6))[0] == ev.Moved(0, "replay", 2, 8, (), 0)


def test_skip_next_turn_and_a_forced_move_are_queued_for_the_next_turn():
    state = travelling((0, 40))
    assert ev.InstructionQueued(0, "skip", 0) in draw(state, "chance", "CHA-09")
    state = travelling((0, 40))
    assert ev.InstructionQueued(0, "forced", 1) in draw(state, "chance", "CHA-16")
    assert state.players[0].instructions == (("forced", 1),)


def test_if_has_branches_on_the_element_held():
    state = travelling((0, 40))
    assert ev.MoneyGained(0, 300) in draw(state, "job", "JOB-05")
    state = travelling((0, 40))
    state.players[0].elements["guide"] = 0
    assert ev.MoneyGained(0, 100) in draw(state, "job", "JOB-05")
    state = travelling((0, 40))
    state.players[0].elements["appareil_photo"] = 0
    events = draw(state, "poste_restante", "PR-19")
    assert ev.ItemGained(0, "appareil_photo") in events


def test_die_picks_the_outcome_of_the_roll():
    state = travelling((0, 40))
    assert ev.Paid(0, -1, 100, 100, "card") in draw(state, "chance", "CHA-25", 2)
    state = travelling((0, 40))
    events = draw(state, "chance", "CHA-25", 3)
    assert kinds(events)[-2:] == ["DieRolled", "TurnEnded"]
    state = travelling((0, 40))
    assert ev.MoneyGained(0, 200) in draw(state, "chance", "CHA-25", 6)


def test_keep_card_then_a_further_effect():
    state = travelling((6, 40))
    on_top(state, "hebergement", "HEB-01")
    on_top(state, "aventure", "AVE-15")  # 3-6: keep, move +2
    events = play(state, 0, cmd.Walk(1), 4)
    aventure = card(state, "aventure", "AVE-15")
    assert events[-3:-1] == [ev.CardKept(0, "aventure", aventure), ev.Moved(0, "card", 7, 9)]
