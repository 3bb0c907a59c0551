"""`evolve`: the only code that changes a Routard state.

Each event applies its change to the players, piles and pawns, then updates the agenda: it removes the
task that produced it and pushes what follows. `settle` then expands bookkeeping tasks that need no
event (a branch on an element held, the card a space calls for, an arrival check nobody passes), so
the agenda's top is always a decision or an active step once an event is folded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from meeplog.core.kernel import GameEvent
from meeplog.games.routard import events as ev
from meeplog.games.routard.data import COLLECTION_DECKS, DECKS, ELEMENTS, Effect
from meeplog.games.routard.queries import doubled, has, may_play, next_travelling, others, qualifiers
from meeplog.games.routard.state import BANK, NOT_BROKE, Auction, RoutardState
from meeplog.games.routard.tasks import (
    Act,
    ArrivalCheck,
    AuctionTask,
    Capped,
    Charge,
    ChequeTopUp,
    ChequeWindow,
    Draw,
    FormalitesLoss,
    HotelPay,
    IllegalOffer,
    LoseCard,
    Play,
    Prep,
    Purchase,
    Regain,
    Replay,
    Resolve,
    SaleMenu,
    SheetOutcome,
    Shop,
    Start,
    TargetChoice,
    Task,
    TurnEnd,
    Unplayable,
)


def evolve(state: RoutardState, event: GameEvent) -> None:
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise TypeError(f"not a Routard event: {event!r}")
    if state.memo:  # filled only by a decision's options, so empty for most events (a clear is a call)
        state.memo.clear()
    handler(state, event)
    settle(state)


# --- small helpers shared by the handlers ------------------------------------------------------------


def _pop(state: RoutardState, kind: type[Task]) -> Task:
    task = state.agenda.pop()
    assert isinstance(task, kind), f"expected {kind.__name__} on the agenda, found {task!r}"
    return task


def _place(state: RoutardState, seats: tuple[int, ...], to: int) -> None:
    """Pawns arrive on top of the stack at `to`, keeping their order (R26)."""
    for seat in seats:
        state.stamp += 1
        player = state.players[seat]
        player.pos, player.height = to, state.stamp


def receive(state: RoutardState, seat: int, amount: int) -> None:
    """Income; in the debt variant it pays the player's debts first, oldest first (R39)."""
    player = state.players[seat]
    while amount and player.debts:
        creditor, owed = player.debts[0]
        part = min(owed, amount)
        amount -= part
        rest = ((creditor, owed - part),) if part < owed else ()
        player.debts = rest + player.debts[1:]
        if creditor != BANK:
            receive(state, creditor, part)
    player.money += amount


def _broke(state: RoutardState, seat: int) -> None:
    if state.players[seat].travelling:
        state.players[seat].broke_since = state.turn_count


def _unpaid(state: RoutardState, payer: int, creditor: int, rest: int) -> None:
    if state.config.unpaid_charge == "debt":
        state.players[payer].debts += ((creditor, rest),)
    else:
        _broke(state, payer)


def _gain(state: RoutardState, seat: int, item: str, qty: int = 1) -> None:
    player = state.players[seat]
    if item == "billet_avion":
        player.tickets += qty
    elif item == "cheques":
        player.cheques += qty
    else:
        player.elements[item] += qty


def _push_effects(state: RoutardState, seat: int, effects: tuple[Effect, ...], deck: str, card: int, *,
                  alone: bool) -> None:
    state.agenda.extend(Resolve(seat, effect, deck, card, alone) for effect in reversed(effects))


def _remove_card(state: RoutardState, seat: int, deck: str, card: int) -> None:
    cards = list(state.players[seat].collection(deck))
    cards.remove(card)
    state.players[seat].set_collection(deck, tuple(cards))


def _push_turn(state: RoutardState, seat: int) -> None:
    state.agenda.extend((TurnEnd(seat), Start(seat)))


# --- handlers ----------------------------------------------------------------------------------------


def _dealt(state: RoutardState, e: ev.Dealt) -> None:
    assert e.orders is not None
    for deck, order in zip(DECKS, e.orders):
        state.draw[deck] = order
        state.discard[deck] = ()
    if state.config.express:
        start = state.data.constants.express_start
        for player in state.players:
            player.money, player.cheques, player.tickets = start.money, start.cheques, start.billet_avion
    for player in state.players:
        player.elements = {item: int(state.config.express and item in state.data.constants.express_start.items)
                           for item in ELEMENTS}
    state.first_player = state.turn = e.first_player
    _push_turn(state, e.first_player)


