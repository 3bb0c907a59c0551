"""How the events and commands of Le Jeu du Routard read in a log (`meeplog log`, the prompts' feed)."""

from __future__ import annotations

from meeplog.core.kernel import Command, GameEvent
from meeplog.games.routard import commands as cmd
from meeplog.games.routard import events as ev
from meeplog.games.routard import tasks as tk
from meeplog.games.routard.state import BANK, RoutardState

ITEM_NAMES = {
    "formalites": "formalités",
    "guide": "guide du routard",
    "equipement": "équipement",
    "appareil_photo": "appareil photo",
    "billet_avion": "plane ticket",
    "cheques": "hotel cheques",
}


TASK_WORDS: dict[type[tk.Task], str] = {  # what the game waits for at each kind of decision, as a player says it
    tk.Prep: "choose a sheet line or depart",
    tk.SheetOutcome: "take or leave the sheet's offer",
    tk.Act: "sell, shop on an airport, then move",
    tk.Charge: "raise funds for a payment, or stop selling",
    tk.Purchase: "raise funds for an achat card, or stop selling",
    tk.ChequeTopUp: "buy the missing hotel cheques",
    tk.ChequeWindow: "buy hotel cheques (0 or more)",
    tk.Shop: "buy at the airport or close the shop",
    tk.TargetChoice: "choose the player the card applies to",
    tk.LoseCard: "choose the card you lose",
    tk.Replay: "choose how far the card lets you walk",
    tk.IllegalOffer: "play the space anyway or not",
    tk.AuctionTask: "bid on the lot or pass",
    tk.SaleMenu: "choose the lot to auction, or cancel",
}


def task_words(task: tk.Task) -> str:
    """What the game waits for from the task's seat, in words (never the task's class name)."""
    return TASK_WORDS.get(type(task), "wait")


def describe(state: RoutardState, item: GameEvent | Command) -> str:
    text = _describe_event(state, item) if isinstance(item, GameEvent) else _describe_command(state, item)
    return text or repr(item)


def who(seat: int) -> str:
    """A seat, or the bank, as a log names it."""
    return "the bank" if seat == BANK else f"seat {seat}"


def _seats(seats: tuple[int, ...]) -> str:
    return ", ".join(f"seat {s}" for s in seats)


def _lot(state: RoutardState, lot: str, card: int, count: int) -> str:
    if lot == "achat":
        info = state.data.decks.achat[card]
        return f"achat card {info.id} “{info.title}” ({info.price} €)"
    if lot == "cheques":
        return f"{count} hotel cheque{'s' if count > 1 else ''}"
    return f"a {ITEM_NAMES[lot]}"


def _card(state: RoutardState, deck: str, index: int) -> str:
    card = state.data.card(deck, index)
    extra = ""
    if deck == "hebergement":
        extra = f" ({card.cheques} cheque{'s' if card.cheques != 1 else ''})"  # type: ignore[union-attr]
    elif deck == "achat":
        extra = f" ({card.price} €)"  # type: ignore[union-attr]
    return f"{card.id} “{card.title}”{extra}"


def _space(state: RoutardState, index: int) -> str:
    return state.data.space_name(index)


_HOW = {
    "card": "a card moves {who}{group} from {frm} to {to}",
    "target": "another player's card moves {who} from {frm} to {to}",
    "job_assistance": "{who} takes Job Assistance{group}: back from {frm} to {to}",
    "hotel_assistance": "{who} is short of hotel cheques: Hotel Assistance sends him{group} from {frm} back to {to}",
    "formalites": "{who}, without formalités, is sent{group} from {frm} back to {to}",
    "fly": "{who} hands in a ticket and flies from {frm} to {to}",
    "fly_back": "{who} hands in a ticket and flies back from {frm} to {to}",
}


def _moved(state: RoutardState, e: ev.Moved) -> str:
    who, frm, to = f"seat {e.seat}", _space(state, e.frm), _space(state, e.to)
    group = f" with {_seats(e.passengers)} on board" if e.passengers else ""
    spaces = e.to - e.frm
    if e.how == "walk":
        return f"{who} walks {spaces} space{'s' if spaces > 1 else ''} from {frm} to {to}, paying {e.cost} €"
    if e.how == "replay":
        return f"{who} walks again, {spaces} space{'s' if spaces > 1 else ''}{group} from {frm} to {to}, " \
               f"paying {e.cost} €"
    if e.how == "drive":
        return f"{who} rolls {e.roll} and hitchhikes{group} from {frm} to {to} ({spaces} spaces, {e.cost} €)"
    if e.how == "forced":
        return f"{who} moves exactly {spaces} space{'s' if spaces != 1 else ''}{group} as a card ordered, " \
               f"from {frm} to {to} ({e.cost} €)"
    return _HOW[e.how].format(who=who, group=group, frm=frm, to=to)


