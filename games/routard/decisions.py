"""What a command decides: it is checked against the options and a refusal explained in words, then
turned into its event (rolling the die for a sheet line or a drive); the kernel then plays on by itself
until someone must decide again."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from meeplog.core.kernel import Command, GameEvent, IllegalCommand
from meeplog.games.routard import commands as cmd
from meeplog.games.routard import events as ev
from meeplog.games.routard.automatic import play_on, roll
from meeplog.games.routard.data import ELEMENTS
from meeplog.games.routard.evolve import evolve
from meeplog.games.routard.legal import next_raise, offered, options, waiting
from meeplog.games.routard.narration import task_words
from meeplog.games.routard.queries import (
    assistance_passengers,
    group_of,
    is_driver,
    move_cost,
    nearest_job_behind,
    riders,
)
from meeplog.games.routard.shared_events import (
    assistance_cheques,
    bid_sealed,
    cheques_bought,
    item_bought,
    lot_offered,
    moved,
    paid,
    sale_cancelled,
    sale_opened,
    shop_closed,
)
from meeplog.games.routard.state import RoutardState
from meeplog.games.routard.tasks import (
    Act,
    Charge,
    ChequeTopUp,
    ChequeWindow,
    IllegalOffer,
    Purchase,
    Replay,
    SheetOutcome,
)


def decide(state: RoutardState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
    """The command's event, then the kernel's own events until someone must decide again: `apply` on a
    scratch copy, so that the events replay exactly."""
    return apply(state.clone(), seat, command, rng)


def apply(state: RoutardState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
    """What decide and then evolve do, in one pass: each event is folded into `state` as it is made, so the
    scratch copy and the second fold are spared (Rules.apply, for playouts, searches and the Game)."""
    event = _command_event(state, seat, command, rng)
    evolve(state, event)
    return [event, *play_on(state, rng)]


def _command_event(state: RoutardState, seat: int, command: Command, rng: random.Random) -> GameEvent:
    """The event of a command, once it is checked against the options (IllegalCommand in words if not)."""
    if not offered(state, seat, command):
        raise IllegalCommand(_refusal(state, seat, command))
    return _EVENT_OF[type(command)](state, seat, command, rng)


# --- each command's event, by its type (a chain of class patterns would cost a lookup and an isinstance for
# each case before the one that matches, on every command) -------------------------------------------------


def _sheet_rolled(state: RoutardState, seat: int, command: cmd.ChooseLine, rng: random.Random) -> GameEvent:
    return ev.SheetRolled(seat, command.line, roll(state, rng))


def _departed(state: RoutardState, seat: int, command: cmd.Depart, rng: random.Random) -> GameEvent:
    return ev.Departed(seat)


def _sheet_answered(state: RoutardState, seat: int, command: cmd.SheetOffer, rng: random.Random) -> GameEvent:
    task = state.agenda[-1]
    assert isinstance(task, SheetOutcome)
    outcome = state.data.prep_sheet.outcomes[task.line][str(task.roll)]
    item, price = outcome.item or "", outcome.price or 0
    if command.accept:
        return ev.SheetBought(seat, item, outcome.qty or 1, price)
    return ev.SheetPassed(seat, item, price, declined=True)


def _sale_opened(state: RoutardState, seat: int, command: cmd.OpenSale, rng: random.Random) -> GameEvent:
    return sale_opened(seat)


def _sale_cancelled(state: RoutardState, seat: int, command: cmd.CancelSale, rng: random.Random) -> GameEvent:
    return sale_cancelled(seat)


def _lot_offered(state: RoutardState, seat: int, command: cmd.Sell, rng: random.Random) -> GameEvent:
    lot, card, count = command.lot, command.card, command.count
    return lot_offered(seat, lot, card, count, state.table.resale(lot, card, count))


def _stopped_selling(state: RoutardState, seat: int, command: cmd.StopSelling, rng: random.Random) -> GameEvent:
    task = state.agenda[-1]
    if isinstance(task, Charge):
        return paid(seat, task.creditor, state.players[seat].money, task.amount, task.reason)
    assert isinstance(task, Purchase)
    return ev.AchatFailed(seat, task.card, task.price)


def _ticket_bought(state: RoutardState, seat: int, command: cmd.BuyTicket, rng: random.Random) -> GameEvent:
    return item_bought(seat, "billet_avion", state.table.ticket_price(state.players[seat].pos))


def _element_bought(state: RoutardState, seat: int, command: cmd.BuyElement, rng: random.Random) -> GameEvent:
    assert command.item in ELEMENTS  # the options offer elements only
    return item_bought(seat, command.item, state.table.airport_element_price[command.item])


def _shop_closed(state: RoutardState, seat: int, command: cmd.CloseShop, rng: random.Random) -> GameEvent:
    return shop_closed(seat)


def _cheques_bought(state: RoutardState, seat: int, command: cmd.BuyCheques, rng: random.Random) -> GameEvent:
    count, task = command.count, state.agenda[-1]
    price = count * state.table.cheque_price
    if isinstance(task, ChequeWindow):
        return cheques_bought(seat, count, price)
    assert isinstance(task, ChequeTopUp)
    return assistance_cheques(seat, count, price, min(task.due, state.players[seat].cheques + count), task.due)


def _target_chosen(state: RoutardState, seat: int, command: cmd.ChooseTarget, rng: random.Random) -> GameEvent:
    return ev.TargetChosen(seat, command.target)


def _card_lost(state: RoutardState, seat: int, command: cmd.ChooseLostCard, rng: random.Random) -> GameEvent:
    return ev.CollectionCardLost(seat, command.deck, command.card)


def _bid_sealed(state: RoutardState, seat: int, command: cmd.Bid, rng: random.Random) -> GameEvent:
    return bid_sealed(seat, command.amount)


def _bid_passed(state: RoutardState, seat: int, command: cmd.PassBid, rng: random.Random) -> GameEvent:
    return bid_sealed(seat, 0)


def _narrowed(state: RoutardState, seat: int, command: cmd.Narrow, rng: random.Random) -> GameEvent:
    return ev.AmountNarrowed(seat, command.low, command.high)


def _raised(state: RoutardState, seat: int, command: cmd.Raise, rng: random.Random) -> GameEvent:
    return ev.AuctionRaised(seat, next_raise(state))


def _dropped(state: RoutardState, seat: int, command: cmd.Drop, rng: random.Random) -> GameEvent:
    return ev.AuctionDropped(seat)


def _illegal_play(state: RoutardState, seat: int, command: cmd.PlayAnyway, rng: random.Random) -> GameEvent:
    task = state.agenda[-1]
    assert isinstance(task, IllegalOffer)
    return ev.IllegalPlayDecided(seat, task.deck, command.play)


# --- movements ---------------------------------------------------------------------------------------------


def _walked(state: RoutardState, seat: int, command: cmd.Walk, rng: random.Random) -> GameEvent:
    pos = state.players[seat].pos
    return moved(seat, "walk", pos, pos + command.spaces, (), move_cost(state, command.spaces))


def _flown(state: RoutardState, seat: int, command: cmd.Fly, rng: random.Random) -> GameEvent:
    pos = state.players[seat].pos
    return moved(seat, "fly", pos, state.data.next_airport[pos])


def _flown_back(state: RoutardState, seat: int, command: cmd.FlyBack, rng: random.Random) -> GameEvent:
    return moved(seat, "fly_back", state.players[seat].pos, state.data.previous_airport_of_arrival)


def _driven(state: RoutardState, seat: int, command: cmd.Drive, rng: random.Random) -> GameEvent:
    pos, pips = state.players[seat].pos, roll(state, rng)
    distance = min(pips, state.arrival - pos)
    return moved(seat, "drive", pos, pos + distance, group_of(state, seat), move_cost(state, distance), pips)


def _moved_forced(state: RoutardState, seat: int, command: cmd.MoveForced, rng: random.Random) -> GameEvent:
    task, pos = state.agenda[-1], state.players[seat].pos
    assert isinstance(task, Act)
    distance = min(task.forced, state.arrival - pos)
    passengers = group_of(state, seat) if is_driver(state, seat) else ()
    return moved(seat, "forced", pos, pos + distance, passengers, move_cost(state, distance))


def _assisted(state: RoutardState, seat: int, command: cmd.JobAssistance, rng: random.Random) -> GameEvent:
    pos, to = state.players[seat].pos, nearest_job_behind(state, seat)
    return moved(seat, "job_assistance", pos, to, assistance_passengers(state, seat))


def _replayed(state: RoutardState, seat: int, command: cmd.ReplayWalk, rng: random.Random) -> GameEvent:
    task, pos, spaces = state.agenda[-1], state.players[seat].pos, command.spaces
    assert isinstance(task, Replay)
    cost = move_cost(state, spaces) if state.config.replay_pays_move else 0
    passengers = () if task.alone else riders(state, seat)
    return moved(seat, "replay", pos, pos + spaces, passengers, cost)


_EVENT_OF: Final[dict[type[Command], Callable[[RoutardState, int, Any, random.Random], GameEvent]]] = {
    cmd.ChooseLine: _sheet_rolled,
    cmd.Depart: _departed,
    cmd.SheetOffer: _sheet_answered,
    cmd.OpenSale: _sale_opened,
    cmd.CancelSale: _sale_cancelled,
    cmd.Sell: _lot_offered,
    cmd.StopSelling: _stopped_selling,
    cmd.BuyTicket: _ticket_bought,
    cmd.BuyElement: _element_bought,
    cmd.CloseShop: _shop_closed,
    cmd.BuyCheques: _cheques_bought,
    cmd.ChooseTarget: _target_chosen,
    cmd.ChooseLostCard: _card_lost,
    cmd.Bid: _bid_sealed,
    cmd.PassBid: _bid_passed,
    cmd.Narrow: _narrowed,
    cmd.Raise: _raised,
    cmd.Drop: _dropped,
    cmd.PlayAnyway: _illegal_play,
    cmd.Walk: _walked,
    cmd.Fly: _flown,
    cmd.FlyBack: _flown_back,
    cmd.Drive: _driven,
    cmd.MoveForced: _moved_forced,
    cmd.JobAssistance: _assisted,
    cmd.ReplayWalk: _replayed,
}


def _refusal(state: RoutardState, seat: int, command: Command) -> str:
    """Why a command is refused, in words a player (or a model) can act on."""
    expected = waiting(state)
    if seat not in expected:
        if not expected:
            return "the game is over"
        return f"it is not seat {seat}'s decision (waiting for seat {', '.join(map(str, expected))})"
    legal = options(state, seat)
    kinds = sorted({type(c).__name__ for c in legal})
    name = type(command).__name__
    task = state.agenda[-1]
    if name in kinds:
        shown = [c for c in legal if type(c) is type(command)]
        sample = ", ".join(map(repr, shown[:8])) + (", ..." if len(shown) > 8 else "")
        return f"{command!r} is not allowed here; allowed {name} commands: {sample}"
    return f"{name} is not allowed now ({task_words(task)}); allowed: {', '.join(kinds)}"

