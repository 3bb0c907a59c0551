"""Sales (R42-R43): sealed simultaneous bids, the bank buy-back at the resale price, and the variants."""

from core.kernel import Pending
from games.routard import commands as cmd
from games.routard import events as ev
from tests.games.routard.helpers import RULES, card, full_collection, give, legal, play, travelling, waiting_for


def offer(state, seller, lot, card_index=-1, count=1):
    play(state, seller, cmd.OpenSale())
    return play(state, seller, cmd.Sell(lot, card_index, count))


def test_a_sale_asks_every_travelling_player_who_can_pay_the_floor_to_bid_at_once():
    state = travelling((40, 41, 42, 43))
    state.players[3].money = 100  # cannot pay the 150 € floor of an équipement
    assert offer(state, 0, "equipement") == [ev.LotOffered(0, "equipement", -1, 1, 150)]
    assert RULES.pending(state) == Pending.together((1, 2))
    bids = legal(state, 1)
    assert bids[0] == cmd.PassBid() and bids[1] == cmd.Bid(150) and bids[-1] == cmd.Bid(1800)


def test_the_highest_sealed_bid_wins_and_losing_bids_stay_private():
    state = travelling((40, 41, 42))
    offer(state, 0, "appareil_photo")
    first = play(state, 2, cmd.Bid(260))
    assert first == [ev.BidSealed(2, 260)]  # not the last: nothing is revealed yet
    assert first[0].seen_by(1) == ev.BidSealed(2, None)
    assert RULES.pending(state) == Pending.together((1,))
    last = play(state, 1, cmd.Bid(250))
    assert last[1] == ev.AuctionSettled(0, "appareil_photo", -1, 1, 2, 260)
    assert [p.money for p in state.players] == [2060, 1800, 1540]
    assert state.players[2].elements["appareil_photo"] == 2 and state.players[0].elements["appareil_photo"] == 0
    assert waiting_for(state) == "Act" and state.turn == 0  # back to the seller's S1


def test_equal_bids_go_to_the_first_bidder_clockwise_from_the_seller():
    state = travelling((40, 41, 42), to_act=2)
    offer(state, 2, "guide")
    play(state, 1, cmd.Bid(30))
    events = play(state, 0, cmd.Bid(30))
    assert events[1].buyer == 0  # clockwise from seat 2: seat 0 before seat 1


def test_without_a_bid_the_bank_buys_back_at_the_resale_price():
    state = travelling((40, 41))
    give(state, 0, "achat", "ACH-22")  # printed 300 €
    achat = card(state, "achat", "ACH-22")
    offer(state, 0, "achat", achat)
    events = play(state, 1, cmd.PassBid())
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
    events = play(state, 1, cmd.Bid(200))
    assert events[-1] == ev.GameWon((1,), (1,))  # R48
    assert lost not in state.players[1].achat