def _kit(state: RoutardState) -> str:
    """What the deal gives every traveller: the express variant's kit, or nothing in the full game."""
    if not state.config.express:
        return "nothing"
    kit = state.data.constants.express_start
    items = ", ".join(ITEM_NAMES.get(item, item) for item in kit.items)
    return f"{kit.money} €, {kit.cheques} hotel cheques, {kit.billet_avion} plane ticket(s), {items}"


def _won(state: RoutardState, e: ev.GameWon) -> str:
    if len(e.qualified) == 1:
        return f"seat {e.winners[0]} stands on the arrival airport with every card needed and wins"
    money = ", ".join(f"seat {s}: {state.players[s].money} €" for s in e.qualified)
    return f"{_seats(e.qualified)} arrive together with every card ({money}); most cash wins: {_seats(e.winners)}"


def _paid(state: RoutardState, e: ev.Paid) -> str:
    rest = e.due - e.amount
    text = f"seat {e.payer} pays {e.amount} € to {who(e.creditor)} ({e.reason})"
    if rest:
        unpaid = "owes" if state.config.unpaid_charge == "debt" else "is broke: written off"
        text += f"; {unpaid} {rest} €"
    return text


def _settled(state: RoutardState, e: ev.AuctionSettled) -> str:
    lot = _lot(state, e.lot, e.card, e.count)
    if e.buyer == BANK:
        return f"nobody bids: the bank buys back {lot} from seat {e.seller} for {e.price} €"
    return f"seat {e.buyer} buys {lot} from seat {e.seller} for {e.price} €"


def _describe_event(state: RoutardState, e: GameEvent) -> str | None:
    match e:
        case ev.Dealt(first, _):
            return f"setup: every deck is shuffled; every traveller starts at home with {_kit(state)}; " \
                   f"seat {first} plays first"
        case ev.DeckReshuffled(deck, _):
            return f"the {deck} discard pile is shuffled into a new draw pile"
        case ev.TurnEnded(seat, following, number):
            return f"seat {seat}'s turn ends; seat {following} plays next (round {number})"
        case ev.GameCapped(rounds):
            return f"the safety cap of {rounds} rounds ends the game: nobody wins"
        case ev.GameWon():
            return _won(state, e)
        case ev.SheetRolled(seat, line, value):
            return f"seat {seat} announces the {line} line and rolls {value}"
        case ev.SheetBought(seat, item, qty, price):
            return f"seat {seat} buys {qty} x {ITEM_NAMES[item]} for {price} €"
        case ev.SheetPassed(seat, item, price, declined):
            why = "declines" if declined else "cannot afford"
            return f"seat {seat} {why} the {ITEM_NAMES[item]} at {price} €: the turn passes"
        case ev.Departed(seat):
            return f"seat {seat} departs: hands in a plane ticket and lands on {_space(state, 0)}"
        case ev.InstructionTaken(seat, kind, spaces):
            if kind == "skip":
                return f"seat {seat} skips this turn, as a card ordered"
            return f"seat {seat} must move exactly {spaces} space(s) this turn, as a card ordered"
        case ev.InstructionQueued(seat, kind, spaces):
            if kind == "skip":
                return f"seat {seat} will skip the next turn"
            return f"seat {seat} will move exactly {spaces} space(s) next turn"
        case ev.Moved():
            return _moved(state, e)
        case ev.Paid():
            return _paid(state, e)
        case ev.MoneyGained(seat, amount, pips):
            return f"seat {seat} receives {amount} €" + (f" (rolled {pips})" if pips else "")
        case ev.ChequesGained(seat, count):
            return f"seat {seat} receives {count} hotel cheque(s)"
        case ev.ChequesLost(seat, count):
            return f"seat {seat} loses {count} hotel cheque(s)"
        case ev.ChequesTransferred(giver, receiver, count):
            return f"seat {giver} gives {count} hotel cheque(s) to seat {receiver}"
        case ev.ChequesBought(seat, count, price):
            return f"seat {seat} buys {count} hotel cheque(s) for {price} €"
        case ev.HotelPaid(seat, cheques):
            return f"seat {seat} pays the hotel: {cheques} cheque(s)"
        case ev.AssistanceCheques(seat, bought, price, paid, due):
            text = f"seat {seat} buys {bought} cheque(s) for {price} € and pays {paid} of the {due} due"
            return text + ("; the rest is written off" if paid < due else "")
        case ev.ItemBought(seat, item, price):
            return f"seat {seat} buys a {ITEM_NAMES[item]} for {price} €"
        case ev.ItemGained(seat, item):
            return f"seat {seat} gets a {ITEM_NAMES[item]}"
        case ev.ItemLost(seat, item, had):
            name = ITEM_NAMES[item]
            return f"seat {seat} loses a {name}" if had else f"seat {seat} has no {name} to lose"
        case ev.CardDrawn(seat, deck, card):
            return f"seat {seat} draws {deck} card {_card(state, deck, card)}"
        case ev.DeckEmpty(seat, deck):
            return f"the {deck} deck is empty: nothing happens for seat {seat}"
        case ev.CardKept(seat, deck, card):
            return f"seat {seat} keeps {deck} card {_card(state, deck, card)}"
        case ev.CardReturned(seat, deck, card):
            return f"seat {seat} does not win {_card(state, deck, card)}: it goes to the discard pile"
        case ev.AchatBought(seat, card, price):
            return f"seat {seat} pays {price} € for {_card(state, 'achat', card)} and keeps it"
        case ev.AchatFailed(seat, card, price):
            return f"seat {seat} cannot pay {price} € for {_card(state, 'achat', card)}: it is discarded, he is broke"
        case ev.CollectionCardLost(seat, deck, card):
            return f"seat {seat} loses {deck} card {_card(state, deck, card)}"
        case ev.DieRolled(seat, value):
            return f"seat {seat} rolls {value}"
        case ev.TargetChosen(seat, chosen):
            return f"seat {seat} picks seat {chosen}"
        case ev.NothingHappens(seat, reason):
            return f"seat {seat}: {reason}, nothing happens"
        case ev.IllegalPlayDecided(seat, deck, play):
            return f"seat {seat} {'plays' if play else 'does not play'} the {deck} space without the element"
        case ev.ShopClosed(seat):
            return f"seat {seat} leaves the airport shop"
        case ev.SaleOpened(seat):
            return f"seat {seat} opens a sale"
        case ev.SaleCancelled(seat):
            return f"seat {seat} changes his mind and sells nothing"
        case ev.LotOffered(seller, lot, card, count, floor):
            return f"seat {seller} auctions {_lot(state, lot, card, count)} (resale price {floor} €)"
        case ev.BidSealed() | ev.AmountNarrowed() | ev.AuctionRaised() | ev.AuctionDropped():
            return _bidding(state, e)
        case ev.AuctionSettled():
            return _settled(state, e)
    return None


