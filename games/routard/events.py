"""What happens in Le Jeu du Routard. Everything is public (R54) except the order of the draw piles and a
sealed bid until the auction is settled (§5.18).

Money fields are whole euros. `creditor`/`buyer` -1 is the bank.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from meeplog.core.kernel import GameEvent, HiddenEvent, PrivateEvent


@dataclass(frozen=True)
class Dealt(HiddenEvent):
    """Setup: the first player (the roll-off, R2) and the shuffled order of every deck (hidden)."""

    secret: ClassVar[tuple[str, ...]] = ("orders",)
    first_player: int
    orders: tuple[tuple[int, ...], ...] | None


@dataclass(frozen=True)
class DeckReshuffled(HiddenEvent):
    """An empty draw pile is refilled from its discard pile (R47); the new order is hidden."""

    secret: ClassVar[tuple[str, ...]] = ("order",)
    deck: str
    order: tuple[int, ...] | None


@dataclass(frozen=True)
class TurnEnded(GameEvent):
    seat: int
    next_seat: int
    round: int


@dataclass(frozen=True)
class GameCapped(GameEvent):
    """The safety cap on rounds ended a game nobody won (R51)."""

    rounds: int


@dataclass(frozen=True)
class GameWon(GameEvent):
    """`qualified` stand on the arrival airport with their cards; `winners` after the cash tie-break (R49)."""

    qualified: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True)
class SheetRolled(GameEvent):
    seat: int
    line: str
    roll: int


@dataclass(frozen=True)
class SheetBought(GameEvent):
    seat: int
    item: str
    qty: int
    price: int


@dataclass(frozen=True)
class SheetPassed(GameEvent):
    """The rolled purchase is not made: unaffordable (the turn passes, R6) or declined (optional variant)."""

    seat: int
    item: str
    price: int
    declined: bool


@dataclass(frozen=True)
class Departed(GameEvent):
    seat: int


@dataclass(frozen=True)
class InstructionTaken(GameEvent):
    """A queued next-turn instruction is consumed at the start of the turn (R30, R34)."""

    seat: int
    kind: str
    spaces: int


@dataclass(frozen=True)
class InstructionQueued(GameEvent):
    seat: int
    kind: str
    spaces: int


@dataclass(frozen=True)
class Moved(GameEvent):
    """A pawn, with its `passengers` (bottom first), goes from `frm` to `to`.

    `how`: walk, fly, fly_back, drive, forced, card, target, replay, job_assistance, hotel_assistance,
    formalites. `cost` is the move scale's price: paid at once for walk and replay, owed as a charge for
    drive and forced. `roll` is the die of a drive.
    """

    seat: int
    how: str
    frm: int
    to: int
    passengers: tuple[int, ...] = ()
    cost: int = 0
    roll: int = 0


@dataclass(frozen=True)
class Paid(GameEvent):
    """A charge (R39): `amount` of the `due` paid; the rest is written off (or owed, in the debt variant)."""

    payer: int
    creditor: int
    amount: int
    due: int
    reason: str


@dataclass(frozen=True)
class MoneyGained(GameEvent):
    """The bank pays `seat`; `roll` is the die of a per-pip gain."""

    seat: int
    amount: int
    roll: int = 0


@dataclass(frozen=True)
class ChequesGained(GameEvent):
    seat: int
    count: int


@dataclass(frozen=True)
class ChequesLost(GameEvent):
    seat: int
    count: int


@dataclass(frozen=True)
class ChequesTransferred(GameEvent):
    giver: int
    receiver: int
    count: int


@dataclass(frozen=True)
class ChequesBought(GameEvent):
    """Cheques bought on a chance or poste restante space (R18)."""

    seat: int
    count: int
    price: int


@dataclass(frozen=True)
class HotelPaid(GameEvent):
    seat: int
    cheques: int


@dataclass(frozen=True)
class AssistanceCheques(GameEvent):
    """Hotel Assistance (R44) or the Job-Assistance hotel (R41): cheques bought, then the card paid."""

    seat: int
    bought: int
    price: int
    paid: int
    due: int


@dataclass(frozen=True)
class ItemBought(GameEvent):
    """An airport shop purchase: an element or a plane ticket (R21)."""

    seat: int
    item: str
    price: int


@dataclass(frozen=True)
class ItemGained(GameEvent):
    seat: int
    item: str


@dataclass(frozen=True)
class ItemLost(GameEvent):
    seat: int
    item: str
    had: bool


@dataclass(frozen=True)
class CardDrawn(GameEvent):
    seat: int
    deck: str
    card: int


@dataclass(frozen=True)
class DeckEmpty(GameEvent):
    """Both piles of a deck are empty: the draw does nothing (R47)."""

    seat: int
    deck: str


@dataclass(frozen=True)
class CardKept(GameEvent):
    seat: int
    deck: str
    card: int


@dataclass(frozen=True)
class CardReturned(GameEvent):
    seat: int
    deck: str
    card: int


@dataclass(frozen=True)
class AchatBought(GameEvent):
    seat: int
    card: int
    price: int


@dataclass(frozen=True)
class AchatFailed(GameEvent):
    """An achat card its drawer cannot pay for goes to the discard pile; he is broke (R19)."""

    seat: int
    card: int
    price: int


@dataclass(frozen=True)
class CollectionCardLost(GameEvent):
    seat: int
    deck: str
    card: int


@dataclass(frozen=True)
class DieRolled(GameEvent):
    seat: int
    value: int


@dataclass(frozen=True)
class TargetChosen(GameEvent):
    seat: int
    target: int


@dataclass(frozen=True)
class NothingHappens(GameEvent):
    seat: int
    reason: str


@dataclass(frozen=True)
class IllegalPlayDecided(GameEvent):
    seat: int
    deck: str
    play: bool


@dataclass(frozen=True)
class ShopClosed(GameEvent):
    seat: int


@dataclass(frozen=True)
class SaleOpened(GameEvent):
    seat: int


@dataclass(frozen=True)
class SaleCancelled(GameEvent):
    seat: int


@dataclass(frozen=True)
class LotOffered(GameEvent):
    """`seller` puts a lot up for auction (R42): an item, an achat card, or `count` cheques."""

    seller: int
    lot: str
    card: int
    count: int
    floor: int


@dataclass(frozen=True)
class BidSealed(PrivateEvent):
    """A sealed bid (R43): `amount` is 0 for a pass, and only the bidder sees it."""

    secret: ClassVar[tuple[str, ...]] = ("amount",)
    seat: int
    amount: int | None


@dataclass(frozen=True)
class AmountNarrowed(PrivateEvent):
    """The seat narrowed the amount it is choosing (a bid, a number of cheques) to `low`..`high`; like a
    sealed bid, only the seat sees the range until the amount is chosen."""

    secret: ClassVar[tuple[str, ...]] = ("low", "high")
    seat: int
    low: int | None
    high: int | None


@dataclass(frozen=True)
class AuctionRaised(GameEvent):
    seat: int
    price: int


@dataclass(frozen=True)
class AuctionDropped(GameEvent):
    seat: int


@dataclass(frozen=True)
class AuctionSettled(GameEvent):
    """The lot goes to `buyer` for `price` (buyer -1: the bank buys it back at the floor)."""

    seller: int
    lot: str
    card: int
    count: int
    buyer: int
    price: int


EVENTS = (
    Dealt, DeckReshuffled, TurnEnded, GameCapped, GameWon, SheetRolled, SheetBought, SheetPassed, Departed,
    InstructionTaken, InstructionQueued, Moved, Paid, MoneyGained, ChequesGained, ChequesLost, ChequesTransferred,
    ChequesBought, HotelPaid, AssistanceCheques, ItemBought, ItemGained, ItemLost, CardDrawn, DeckEmpty, CardKept,
    CardReturned, AchatBought, AchatFailed, CollectionCardLost, DieRolled, TargetChosen, NothingHappens,
    IllegalPlayDecided, ShopClosed, SaleOpened, SaleCancelled, LotOffered, BidSealed, AmountNarrowed, AuctionRaised,
    AuctionDropped, AuctionSettled,
)