def _reshuffled(state: RoutardState, e: ev.DeckReshuffled) -> None:
    assert e.order is not None
    state.draw[e.deck] = e.order
    state.discard[e.deck] = ()


def _turn_ended(state: RoutardState, e: ev.TurnEnded) -> None:
    _pop(state, TurnEnd)
    next_seat, round_ = e.next_seat, e.round  # an event's field is a dictionary lookup: each read once
    player = state.players[e.seat]
    if state.table.job_assistance_after_write_off == "optional" and NOT_BROKE != player.broke_since < state.turn_count:
        player.broke_since = NOT_BROKE
    state.turn_count += 1
    state.carried, state.window_tickets = (), 0
    state.turn, state.round = next_seat, round_
    if round_ > state.table.max_rounds:
        state.agenda.append(Capped(next_seat))
    else:
        _push_turn(state, next_seat)


def _capped(state: RoutardState, e: ev.GameCapped) -> None:
    state.agenda.clear()
    state.capped = state.over = True


def _won(state: RoutardState, e: ev.GameWon) -> None:
    state.agenda.clear()
    state.qualified, state.winners, state.over = e.qualified, e.winners, True


def _sheet_rolled(state: RoutardState, e: ev.SheetRolled) -> None:
    _pop(state, Prep)
    player = state.players[e.seat]
    player.prep_turns += 1
    player.announced = e.line
    state.agenda.append(SheetOutcome(e.seat, e.line, e.roll))


def _sheet_bought(state: RoutardState, e: ev.SheetBought) -> None:
    _pop(state, SheetOutcome)
    state.players[e.seat].money -= e.price
    _gain(state, e.seat, e.item, e.qty)


def _sheet_passed(state: RoutardState, e: ev.SheetPassed) -> None:
    _pop(state, SheetOutcome)


def _departed(state: RoutardState, e: ev.Departed) -> None:
    _pop(state, Prep)
    player = state.players[e.seat]
    player.tickets -= 1
    player.prep_turns += 1
    _place(state, (e.seat,), 0)
    state.window_tickets = 0
    state.agenda.append(Act(e.seat, may_fly=state.config.first_turn_may_fly))


def _instruction_taken(state: RoutardState, e: ev.InstructionTaken) -> None:
    _pop(state, Start)
    player = state.players[e.seat]
    player.instructions = player.instructions[1:]
    if e.kind == "skip":
        return
    if not player.travelling:
        state.agenda.append(Prep(e.seat))
        return
    movable = player.pos < state.arrival and not (
        state.table.formalites_loss == "stranded" and player.elements["formalites"] == 0)
    state.window_tickets = 0
    state.agenda.append(Act(e.seat, forced=e.spaces if movable else 0))


def _instruction_queued(state: RoutardState, e: ev.InstructionQueued) -> None:
    _pop(state, Resolve)
    state.players[e.seat].instructions += ((e.kind, e.spaces),)


def _moved(state: RoutardState, e: ev.Moved) -> None:
    seat, passengers = e.seat, e.passengers
    _place(state, (seat, *passengers), e.to)
    player, agenda, how = state.players[seat], state.agenda, e.how
    if how in ("walk", "fly", "fly_back", "drive", "forced"):
        _pop(state, Act)
        agenda.extend((Play(seat), Draw(seat, "hebergement"), ArrivalCheck(seat)))
        if how == "walk":
            player.money -= e.cost
        elif how in ("fly", "fly_back"):
            player.tickets -= 1
        else:
            state.carried = passengers
            cost = e.cost
            if cost:
                agenda.append(Charge(seat, cost, BANK, "move"))
    elif how == "job_assistance":
        _pop(state, Act)
        if state.table.job_assistance_after_write_off == "mandatory":
            player.broke_since = NOT_BROKE
        agenda.extend((Draw(seat, "job"), Draw(seat, "hebergement", job_assistance=True)))
    elif how == "hotel_assistance":
        task = _pop(state, HotelPay)
        assert isinstance(task, HotelPay)
        while not isinstance(agenda[-1], TurnEnd):
            agenda.pop()
        agenda.append(ChequeTopUp(seat, task.due))
    elif how == "formalites":
        _pop(state, FormalitesLoss)
        if state.table.formalites_loss == "forced_rebuy":
            price = state.data.constants.formalites_rebuy_price
            agenda.extend((Regain(seat, "formalites"), Charge(seat, price, BANK, "formalites")))
    else:  # card, target, replay: re-moves that play nothing (R31-R33)
        agenda.pop()
        player.money -= e.cost
        agenda.append(ArrivalCheck(seat))


