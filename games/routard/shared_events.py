"""The shared instances of the events a turn makes again and again, found by their fields.

Events are immutable, and building one costs more than finding it: the events are interpreted classes
(subclasses of the Python GameEvent, which mypyc cannot compile), so a frozen dataclass's `__init__` runs
interpreted. The factories below, compiled (core/compiled.py), look an event up in a dict under its fields;
automatic.py and decisions.py make their frequent events through them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from meeplog.core.kernel import GameEvent
from meeplog.games.routard import events as ev


class Shared:
    """The shared instances of one kind of event, by their fields: events are immutable, and a frozen dataclass
    costs more to build than to look up. A compiled dict costs less than a `functools` cache, whose every call
    from compiled code builds an argument tuple (about 700 instructions). Emptied when it holds `bound` events,
    as positions, amounts and prices multiply the values some fields take."""

    def __init__(self, kind: Callable[..., GameEvent], bound: int) -> None:
        self.kind, self.bound = kind, bound
        self.instances: dict[tuple[Any, ...], GameEvent] = {}

    def get(self, fields: tuple[Any, ...]) -> GameEvent:
        event = self.instances.get(fields)
        if event is None:
            if len(self.instances) >= self.bound:
                self.instances.clear()
            event = self.instances[fields] = self.kind(*fields)
        return event


ALL: Final = 1 << 14  # more than there are events by seat, deck and card, or by round: never emptied
SOME: Final = 4096  # where amounts and prices multiply the values
_MOVED: Final = Shared(ev.Moved, ALL)
_PAID: Final = Shared(ev.Paid, SOME)
_MONEY_GAINED: Final = Shared(ev.MoneyGained, SOME)
_TURN_ENDED: Final = Shared(ev.TurnEnded, ALL)
_CARD_DRAWN: Final = Shared(ev.CardDrawn, ALL)
_CARD_KEPT: Final = Shared(ev.CardKept, ALL)
_DIE_ROLLED: Final = Shared(ev.DieRolled, ALL)
_HOTEL_PAID: Final = Shared(ev.HotelPaid, ALL)
_ACHAT_BOUGHT: Final = Shared(ev.AchatBought, ALL)
_AUCTION_SETTLED: Final = Shared(ev.AuctionSettled, SOME)
_LOT_OFFERED: Final = Shared(ev.LotOffered, SOME)
_BID_SEALED: Final = Shared(ev.BidSealed, SOME)
_CHEQUES_BOUGHT: Final = Shared(ev.ChequesBought, SOME)
_ASSISTANCE_CHEQUES: Final = Shared(ev.AssistanceCheques, SOME)
_ITEM_BOUGHT: Final = Shared(ev.ItemBought, SOME)
_SALE_OPENED: Final = Shared(ev.SaleOpened, ALL)
_SALE_CANCELLED: Final = Shared(ev.SaleCancelled, ALL)
_SHOP_CLOSED: Final = Shared(ev.ShopClosed, ALL)


def moved(  # noqa: PLR0917 - the event's fields in order, as its class takes them
        seat: int, how: str, frm: int, to: int, passengers: tuple[int, ...] = (), cost: int = 0, pips: int = 0,
) -> GameEvent:
    return _MOVED.get((seat, how, frm, to, passengers, cost, pips))


def paid(payer: int, creditor: int, amount: int, due: int, reason: str) -> GameEvent:
    return _PAID.get((payer, creditor, amount, due, reason))


def money_gained(seat: int, amount: int, pips: int = 0) -> GameEvent:
    return _MONEY_GAINED.get((seat, amount, pips))


def turn_ended(seat: int, next_seat: int, round: int) -> GameEvent:
    return _TURN_ENDED.get((seat, next_seat, round))


def card_drawn(seat: int, deck: str, card: int) -> GameEvent:
    return _CARD_DRAWN.get((seat, deck, card))


def card_kept(seat: int, deck: str, card: int) -> GameEvent:
    return _CARD_KEPT.get((seat, deck, card))


def die_rolled(seat: int, value: int) -> GameEvent:
    return _DIE_ROLLED.get((seat, value))


def hotel_paid(seat: int, cheques: int) -> GameEvent:
    return _HOTEL_PAID.get((seat, cheques))


def achat_bought(seat: int, card: int, price: int) -> GameEvent:
    return _ACHAT_BOUGHT.get((seat, card, price))


def auction_settled(  # noqa: PLR0917 - the event's fields in order, as its class takes them
        seller: int, lot: str, card: int, count: int, buyer: int, price: int,
) -> GameEvent:
    return _AUCTION_SETTLED.get((seller, lot, card, count, buyer, price))


def lot_offered(seller: int, lot: str, card: int, count: int, floor: int) -> GameEvent:
    return _LOT_OFFERED.get((seller, lot, card, count, floor))


def bid_sealed(seat: int, amount: int) -> GameEvent:
    return _BID_SEALED.get((seat, amount))


def cheques_bought(seat: int, count: int, price: int) -> GameEvent:
    return _CHEQUES_BOUGHT.get((seat, count, price))


def assistance_cheques(seat: int, bought: int, price: int, paid: int, due: int) -> GameEvent:
    return _ASSISTANCE_CHEQUES.get((seat, bought, price, paid, due))


def item_bought(seat: int, item: str, price: int) -> GameEvent:
    return _ITEM_BOUGHT.get((seat, item, price))


def sale_opened(seat: int) -> GameEvent:
    return _SALE_OPENED.get((seat,))


def sale_cancelled(seat: int) -> GameEvent:
    return _SALE_CANCELLED.get((seat,))


def shop_closed(seat: int) -> GameEvent:
    return _SHOP_CLOSED.get((seat,))
