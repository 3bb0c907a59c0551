"""The steps the game takes by itself: the deal, and the one event the kernel makes for the agenda's top
task when nobody has to decide (`step`), made until someone must decide (`play_on`).

Dice and shuffles are drawn here, from the `rng` handed to `decide`, and written into the events.
"""

from __future__ import annotations

import random

from meeplog.core.draws import randint, shuffle
from meeplog.core.kernel import GameEvent
from meeplog.games.routard import events as ev
from meeplog.games.routard.data import DECKS
from meeplog.games.routard.evolve import evolve
from meeplog.games.routard.legal import waiting
from meeplog.games.routard.queries import (
    assistance_passengers,
    has,
    hotel_assistance_space,
    qualifiers,
    riders,
)
from meeplog.games.routard.shared_events import (
    achat_bought,
    auction_settled,
    card_drawn,
    card_kept,
    die_rolled,
    hotel_paid,
    money_gained,
    moved,
    paid,
    turn_ended,
)
from meeplog.games.routard.state import BANK, RoutardState
from meeplog.games.routard.tasks import (
    ArrivalCheck,
    AuctionTask,
    Capped,
    Charge,
    Draw,
    FormalitesLoss,
    HotelPay,
    LoseCard,
    Purchase,
    Regain,
    Replay,
    Resolve,
    SheetOutcome,
    Start,
    TurnEnd,
    Unplayable,
)


def roll(state: RoutardState, rng: random.Random) -> int:
    return randint(rng, 1, state.table.die_sides)


def step(state: RoutardState, rng: random.Random) -> GameEvent:
    """The one event for the agenda's top task. An `if` chain on the task's type, the most frequent first: tasks
    are compiled classes, so a test is a pointer comparison and the call a native one, where a table of
    functions called each through Python's convention (about 150 instructions a step)."""
    task = state.agenda[-1]
    if type(task) is Draw:
        return _draw(state, task, rng)
    if type(task) is TurnEnd:
        return _turn_end(state, task, rng)
    if type(task) is HotelPay:
        return _hotel_pay(state, task, rng)
    if type(task) is Resolve:
        return _resolve(state, task, rng)
    if type(task) is AuctionTask:
        return _auction(state, task, rng)
    if type(task) is Charge:
        return _charge(state, task, rng)
    if type(task) is Purchase:
        return _purchase(state, task, rng)
    if type(task) is Start:
        return _start(state, task, rng)
    if type(task) is SheetOutcome:
        return _sheet_outcome(state, task, rng)
    if type(task) is ArrivalCheck:
        return _arrival_check(state, task, rng)
    if type(task) is Unplayable:
        return _unplayable(state, task, rng)
    if type(task) is LoseCard:
        return _lose_card(state, task, rng)
    if type(task) is Replay:
        return _replay(state, task, rng)
    if type(task) is FormalitesLoss:
        return _formalites_loss(state, task, rng)
    if type(task) is Regain:
        return _regain(state, task, rng)
    if type(task) is Capped:
        return _capped(state, task, rng)
    raise TypeError(f"no step for {task!r}")


def _turn_end(state: RoutardState, task: TurnEnd, rng: random.Random) -> GameEvent:
    following = (task.seat + 1) % state.count
    return turn_ended(task.seat, following, state.round + (following == state.first_player))


def _capped(state: RoutardState, task: Capped, rng: random.Random) -> GameEvent:
    return ev.GameCapped(state.table.max_rounds)


def _arrival_check(state: RoutardState, task: ArrivalCheck, rng: random.Random) -> GameEvent:
    """Most cash wins among those who qualify together (R49)."""
    qualified = qualifiers(state)
    best = max(state.players[s].money for s in qualified)
    richest = [s for s in qualified if state.players[s].money == best]
    if state.config.final_tie == "active_first" and len(richest) > 1:
        richest = [min(richest, key=lambda s: (s - state.turn) % state.count)]
    return ev.GameWon(qualified, tuple(richest))


def _start(state: RoutardState, task: Start, rng: random.Random) -> GameEvent:
    kind, spaces = state.players[task.seat].instructions[0]
    return ev.InstructionTaken(task.seat, kind, spaces)


def _sheet_outcome(state: RoutardState, task: SheetOutcome, rng: random.Random) -> GameEvent:
    outcome = state.data.prep_sheet.outcomes[task.line][str(task.roll)]
    if outcome.kind == "gain_money":
        return money_gained(task.seat, outcome.amount or 0)
    item, price = outcome.item or "", outcome.price or 0
    if state.players[task.seat].money >= price:
        return ev.SheetBought(task.seat, item, outcome.qty or 1, price)
    return ev.SheetPassed(task.seat, item, price, declined=False)


def _charge(state: RoutardState, task: Charge, rng: random.Random) -> GameEvent:
    payable = min(task.amount, state.players[task.seat].money)
    return paid(task.seat, task.creditor, payable, task.amount, task.reason)


def _auction(state: RoutardState, task: AuctionTask, rng: random.Random) -> GameEvent:
    """Settle: the best sealed bid (ties: first clockwise from the seller) or the ascending winner; else the bank."""
    auction = state.auction
    assert auction is not None
    buyer, price = BANK, auction.floor
    if state.table.auction_mode == "sealed_first_price":
        best = 0
        for seat in auction.bidders:  # clockwise from the seller: the first of the best bids wins
            amount = auction.bids[seat] or 0
            if amount > best:
                buyer, best = seat, amount
        if best > 0:
            price = best
    elif auction.high != BANK:
        buyer, price = auction.high, auction.price
    return auction_settled(auction.seller, auction.lot, auction.card, auction.quantity, buyer, price)


