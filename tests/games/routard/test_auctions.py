"""Sales (R42-R43): sealed simultaneous bids, the bank buy-back at the resale price, and the variants."""

import random

from meeplog.core.kernel import Pending
from meeplog.games.routard import commands as cmd
from meeplog.games.routard import events as ev
from tests.games.routard.helpers import RULES, bid, card, full_collection, give, legal, play, travelling, waiting_for


def offer(state, seller, lot, card_index=-1, count=1):
    play(state, seller, cmd.OpenSale())
    return play(state, seller, cmd.Sell(lot, card_index, count))


def test_a_sale_asks_every_travelling_player_who_can_pay_the_floor_to_bid_at_once():
    state = travelling((40, 41, 42, 43))
    state.players[3].money = 100  # cannot pay the 150 € floor of an équipement
    assert offer(state, 0, "equipement") == [ev.LotOffered(0, "equipement", -1, 1, 150)]
    assert RULES.pending(state) == Pending.together((1, 2))
    brackets = legal(state, 1)  # 1,800 € allow 166 amounts: first the hundreds, then the tens
    assert brackets[:2] == [cmd.Narrow(0, 0), cmd.Narrow(150, 190)] and brackets[-1] == cmd.Narrow(1800, 1800)
    assert [c for c in legal(state, 2) if c not in brackets] == []
    play(state, 1, cmd.Narrow(150, 190))
    assert legal(state, 1) == [cmd.Bid(150), cmd.Bid(160), cmd.Bid(170), cmd.Bid(180), cmd.Bid(190)]
    play(state, 2, cmd.Narrow(0, 0))
    assert legal(state, 2) == [cmd.PassBid()]


def test_the_highest_sealed_bid_wins_and_losing_bids_stay_private():
    state = travelling((40, 41, 42))
    offer(state, 0, "appareil_photo")
    first = bid(state, 2, 260)
    assert first == [ev.BidSealed(2, 260)]  # not the last: nothing is revealed yet
    assert first[0].seen_by(1) == ev.BidSealed(2, None)
    assert RULES.pending(state) == Pending.together((1,))
    last = bid(state, 1, 250)
    assert last[1] == ev.AuctionSettled(0, "appareil_photo", -1, 1, 2, 260)
    assert [p.money for p in state.players] == [2060, 1800, 1540]
    assert state.players[2].elements["appareil_photo"] == 2 and state.players[0].elements["appareil_photo"] == 0
    assert waiting_for(state) == "Act" and state.turn == 0  # back to the seller's S1


def test_equal_bids_go_to_the_first_bidder_clockwise_from_the_seller():
    state = travelling((40, 41, 42), to_act=2)
    offer(state, 2, "guide")
    bid(state, 1, 30)
    events = bid(state, 0, 30)
    assert events[1].buyer == 0  # clockwise from seat 2: seat 0 before seat 1


def test_without_a_bid_the_bank_buys_back_at_the_resale_price():
    state = travelling((40, 41))
    give(state, 0, "achat", "ACH-22")  # printed 300 €
    achat = card(state, "achat", "ACH-22")
    offer(state, 0, "achat", achat)
    events = bid(state, 1, 0)
    assert events[1] == ev.AuctionSettled(0, "achat", achat, 1, -1, 150)  # half the printed price
    assert state.players[0].money == 1950 and achat in state.discard["achat"]


def test_cheques_sell_as_one_lot_at_ten_euros_each():
    state = travelling((40, 41))
    assert offer(state, 0, "cheques", -1, 4)[0].floor == 40


def test_formalites_and_won_reportage_or_aventure_cards_cannot_be_sold():
    state = travelling((40, 41))
    give(state, 0, "reportage", "REP-01")
    play(state, 0, cmd.OpenSale())
    lots = {c.lot for c in legal(state, 0) if isinstance(c, cmd.Sell)}
    assert lots == {"guide", "equipement", "appareil_photo", "cheques"}


def test_stage_one_players_neither_sell_nor_bid():
    state = travelling((40, 41, 42))
    state.players[2].pos = -1
    offer(state, 0, "guide")
    assert RULES.pending(state) == Pending.together((1,))