def _paid(state: RoutardState, e: ev.Paid) -> None:
    _pop(state, Charge)
    state.players[e.payer].money -= e.amount
    if e.creditor != BANK:
        receive(state, e.creditor, e.amount)
    if e.amount < e.due:
        _unpaid(state, e.payer, e.creditor, e.due - e.amount)


def _money_gained(state: RoutardState, e: ev.MoneyGained) -> None:
    state.agenda.pop()  # the sheet's pocket money or a card's gain
    receive(state, e.seat, e.amount)


def _cheques_gained(state: RoutardState, e: ev.ChequesGained) -> None:
    _pop(state, Resolve)
    state.players[e.seat].cheques += e.count


def _cheques_lost(state: RoutardState, e: ev.ChequesLost) -> None:
    _pop(state, Resolve)
    state.players[e.seat].cheques -= e.count


def _cheques_transferred(state: RoutardState, e: ev.ChequesTransferred) -> None:
    _pop(state, Resolve)
    state.players[e.giver].cheques -= e.count
    state.players[e.receiver].cheques += e.count


def _cheques_bought(state: RoutardState, e: ev.ChequesBought) -> None:
    _pop(state, ChequeWindow)
    seat = e.seat
    state.narrowed.pop(seat, None)
    player = state.players[seat]
    player.money -= e.price
    player.cheques += e.count


def _hotel_paid(state: RoutardState, e: ev.HotelPaid) -> None:
    _pop(state, HotelPay)
    state.players[e.seat].cheques -= e.cheques


def _assistance_cheques(state: RoutardState, e: ev.AssistanceCheques) -> None:
    task = _pop(state, ChequeTopUp)
    seat, paid = e.seat, e.paid  # an event's field is a dictionary lookup: each read once
    state.narrowed.pop(seat, None)
    assert isinstance(task, ChequeTopUp)
    player = state.players[seat]
    player.money -= e.price
    player.cheques += e.bought - paid
    if paid < e.due and not task.job_assistance:
        _broke(state, seat)


def _item_bought(state: RoutardState, e: ev.ItemBought) -> None:
    seat, item = e.seat, e.item
    state.players[seat].money -= e.price
    _gain(state, seat, item)
    if item == "billet_avion":
        state.window_tickets += 1


def _item_gained(state: RoutardState, e: ev.ItemGained) -> None:
    state.agenda.pop()  # a card's gift or the formalités re-buy
    _gain(state, e.seat, e.item)


def _item_lost(state: RoutardState, e: ev.ItemLost) -> None:
    _pop(state, Resolve)
    if not e.had:
        return
    _gain(state, e.seat, e.item, -1)
    player = state.players[e.seat]
    if e.item == "formalites" and player.elements["formalites"] == 0 and player.travelling:
        state.agenda.append(FormalitesLoss(e.seat))


def _card_drawn(state: RoutardState, e: ev.CardDrawn) -> None:
    task = _pop(state, Draw)
    assert isinstance(task, Draw)
    seat, deck, index = e.seat, e.deck, e.card  # an event's field is a dictionary lookup: each read once
    pile = state.draw[deck]
    assert pile[-1] == index, "the drawn card must be the top of the pile"
    state.draw[deck] = pile[:-1]
    if deck in _DISCARDED_WHEN_DRAWN:
        state.discard[deck] += (index,)
    table = state.table
    if deck == "hebergement":
        state.agenda.append(HotelPay(seat, table.hotel_cheques[index] * doubled(state, seat), task.job_assistance))
    elif deck == "achat":
        state.agenda.append(Purchase(seat, index, table.achat_prices[index] * doubled(state, seat)))
    else:
        _push_effects(state, seat, table.card_effects[deck][index], deck, index, alone=False)


