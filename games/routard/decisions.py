"""What a command decides: it is checked against the options and a refusal explained in words, then
turned into its event (rolling the die for a sheet line or a drive); the kernel then plays on by itself
until someone must decide again."""

from __future__ import annotations

import random

from core.kernel import Command, GameEvent, IllegalCommand
from games.routard import commands as cmd
from games.routard import events as ev
from games.routard.automatic import play_on, roll
from games.routard.data import ELEMENTS
from games.routard.evolve import evolve
from games.routard.legal import next_raise, options, waiting
from games.routard.queries import (
    assistance_passengers,
    group_of,
    is_driver,
    move_cost,
    nearest_job_behind,
    riders,
)
from games.routard.state import RoutardState
from games.routard.tasks import (
    Act,
    AuctionTask,
    Charge,
    ChequeTopUp,
    ChequeWindow,
    IllegalOffer,
    LoseCard,
    Prep,
    Purchase,
    Replay,
    SaleMenu,
    SheetOutcome,
    Shop,
    TargetChoice,
    Task,
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
    expected = waiting(state)
    if seat not in expected:
        if not expected:
            raise IllegalCommand("the game is over")
        raise IllegalCommand(f"it is not seat {seat}'s decision (waiting for seat {', '.join(map(str, expected))})")
    legal = options(state, seat)
    if command not in legal:
        raise IllegalCommand(_refusal(state, seat, command, legal))
    return _event(state, seat, command, rng)


def _event(state: RoutardState, seat: int, command: Command, rng: random.Random) -> GameEvent:
    player = state.players[seat]
    task = state.agenda[-1]
    match command:
        case cmd.ChooseLine(line):
            return ev.SheetRolled(seat, line, roll(state, rng))
        case cmd.Depart():
            return ev.Departed(seat)
        case cmd.SheetOffer(accept):
            assert isinstance(task, SheetOutcome)
            outcome = state.data.prep_sheet.outcomes[task.line][str(task.roll)]
            offered, price = outcome.item or "", outcome.price or 0
            if accept:
                return ev.SheetBought(seat, offered, outcome.qty or 1, price)
            return ev.SheetPassed(seat, offered, price, declined=True)
        case cmd.OpenSale():
            return ev.sale_opened(seat)
        case cmd.CancelSale():
            return ev.SaleCancelled(seat)
        case cmd.Sell(lot, card, count):
            return ev.lot_offered(seat, lot, card, count, state.data.resale(lot, card, count))
        case cmd.StopSelling():
            if isinstance(task, Charge):
                return ev.Paid(seat, task.creditor, player.money, task.amount, task.reason)
            assert isinstance(task, Purchase)
            return ev.AchatFailed(seat, task.card, task.price)
        case cmd.BuyTicket():
            return ev.ItemBought(seat, "billet_avion", state.data.ticket_price(player.pos))
        case cmd.BuyElement(item):
            assert item in ELEMENTS  # the options offer elements only
            return ev.ItemBought(seat, item, state.data.constants.airport_element_price[item])
        case cmd.CloseShop():
            return ev.ShopClosed(seat)
        case cmd.BuyCheques(count):
            price = count * state.data.constants.cheque_price
            if isinstance(task, ChequeWindow):
                return ev.cheques_bought(seat, count, price)
            assert isinstance(task, ChequeTopUp)
            return ev.assistance_cheques(seat, count, price, min(task.due, player.cheques + count), task.due)
        case cmd.ChooseTarget(target):
            return ev.TargetChosen(seat, target)
        case cmd.ChooseLostCard(deck, card):
            return ev.CollectionCardLost(seat, deck, card)
        case cmd.Bid(amount):
            return ev.bid_sealed(seat, amount)
        case cmd.PassBid():
            return ev.bid_sealed(seat, 0)
        case cmd.Narrow(low, high):
            return ev.AmountNarrowed(seat, low, high)
        case cmd.Raise():
            return ev.AuctionRaised(seat, next_raise(state))
        case cmd.Drop():
            return ev.AuctionDropped(seat)
        case cmd.PlayAnyway(play):
            assert isinstance(task, IllegalOffer)
            return ev.IllegalPlayDecided(seat, task.deck, play)
    return _movement_event(state, seat, command, rng)


def _movement_event(state: RoutardState, seat: int, command: Command, rng: random.Random) -> GameEvent:
    player, task = state.players[seat], state.agenda[-1]
    pos, arrival = player.pos, state.arrival
    match command:
        case cmd.Walk(spaces):
            return ev.moved(seat, "walk", pos, pos + spaces, (), move_cost(state, spaces))
        case cmd.Fly():
            return ev.moved(seat, "fly", pos, state.data.next_airport[pos])
        case cmd.FlyBack():
            return ev.moved(seat, "fly_back", pos, state.data.previous_airport_of_arrival)
        case cmd.Drive():
            pips = roll(state, rng)
            distance = min(pips, arrival - pos)
            return ev.moved(seat, "drive", pos, pos + distance, group_of(state, seat), move_cost(state, distance), pips)
        case cmd.MoveForced():
            assert isinstance(task, Act)
            distance = min(task.forced, arrival - pos)
            passengers = group_of(state, seat) if is_driver(state, seat) else ()
            return ev.moved(seat, "forced", pos, pos + distance, passengers, move_cost(state, distance))
        case cmd.JobAssistance():
            to = nearest_job_behind(state, seat)
            return ev.moved(seat, "job_assistance", pos, to, assistance_passengers(state, seat))
        case cmd.ReplayWalk(spaces):
            assert isinstance(task, Replay)
            cost = move_cost(state, spaces) if state.config.replay_pays_move else 0
            passengers = () if task.alone else riders(state, seat)
            return ev.moved(seat, "replay", pos, pos + spaces, passengers, cost)
    raise AssertionError(f"unhandled command {command!r}")


def _refusal(state: RoutardState, seat: int, command: Command, legal: list[Command]) -> str:
    """Why a command is refused, in words a player (or a model) can act on."""
    kinds = sorted({type(c).__name__ for c in legal})
    name = type(command).__name__
    task = state.agenda[-1]
    if name in kinds:
        shown = [c for c in legal if type(c) is type(command)]
        sample = ", ".join(map(repr, shown[:8])) + (", ..." if len(shown) > 8 else "")
        return f"{command!r} is not allowed here; allowed {name} commands: {sample}"
    return f"{name} is not allowed now ({_situation(task)}); allowed: {', '.join(kinds)}"


def _situation(task: Task) -> str:
    return {
        Prep: "choose a sheet line or depart",
        SheetOutcome: "take or leave the sheet's offer",
        Act: "sell, shop on an airport, then move",
        Charge: "raise funds for a payment, or stop selling",
        Purchase: "raise funds for an achat card, or stop selling",
        ChequeTopUp: "buy the missing hotel cheques",
        ChequeWindow: "buy hotel cheques (0 or more)",
        Shop: "buy at the airport or close the shop",
        TargetChoice: "choose the player the card applies to",
        LoseCard: "choose the card you lose",
        Replay: "choose how far the card lets you walk",
        IllegalOffer: "play the space anyway or not",
        AuctionTask: "bid on the lot or pass",
        SaleMenu: "choose the lot to auction, or cancel",
    }.get(type(task), "wait")