def _draw(state: RoutardState, task: Draw, rng: random.Random) -> GameEvent:
    pile = state.draw[task.deck]
    if pile:
        return card_drawn(task.seat, task.deck, pile[-1])
    discarded = list(state.discard[task.deck])
    if not discarded:
        return ev.DeckEmpty(task.seat, task.deck)
    shuffle(rng, discarded)
    return ev.DeckReshuffled(task.deck, tuple(discarded))


def _hotel_pay(state: RoutardState, task: HotelPay, rng: random.Random) -> GameEvent:
    if state.players[task.seat].cheques >= task.due:
        return hotel_paid(task.seat, task.due)
    frm = state.players[task.seat].pos
    to = hotel_assistance_space(state, task.seat)
    return moved(task.seat, "hotel_assistance", frm, to, assistance_passengers(state, task.seat))


def _purchase(state: RoutardState, task: Purchase, rng: random.Random) -> GameEvent:
    if state.players[task.seat].money >= task.price:
        return achat_bought(task.seat, task.card, task.price)
    return ev.AchatFailed(task.seat, task.card, task.price)


def _unplayable(state: RoutardState, task: Unplayable, rng: random.Random) -> GameEvent:
    return ev.NothingHappens(task.seat, task.reason)


def _lose_card(state: RoutardState, task: LoseCard, rng: random.Random) -> GameEvent:
    cards = state.players[task.seat].collection(task.deck)
    if not cards:
        return ev.NothingHappens(task.seat, f"has no {task.deck} card to lose")
    return ev.CollectionCardLost(task.seat, task.deck, cards[0])


def _replay(state: RoutardState, task: Replay, rng: random.Random) -> GameEvent:
    return ev.NothingHappens(task.seat, "cannot move on")


def _formalites_loss(state: RoutardState, task: FormalitesLoss, rng: random.Random) -> GameEvent:
    pos = state.players[task.seat].pos
    to = state.data.airport_at_or_behind[pos]
    return moved(task.seat, "formalites", pos, to, assistance_passengers(state, task.seat))


def _regain(state: RoutardState, task: Regain, rng: random.Random) -> GameEvent:
    return ev.ItemGained(task.seat, task.item)


def _resolve(state: RoutardState, task: Resolve, rng: random.Random) -> GameEvent:
    effect, seat = task.effect, task.seat
    player = state.players[seat]
    kind = effect.kind
    if kind == "gain_money":
        return money_gained(seat, effect.amount or 0)
    if kind == "gain_money_per_pip":
        pips = roll(state, rng)
        return money_gained(seat, (effect.per_pip or 0) * pips, pips)
    if kind == "gain_cheques":
        return ev.ChequesGained(seat, effect.count or 0)
    if kind == "lose_cheques":
        return ev.ChequesLost(seat, min(effect.count or 0, player.cheques))
    if kind == "gain_item":
        return ev.ItemGained(seat, effect.item or "")
    if kind == "lose_item":
        return ev.ItemLost(seat, effect.item or "", has(state, seat, effect.item or ""))
    if kind == "move":
        return _card_move(state, task)
    if kind == "skip_next_turn":
        return ev.InstructionQueued(seat, "skip", 0)
    if kind == "next_turn_forced_move":
        return ev.InstructionQueued(seat, "forced", effect.spaces or 0)
    if kind == "die":
        return die_rolled(seat, roll(state, rng))
    if kind == "keep_card":
        return card_kept(seat, task.deck, task.card)
    if kind == "return_card":
        return ev.CardReturned(seat, task.deck, task.card)
    if kind == "transfer_cheques" and task.target >= 0:
        giver, receiver = (seat, task.target) if effect.direction == "pay" else (task.target, seat)
        return ev.ChequesTransferred(giver, receiver, min(effect.count or 0, state.players[giver].cheques))
    if kind in ("transfer_money", "transfer_cheques", "target_player"):
        return ev.NothingHappens(seat, "no other player to deal with")
    raise ValueError(f"effect kind {kind!r} has no step")


def _card_move(state: RoutardState, task: Resolve) -> GameEvent:
    """`move ±n`: clamped to the board, costs nothing, plays nothing (R31); passengers per R29."""
    seat, player = task.seat, state.players[task.seat]
    if not player.travelling:
        return ev.NothingHappens(seat, "is not on the track")
    to = min(max(player.pos + (task.effect.spaces or 0), 0), state.arrival)
    if state.table.formalites_loss == "stranded" and player.elements["formalites"] == 0:
        to = min(to, player.pos)  # without formalités he cannot advance (R37, stranded)
    passengers = () if task.alone else riders(state, seat)
    return moved(seat, "target" if task.alone else "card", player.pos, to, passengers)


def deal(state: RoutardState, rng: random.Random) -> ev.Dealt:
    """The first player and the order of every deck, shuffled."""
    orders = []
    for deck in DECKS:
        order = list(range(len(state.table.deck_cards[deck])))
        shuffle(rng, order)
        orders.append(tuple(order))
    return ev.Dealt(rng.randrange(state.count), tuple(orders))


def play_on(state: RoutardState, rng: random.Random) -> list[GameEvent]:
    """Make and fold the kernel's own events until someone must decide or the game is over."""
    made: list[GameEvent] = []
    while not state.over and not waiting(state):
        event = step(state, rng)
        evolve(state, event)
        made.append(event)
    return made