_DISCARDED_WHEN_DRAWN: Final = frozenset(DECKS) - frozenset(COLLECTION_DECKS)
"""The decks whose drawn cards go straight to the discard pile (a collection card is kept or returned later)."""


def _deck_empty(state: RoutardState, e: ev.DeckEmpty) -> None:
    _pop(state, Draw)


def _card_kept(state: RoutardState, e: ev.CardKept) -> None:
    _pop(state, Resolve)
    player = state.players[e.seat]
    player.set_collection(e.deck, (*player.collection(e.deck), e.card))
    state.agenda.append(ArrivalCheck(e.seat))


def _card_returned(state: RoutardState, e: ev.CardReturned) -> None:
    _pop(state, Resolve)
    state.discard[e.deck] += (e.card,)


def _achat_bought(state: RoutardState, e: ev.AchatBought) -> None:
    _pop(state, Purchase)
    player = state.players[e.seat]
    player.money -= e.price
    player.achat += (e.card,)
    state.agenda.append(ArrivalCheck(e.seat))


def _achat_failed(state: RoutardState, e: ev.AchatFailed) -> None:
    _pop(state, Purchase)
    state.discard["achat"] += (e.card,)
    _broke(state, e.seat)


def _collection_card_lost(state: RoutardState, e: ev.CollectionCardLost) -> None:
    _pop(state, LoseCard)
    _remove_card(state, e.seat, e.deck, e.card)
    state.discard[e.deck] += (e.card,)


def _die_rolled(state: RoutardState, e: ev.DieRolled) -> None:
    task = _pop(state, Resolve)
    assert isinstance(task, Resolve) and task.effect.outcomes is not None
    outcome = next(o for o in task.effect.outcomes if o.rolls[0] <= e.value <= o.rolls[1])
    _push_effects(state, task.seat, outcome.effects, task.deck, task.card, alone=task.alone)


def _target_chosen(state: RoutardState, e: ev.TargetChosen) -> None:
    task = _pop(state, TargetChoice)
    assert isinstance(task, TargetChoice)
    state.players[e.seat].picked = e.target
    state.agenda.append(Resolve(e.seat, task.effect, task.deck, task.card, target=e.target))


def _nothing(state: RoutardState, e: ev.NothingHappens) -> None:
    state.agenda.pop()


def _illegal_play(state: RoutardState, e: ev.IllegalPlayDecided) -> None:
    _pop(state, IllegalOffer)
    beneficiary = next_travelling(state, e.seat)
    if e.play:
        if beneficiary is not None:
            state.agenda.append(Charge(e.seat, state.data.constants.fine, beneficiary, "fine"))
        state.agenda.append(Draw(e.seat, e.deck))


def _shop_closed(state: RoutardState, e: ev.ShopClosed) -> None:
    _pop(state, Shop)


def _sale_opened(state: RoutardState, e: ev.SaleOpened) -> None:
    state.agenda.append(SaleMenu(e.seat))


def _sale_cancelled(state: RoutardState, e: ev.SaleCancelled) -> None:
    _pop(state, SaleMenu)


def _lot_offered(state: RoutardState, e: ev.LotOffered) -> None:
    _pop(state, SaleMenu)
    seller, floor = e.seller, e.floor  # an event's field is a dictionary lookup: each read once
    state.narrowed.pop(seller, None)
    mode = state.table.auction_mode
    bidders = () if mode == "bank_only" else tuple(
        s for s in others(state, seller) if state.players[s].travelling and state.players[s].money >= floor)
    auction = Auction(seller, e.lot, e.card, e.count, floor, bidders)
    if mode == "sealed_first_price":
        auction = auction.but(bids=(None,) * state.count)
    elif mode == "ascending":
        auction = auction.but(active=bidders, to_bid=bidders[0] if bidders else BANK)
    state.auction = auction
    state.agenda.append(AuctionTask(e.seller))


def _bid_sealed(state: RoutardState, e: ev.BidSealed) -> None:
    auction, seat, amount = state.auction, e.seat, e.amount
    assert auction is not None and amount is not None
    state.narrowed.pop(seat, None)
    bids = list(auction.bids)
    bids[seat] = amount
    state.auction = auction.but(bids=tuple(bids))


def _next_bidder(auction: Auction, after: int, count: int) -> int:
    """Ascending: the next bidder still in, clockwise after `after`, who is not the standing high bidder."""
    for step in range(1, count + 1):
        seat = (after + step) % count
        if seat in auction.active and seat != auction.high:
            return seat
    return BANK