def _bidding(state: RoutardState, e: GameEvent) -> str | None:
    match e:
        case ev.BidSealed(seat, amount):
            if amount is None:
                return f"seat {seat} seals a bid"
            return f"seat {seat} seals a bid of {amount} €" if amount else f"seat {seat} passes on the auction"
        case ev.AmountNarrowed(seat, None, None):
            return f"seat {seat} narrows down the amount"
        case ev.AmountNarrowed(seat, low, high):
            return f"seat {seat} narrows {_amount(state)} down to {low}-{high}"
        case ev.AuctionRaised(seat, price):
            return f"seat {seat} bids {price} €"
        case ev.AuctionDropped(seat):
            return f"seat {seat} drops out of the auction"
    return None


def _amount(state: RoutardState) -> str:
    """What the amount being chosen counts, from the decision at hand."""
    task = state.agenda[-1] if state.agenda else None
    if isinstance(task, tk.AuctionTask):
        return "the bid (€)"
    return "the cheques to auction" if isinstance(task, tk.SaleMenu) else "the cheques to buy"


def _describe_command(state: RoutardState, c: Command) -> str | None:
    match c:
        case cmd.ChooseLine(line):
            return f"play the {line} line of the sheet"
        case cmd.Depart():
            return "depart"
        case cmd.SheetOffer(accept):
            return "accept the sheet's offer" if accept else "decline the sheet's offer"
        case cmd.OpenSale():
            return "put something up for auction"
        case cmd.CancelSale():
            return "sell nothing after all"
        case cmd.Sell(lot, card, count):
            return f"auction {_lot(state, lot, card, count)}"
        case cmd.StopSelling():
            return "stop selling and pay what you can"
        case cmd.BuyTicket():
            return "buy a plane ticket"
        case cmd.BuyElement(item):
            return f"buy a {ITEM_NAMES[item]}"
        case cmd.CloseShop():
            return "leave the shop"
        case cmd.Walk(spaces):
            return f"walk {spaces} space(s)"
        case cmd.Fly():
            return "fly to the next airport"
        case cmd.FlyBack():
            return "fly back to the previous airport"
        case cmd.Drive():
            return "hitchhike: roll the die and carry the stack"
        case cmd.MoveForced():
            return "move as the card ordered"
        case cmd.JobAssistance():
            return "take Job Assistance"
        case cmd.BuyCheques(count):
            return f"buy {count} hotel cheque(s)"
        case cmd.ChooseTarget(chosen):
            return f"choose seat {chosen}"
        case cmd.ChooseLostCard(deck, card):
            return f"lose {_card(state, deck, card)}"
        case cmd.ReplayWalk(spaces):
            return f"walk again {spaces} space(s)"
        case cmd.Bid(amount):
            return f"bid {amount} €"
        case cmd.PassBid():
            return "pass on the auction"
        case cmd.Narrow(low, high):
            return f"choose {_amount(state)} from {low} to {high} (the amounts are offered next)"
        case cmd.Raise():
            return "raise the bid"
        case cmd.Drop():
            return "drop out of the auction"
        case cmd.PlayAnyway(play):
            return "play the space anyway" if play else "leave the space unplayed"
    return None

