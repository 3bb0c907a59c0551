"""A hand-written Routard player: collect the missing cards on foot, then fly home.

It plays the way a careful backpacker would: keeps a cash reserve, walks to the nearest space that
gives a card it still needs (and that it can play), buys the element it lacks at an airport, keeps a
few hotel cheques in hand, bids only for what it needs and sells only what it does not. It reads
nothing hidden: the draw piles of a determinised state are guesses, so it never looks at them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from meeplog.core.kernel import Command
from meeplog.games.routard import commands as cmd
from meeplog.games.routard.amounts import aim
from meeplog.games.routard.data import COLLECTION_DECKS, SHEET_LINES, Element
from meeplog.games.routard.legal import bid_command, cheque_counts, next_raise, sealed, sealed_bids
from meeplog.games.routard.queries import complete, doubled, may_play, missing, move_cost, needed_elements, qualifiers
from meeplog.games.routard.state import RoutardState
from meeplog.games.routard.tasks import (
    Act,
    AuctionTask,
    Charge,
    ChequeTopUp,
    ChequeWindow,
    Prep,
    Purchase,
    Replay,
    SaleMenu,
    Shop,
)

RESERVE: Final = 300  # cash kept for achat cards and hotel top-ups
CHEQUES_WANTED: Final = 8
WALK_COST_WEIGHT: Final = 0.01  # points lost per euro of move cost


class RoutardHeuristic:
    def choose(self, state: RoutardState, seat: int, legal: list[Command], rng: random.Random) -> Command:
        if len(legal) == 1:
            return legal[0]
        task = state.agenda[-1]
        if isinstance(task, Prep):
            return _prep(state, seat, legal)
        if isinstance(task, Act):
            return _act(state, seat, legal)
        if isinstance(task, Shop):
            return _shop(state, seat, legal) or cmd.CloseShop()
        if isinstance(task, (ChequeWindow, ChequeTopUp)):
            return _cheques(state, seat, legal)
        if isinstance(task, (Charge, Purchase)):
            return _raise_funds(state, seat, task, legal)
        if isinstance(task, AuctionTask):
            return _bid(state, seat, legal)
        if isinstance(task, SaleMenu):
            return _sale_menu(state, seat, legal)
        if isinstance(task, Replay):
            return _best_walk(state, seat, [c for c in legal if isinstance(c, cmd.ReplayWalk)], legal)
        return _other(state, seat, legal)


# --- stage 1 -------------------------------------------------------------------------------------------


def _prep(state: RoutardState, seat: int, legal: list[Command]) -> Command:
    if cmd.Depart() in legal:
        return cmd.Depart()
    player = state.players[seat]
    sheet = state.data.prep_sheet.outcomes
    wanted = [item for item in ("formalites", "guide", "equipement", "appareil_photo") if not player.elements[item]]
    if not player.tickets:
        wanted.append("billet_avion")
    if player.cheques < state.data.constants.depart_minimum.cheques:
        wanted.append("cheques_hotel")
    for line in wanted:
        dearest = max(outcome.price or 0 for outcome in sheet[line].values())
        if player.money >= dearest and cmd.ChooseLine(line) in legal:
            return cmd.ChooseLine(line)
    return cmd.ChooseLine(SHEET_LINES[0]) if cmd.ChooseLine(SHEET_LINES[0]) in legal else legal[0]


# --- the travel turn -------------------------------------------------------------------------------------


def _act(state: RoutardState, seat: int, legal: list[Command]) -> Command:
    purchase = _shop(state, seat, legal)
    if purchase is not None:
        return purchase
    for forced in (cmd.MoveForced(), cmd.Drive()):
        if forced in legal:
            return forced
    player = state.players[seat]
    if cmd.Fly() in legal and _should_fly(state, seat):
        return cmd.Fly()
    if cmd.FlyBack() in legal:
        return cmd.FlyBack()
    if cmd.OpenSale() in legal and _lot_to_sell(state, seat, state.agenda[-1]):
        return cmd.OpenSale()  # short of cash, or raising the fare back from the arrival airport
    walks = [c for c in legal if isinstance(c, cmd.Walk)]
    if cmd.JOB_ASSISTANCE in legal and (not walks or player.money < 60 or _dead_end(state, seat, walks)):
        return cmd.JOB_ASSISTANCE
    return _best_walk(state, seat, walks, legal) if walks else legal[-1]


def _dead_end(state: RoutardState, seat: int, walks: list[cmd.Walk]) -> bool:
    """Incomplete, and every walk ends on the arrival airport without a ticket to fly back."""
    player = state.players[seat]
    return (not complete(state, seat) and not player.tickets
            and all(player.pos + w.spaces == state.arrival for w in walks))


def _should_fly(state: RoutardState, seat: int) -> bool:
    """Fly only once the collection is complete: a flight skips a whole leg of cards."""
    return complete(state, seat)


def _best_walk(state: RoutardState, seat: int, walks: Sequence[cmd.Walk | cmd.ReplayWalk],
               legal: list[Command]) -> Command:
    if not walks:
        return legal[0]
    return max(walks, key=lambda c: _walk_value(state, seat, c.spaces))


def _walk_value(state: RoutardState, seat: int, spaces: int) -> float:
    """What landing there is worth: the card it gives, if the hotel lets him play it, less the fare."""
    player = state.players[seat]
    to = player.pos + spaces
    cost = move_cost(state, spaces)
    spare = player.money - cost
    thrift = cost * WALK_COST_WEIGHT * (3 if spare < RESERVE else 1)
    if to == state.arrival and not complete(state, seat):
        return -20.0  # arriving without the cards only costs a ticket back
    if complete(state, seat):
        if to == state.arrival:
            return 100.0
        airport = state.data.space_types[to] == "aeroport" and player.tickets > 0
        return (spaces + (5.0 if airport else 0.0)) * _hotel_odds(state, seat) - thrift
    value = _space_value(state, seat, state.data.space_types[to], spare)
    return (value + spaces * 0.1) * _hotel_odds(state, seat) - thrift


def _hotel_odds(state: RoutardState, seat: int) -> float:
    """The chance his cheques cover the next hotel card (else Hotel Assistance, and the space is lost)."""
    cards = state.data.decks.hebergement
    factor, cheques = doubled(state, seat), state.players[seat].cheques
    return sum(card.cheques * factor <= cheques for card in cards) / len(cards)


def _space_value(state: RoutardState, seat: int, space: str, spare: int) -> float:
    player = state.players[seat]
    if space in COLLECTION_DECKS:
        if not missing(state, seat, space) or not may_play(state, seat, space):
            return -1.0 if space == "achat" else 0.0
        if space == "achat":
            return 10.0 if spare >= 200 * doubled(state, seat) else -2.0
        return 10.0
    if space == "job":
        return 12.0 if player.money < RESERVE else 5.0 if player.money < 2 * RESERVE else 1.0
    if space in ("chance", "poste_restante"):
        return 3.0 if player.cheques < CHEQUES_WANTED // 2 else 1.5
    if space == "aeroport":
        prices = state.data.constants.airport_element_price
        kit = [item for item in needed_elements(state, seat) if spare >= prices[item] + 50]
        return 9.0 if kit else 1.0
    return 0.0


def _shop(state: RoutardState, seat: int, legal: list[Command]) -> Command | None:
    """Buy a missing element that still matters, or a ticket once the cards are in."""
    player = state.players[seat]
    prices = state.data.constants.airport_element_price
    wants: list[tuple[Element, str]] = [("guide", "achat"), ("appareil_photo", "reportage"), ("equipement", "aventure")]
    for item, deck in wants:
        buy = cmd.buy_element(item)
        affordable = player.money - prices[item] >= 50
        if not player.elements[item] and missing(state, seat, deck) and buy in legal and affordable:
            return buy
    if cmd.BuyTicket() in legal and not player.tickets:
        spare = player.money - state.table.ticket_price(player.pos)
        if player.pos == state.arrival or spare >= (100 if complete(state, seat) else 2 * RESERVE):
            return cmd.BuyTicket()  # a ticket flies him on once complete, or back if he arrives short
    return None


# --- money and cheques -----------------------------------------------------------------------------------


def _cheques(state: RoutardState, seat: int, legal: list[Command]) -> Command:
    """Top up to a comfortable stock of cheques when cash allows: a player short of cheques plays nothing."""
    player = state.players[seat]
    price = state.data.constants.cheque_price
    task = state.agenda[-1]
    counts = cheque_counts(state, task, seat)
    if len(counts) == 1 and cmd.OpenSale() in legal and _lot_to_sell(state, seat, task) is not None:
        return cmd.OpenSale()
    if player.money < 150:
        count = counts[-1]  # when poor, cash is better turned into nights: at 0 € Job Assistance pays
    else:
        due = task.due if isinstance(task, ChequeTopUp) else 0
        wanted = due + CHEQUES_WANTED - player.cheques
        fitting = [n for n in counts if n <= wanted and player.money - n * price >= RESERVE // 3]
        count = fitting[-1] if fitting else counts[0]
    return aim(legal, cmd.BuyCheques(count), count)


def _raise_funds(state: RoutardState, seat: int, task: Charge | Purchase, legal: list[Command]) -> Command:
    if cmd.OpenSale() in legal and _lot_to_sell(state, seat, task) is not None:
        return cmd.OpenSale()
    return cmd.StopSelling()


def _sale_menu(state: RoutardState, seat: int, legal: list[Command]) -> Command:
    lot = _lot_to_sell(state, seat, state.agenda[-2])
    sell = cmd.Sell(*lot) if lot is not None else cmd.CancelSale()
    if sell in legal:
        return sell
    return aim(legal, sell, lot[2]) if lot is not None and lot[0] == "cheques" else cmd.CancelSale()


def _lot_to_sell(state: RoutardState, seat: int, context: object) -> tuple[str, int, int] | None:
    """A lot he can spare when cash is short, in this order: his dearest achat card beyond the ones he
    needs (it fetches most), a spare or no longer needed element, a ticket he cannot use any more,
    extra cheques.

    On his own turn he sells only when poor; stranded on the arrival airport without the fare back,
    he also lets his cheques go.
    """
    player = state.players[seat]
    if isinstance(context, Purchase) and not missing(state, seat, "achat"):
        return None
    at_arrival = player.pos == state.arrival
    if isinstance(context, Act) and not at_arrival and player.money >= RESERVE:
        return None
    surplus = sorted(player.achat, key=lambda c: -state.data.decks.achat[c].price)
    if len(surplus) > state.config.cards_per_type:
        return ("achat", surplus[0], 1)
    needed = {"guide": "achat", "equipement": "aventure", "appareil_photo": "reportage"}
    for item, deck in needed.items():
        if player.elements[item] > 1 or (item != "guide" and player.elements[item] and not missing(state, seat, deck)):
            return (item, -1, 1)
    if player.tickets and complete(state, seat) and player.pos > state.data.previous_airport_of_arrival:
        return ("billet_avion", -1, 1)  # past the last airport a ticket only flies backwards
    if player.cheques > CHEQUES_WANTED:
        return ("cheques", -1, player.cheques - CHEQUES_WANTED)
    if at_arrival and isinstance(context, Act) and player.cheques > 2:
        return ("cheques", -1, player.cheques - 2)
    return None


def _bid(state: RoutardState, seat: int, legal: list[Command]) -> Command:
    auction = state.auction
    assert auction is not None
    value = _lot_value(state, seat, auction.lot, auction.card)
    if sealed(state):
        amount = next((bid for bid in sealed_bids(state, seat) if bid <= value), 0)
        return aim(legal, bid_command(amount), amount)
    if cmd.Raise() in legal and next_raise(state) <= value:
        return cmd.Raise()
    return cmd.PassBid() if cmd.PassBid() in legal else cmd.Drop()


def _lot_value(state: RoutardState, seat: int, lot: str, card: int) -> int:
    """The most this lot is worth paying for, keeping the reserve."""
    player = state.players[seat]
    budget = player.money - RESERVE
    if lot == "achat" and missing(state, seat, "achat"):
        return min(budget, state.data.decks.achat[card].price)
    needs: dict[Element, str] = {"appareil_photo": "reportage", "equipement": "aventure", "guide": "achat"}
    if lot in needs and not player.elements[lot] and missing(state, seat, needs[lot]):
        return min(budget, state.data.constants.airport_element_price[lot] - 10)
    if lot == "billet_avion" and complete(state, seat) and not player.tickets:
        return min(budget, 300)
    return 0


# --- the rest: card choices ------------------------------------------------------------------------------


def _other(state: RoutardState, seat: int, legal: list[Command]) -> Command:
    first = legal[0]
    if isinstance(first, cmd.ChooseTarget):
        targets = [c for c in legal if isinstance(c, cmd.ChooseTarget)]  # all of a TargetChoice's options
        return max(targets, key=lambda c: _threat(state, c.target))
    if isinstance(first, cmd.ChooseLostCard):
        return min(legal, key=lambda c: _card_worth(state, c))
    if isinstance(first, cmd.SheetOffer):
        return cmd.SheetOffer(True)
    if isinstance(first, cmd.PlayAnyway):
        return cmd.PlayAnyway(False)
    if cmd.StopSelling() in legal:
        return cmd.StopSelling()
    return first


def _threat(state: RoutardState, seat: int) -> tuple[int, int, int]:
    """How close a rival is to winning: counted cards, then position, then cash."""
    player = state.players[seat]
    cards = sum(min(len(player.collection(d)), state.config.cards_per_type) for d in COLLECTION_DECKS)
    return cards + (10 if seat in qualifiers(state) else 0), player.pos, player.money


def _card_worth(state: RoutardState, command: Command) -> int:
    assert isinstance(command, cmd.ChooseLostCard)
    card = state.data.card(command.deck, command.card)
    return getattr(card, "price", 0)