def _narrowed(state: RoutardState, e: ev.AmountNarrowed) -> None:
    """The decision stays open (no task is done): the seat's next options are the amounts of its bracket."""
    assert e.low is not None and e.high is not None
    state.narrowed[e.seat] = (*state.narrowed.get(e.seat, ()), (e.low, e.high))


def _raised(state: RoutardState, e: ev.AuctionRaised) -> None:
    assert state.auction is not None
    auction = state.auction.but(price=e.price, high=e.seat)
    state.auction = auction.but(to_bid=_next_bidder(auction, e.seat, state.count))


def _dropped(state: RoutardState, e: ev.AuctionDropped) -> None:
    assert state.auction is not None
    active = tuple(s for s in state.auction.active if s != e.seat)
    auction = state.auction.but(active=active)
    state.auction = auction.but(to_bid=_next_bidder(auction, e.seat, state.count))


def _settled(state: RoutardState, e: ev.AuctionSettled) -> None:
    _pop(state, AuctionTask)
    lot, seller, buyer, price = e.lot, e.seller, e.buyer, e.price  # an event's field is a dictionary lookup
    if lot == "achat":
        _remove_card(state, seller, "achat", e.card)
    else:
        _gain(state, seller, lot, -e.count)
    receive(state, seller, price)
    if buyer == BANK:
        if lot == "achat":
            state.discard["achat"] += (e.card,)
    else:
        state.players[buyer].money -= price
        if lot == "achat":
            state.players[buyer].achat += (e.card,)
            state.agenda.append(ArrivalCheck(buyer))
        else:
            _gain(state, buyer, lot, e.count)
    state.auction = None


_HANDLERS: Final[dict[type[GameEvent], Callable[[RoutardState, Any], None]]] = {  # each takes its key's events
    ev.Dealt: _dealt,
    ev.DeckReshuffled: _reshuffled,
    ev.TurnEnded: _turn_ended,
    ev.GameCapped: _capped,
    ev.GameWon: _won,
    ev.SheetRolled: _sheet_rolled,
    ev.SheetBought: _sheet_bought,
    ev.SheetPassed: _sheet_passed,
    ev.Departed: _departed,
    ev.InstructionTaken: _instruction_taken,
    ev.InstructionQueued: _instruction_queued,
    ev.Moved: _moved,
    ev.Paid: _paid,
    ev.MoneyGained: _money_gained,
    ev.ChequesGained: _cheques_gained,
    ev.ChequesLost: _cheques_lost,
    ev.ChequesTransferred: _cheques_transferred,
    ev.ChequesBought: _cheques_bought,
    ev.HotelPaid: _hotel_paid,
    ev.AssistanceCheques: _assistance_cheques,
    ev.ItemBought: _item_bought,
    ev.ItemGained: _item_gained,
    ev.ItemLost: _item_lost,
    ev.CardDrawn: _card_drawn,
    ev.DeckEmpty: _deck_empty,
    ev.CardKept: _card_kept,
    ev.CardReturned: _card_returned,
    ev.AchatBought: _achat_bought,
    ev.AchatFailed: _achat_failed,
    ev.CollectionCardLost: _collection_card_lost,
    ev.DieRolled: _die_rolled,
    ev.TargetChosen: _target_chosen,
    ev.NothingHappens: _nothing,
    ev.IllegalPlayDecided: _illegal_play,
    ev.ShopClosed: _shop_closed,
    ev.SaleOpened: _sale_opened,
    ev.SaleCancelled: _sale_cancelled,
    ev.LotOffered: _lot_offered,
    ev.BidSealed: _bid_sealed,
    ev.AmountNarrowed: _narrowed,
    ev.AuctionRaised: _raised,
    ev.AuctionDropped: _dropped,
    ev.AuctionSettled: _settled,
}


# --- settle: bookkeeping tasks that need no event ----------------------------------------------------