def test_the_ascending_variant_goes_round_until_one_bidder_is_left():
    state = travelling((40, 41, 42), auction_mode="ascending")
    offer(state, 0, "guide")
    assert RULES.pending(state) == Pending.single(1)
    assert play(state, 1, cmd.Raise()) == [ev.AuctionRaised(1, 10)]
    assert play(state, 2, cmd.Raise()) == [ev.AuctionRaised(2, 20)]
    events = play(state, 1, cmd.Drop())
    assert events[:2] == [ev.AuctionDropped(1), ev.AuctionSettled(0, "guide", -1, 1, 2, 20)]


def test_the_bank_only_variant_buys_at_once():
    state = travelling((40, 41), auction_mode="bank_only")
    events = offer(state, 0, "guide")
    assert events[1] == ev.AuctionSettled(0, "guide", -1, 1, -1, 10)


def test_the_bid_step_is_an_option():
    state = travelling((40, 41), auction_bid_step=50)
    offer(state, 0, "guide")
    assert legal(state, 1)[:3] == [cmd.PassBid(), cmd.Bid(50), cmd.Bid(100)]


def test_buying_the_missing_achat_card_at_auction_on_the_arrival_airport_wins():
    state = travelling((40, 72))
    full_collection(state, 1)
    lost = state.players[1].achat[0]
    state.players[1].achat = state.players[1].achat[1:]
    give(state, 0, "achat", "ACH-25")
    offer(state, 0, "achat", card(state, "achat", "ACH-25"))
    events = bid(state, 1, 200)
    assert events[-1] == ev.GameWon((1,), (1,))  # R48
    assert lost not in state.players[1].achat


def test_a_bracket_of_a_sealed_bid_stays_its_bidders_until_the_bid_is_sealed():
    state = travelling((40, 41, 42))
    offer(state, 0, "appareil_photo")  # floor 200 €; seats 1 and 2 hold 1,800 € each: 161 amounts
    events = play(state, 1, cmd.Narrow(300, 390))
    assert events == [ev.AmountNarrowed(1, 300, 390)] and events[0].seen_by(2) == ev.AmountNarrowed(1, None, None)
    assert RULES.view(state, 1).amount_between == [300, 390] and RULES.view(state, 2).amount_between is None
    assert RULES.pending(state) == Pending.together((1, 2)), "each bidder takes the same two steps"
    drawn = {RULES.sample(state, 2, random.Random(seed)).narrowed[1] for seed in range(20)}
    assert len(drawn) > 1 and all(len(path) == 1 for path in drawn), "redrawn, one bracket deep"
    assert bid(state, 1, 350) == [ev.BidSealed(1, 350)] and 1 not in state.narrowed


def test_a_rich_bidder_narrows_as_many_times_as_the_amounts_require():
    state = travelling((40, 41))
    state.players[1].money = 123_450  # 12,346 amounts: tens of thousands, then hundreds, then the bid
    offer(state, 0, "guide")
    assert len(legal(state, 1)) == 13
    steps = 0
    while not isinstance(bracket := legal(state, 1)[-1], cmd.Bid):
        assert len(legal(state, 1)) <= 100
        play(state, 1, bracket)
        steps += 1
    assert steps == 2 and legal(state, 1)[-1] == cmd.Bid(123_450)


def test_a_big_stock_of_cheques_is_sold_by_count_in_brackets_beside_the_other_lots():
    state = travelling((40, 41))
    state.players[0].cheques = 150
    play(state, 0, cmd.OpenSale())
    menu = legal(state, 0)
    assert menu[:3] == [cmd.Sell("guide"), cmd.Sell("equipement"), cmd.Sell("appareil_photo")]
    assert menu[3:5] == [cmd.Narrow(1, 9), cmd.Narrow(10, 19)] and menu[-2:] == [cmd.Narrow(150, 150), cmd.CancelSale()]
    play(state, 0, cmd.Narrow(140, 149))
    assert legal(state, 0) == [cmd.Sell("cheques", -1, n) for n in range(140, 150)], "a bracket commits to cheques"
    assert play(state, 0, cmd.Sell("cheques", -1, 142))[0] == ev.LotOffered(0, "cheques", -1, 142, 1420)
