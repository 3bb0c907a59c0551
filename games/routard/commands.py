"""What a player of Le Jeu du Routard can do (digest §5.15-5.16). Cards are indices into their deck."""

from dataclasses import dataclass
from functools import cache, lru_cache

from meeplog.core.kernel import Command


@dataclass(frozen=True)
class ChooseLine(Command):
    """Stage 1: announce a line of the "Préparez votre sac" sheet and roll the die."""

    line: str


@dataclass(frozen=True)
class Depart(Command):
    """Stage 1: hand in a ticket and fly to the departure airport, then play a travel turn."""


@dataclass(frozen=True)
class SheetOffer(Command):
    """sheet_purchase_optional only: take or leave the purchase the die offered."""

    accept: bool


@dataclass(frozen=True)
class OpenSale(Command):
    """Put something up for auction (R42); the lot is chosen next."""


@dataclass(frozen=True)
class CancelSale(Command):
    pass


@dataclass(frozen=True)
class Sell(Command):
    """Auction a lot (R42): lot is guide, equipement, appareil_photo, billet_avion, achat (with card) or cheques."""

    lot: str
    card: int = -1
    count: int = 1


@dataclass(frozen=True)
class StopSelling(Command):
    """Close a raise-funds window: pay what you have, the rest is written off (R39)."""


@dataclass(frozen=True)
class BuyTicket(Command):
    pass


@dataclass(frozen=True)
class BuyElement(Command):
    item: str


@dataclass(frozen=True)
class CloseShop(Command):
    pass


@dataclass(frozen=True)
class Walk(Command):
    spaces: int


@dataclass(frozen=True)
class Fly(Command):
    pass


@dataclass(frozen=True)
class FlyBack(Command):
    pass


@dataclass(frozen=True)
class Drive(Command):
    """Carry the whole stack by hitchhiking: the die decides how far (§5.10)."""


@dataclass(frozen=True)
class MoveForced(Command):
    """Follow a card's next-turn instruction to move exactly that many spaces (R30)."""


@dataclass(frozen=True)
class JobAssistance(Command):
    pass


@dataclass(frozen=True)
class BuyCheques(Command):
    count: int


@dataclass(frozen=True)
class ChooseTarget(Command):
    target: int


@dataclass(frozen=True)
class ChooseLostCard(Command):
    deck: str
    card: int


@dataclass(frozen=True)
class ReplayWalk(Command):
    spaces: int


@dataclass(frozen=True)
class Bid(Command):
    amount: int


@dataclass(frozen=True)
class PassBid(Command):
    pass


@dataclass(frozen=True)
class Narrow(Command):
    """Choose among the amounts from `low` to `high` (a bid, a number of cheques), offered next: a range of more
    amounts than one decision lists is chosen in steps (games/routard/amounts.py)."""

    low: int
    high: int


@dataclass(frozen=True)
class Raise(Command):
    """Ascending auction: bid the floor, or the standing bid plus the step."""


@dataclass(frozen=True)
class Drop(Command):
    pass


@dataclass(frozen=True)
class PlayAnyway(Command):
    """illegal_play="fined": play a reportage/aventure space without its element (R38), or not."""

    play: bool


# Shared instances of the commands legal() lists decision after decision (commands are immutable, and a
# frozen dataclass costs more to build than to look up).
OPEN_SALE, CANCEL_SALE, PASS_BID = OpenSale(), CancelSale(), PassBid()
walk = cache(Walk)
sell = lru_cache(maxsize=4096)(Sell)  # bounded: lots by card and count
buy_cheques = lru_cache(maxsize=4096)(BuyCheques)  # bounded: counts up to what cash buys
bid = lru_cache(maxsize=4096)(Bid)  # bounded: amounts up to a player's cash
narrow = lru_cache(maxsize=4096)(Narrow)  # bounded: brackets of amounts
buy_element, JOB_ASSISTANCE = cache(BuyElement), JobAssistance()

COMMANDS = (
    ChooseLine, Depart, SheetOffer, OpenSale, CancelSale, Sell, StopSelling, BuyTicket, BuyElement, CloseShop,
    Walk, Fly, FlyBack, Drive, MoveForced, JobAssistance, BuyCheques, ChooseTarget, ChooseLostCard, ReplayWalk, Bid,
    PassBid, Narrow, Raise, Drop, PlayAnyway,
)