def settle(state: RoutardState) -> None:
    """Expand bookkeeping tasks until the top is a decision or an active step. An `if` chain on the task's type,
    as automatic.step's: native calls, where a table called each through Python's convention."""
    agenda = state.agenda
    while agenda and not state.over:
        task = agenda[-1]
        if type(task) is Start:
            expanded = _start(state, task)
        elif type(task) is ArrivalCheck:
            expanded = _arrival_check(state, task)
        elif type(task) is Play:
            expanded = _play(state, task)
        elif type(task) is HotelPay:
            expanded = _hotel_pay(state, task)
        elif type(task) is Resolve:
            expanded = _resolve(state, task)
        else:
            return
        if not expanded:
            return


def _start(state: RoutardState, task: Start) -> bool:
    player = state.players[task.seat]
    if player.instructions:
        return False  # taken by an event (R30)
    state.agenda.pop()
    if player.travelling:
        state.window_tickets = 0
        state.agenda.append(Act(task.seat))
    else:
        state.agenda.append(Prep(task.seat))
    return True


def _arrival_check(state: RoutardState, task: ArrivalCheck) -> bool:
    if qualifiers(state):
        return False
    state.agenda.pop()
    return True


def _hotel_pay(state: RoutardState, task: HotelPay) -> bool:
    if not task.job_assistance or state.players[task.seat].cheques >= task.due:
        return False
    state.agenda[-1] = ChequeTopUp(task.seat, task.due, job_assistance=True)
    return True


def _play(state: RoutardState, task: Play) -> bool:
    """S5: the space the player stands on calls for its card, its shop or nothing (§5.8)."""
    seat = task.seat
    space = state.table.space_types[state.players[seat].pos]
    agenda = state.agenda
    agenda.pop()
    if space == "aeroport":
        state.window_tickets = 0
        agenda.append(Shop(seat))
    elif space in ("chance", "poste_restante"):
        window, draw = ChequeWindow(seat), Draw(seat, space)
        before = state.table.cheque_purchase_timing == "before_card"
        agenda.extend((draw, window) if before else (window, draw))
    elif may_play(state, seat, space):
        agenda.append(Draw(seat, space))
    elif state.table.illegal_play == "fined":
        agenda.append(IllegalOffer(seat, space))
    else:
        needed = state.table.space_requires[space]
        agenda.append(Unplayable(seat, f"cannot play {space} without {needed}"))
    return True


def _resolve(state: RoutardState, task: Resolve) -> bool:
    effect, seat, agenda = task.effect, task.seat, state.agenda
    kind = effect.kind
    replacement: list[Task]
    if kind == "lose_money":
        replacement = [Charge(seat, effect.amount or 0, BANK, "card")]
    elif kind == "lose_money_per_card":
        held = len(state.players[seat].collection(effect.deck or "achat"))
        replacement = [Charge(seat, (effect.amount or 0) * held, BANK, "card")]
    elif kind == "lose_collection_card":
        replacement = [LoseCard(seat, effect.deck or "achat")]
    elif kind == "replay":
        replacement = [Replay(seat, task.alone)]
    elif kind == "if_has":
        branch = effect.then if has(state, seat, effect.item or "") else effect.else_
        agenda.pop()
        _push_effects(state, seat, branch or (), task.deck, task.card, alone=task.alone)
        return True
    elif kind in ("transfer_money", "transfer_cheques", "target_player"):
        return _counterpart(state, task)
    else:
        return False
    agenda[-1] = replacement[0]
    return True


def _counterpart(state: RoutardState, task: Resolve) -> bool:
    """Effects on other players (R33): pick them, then apply the effect per player."""
    effect, seat, agenda = task.effect, task.seat, state.agenda
    if task.target >= 0:
        if effect.kind == "transfer_money":
            payer, creditor = (seat, task.target) if effect.direction == "pay" else (task.target, seat)
            agenda[-1] = Charge(payer, effect.amount or 0, creditor, "card")
            return True
        if effect.kind == "target_player":
            agenda.pop()
            _push_effects(state, task.target, effect.effects or (), task.deck, task.card, alone=True)
            return True
        return False  # transfer_cheques: an event moves them
    candidates = others(state, seat)
    if effect.counterpart == "left":
        candidates = candidates[:1]
    if not candidates:
        return False  # nobody to deal with: an event says so
    if effect.counterpart == "choice":
        agenda[-1] = TargetChoice(seat, effect, task.deck, task.card)
    else:
        agenda.pop()
        agenda.extend(Resolve(seat, effect, task.deck, task.card, task.alone, other)
                      for other in reversed(candidates))
    return True

