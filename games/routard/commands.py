"""What a player of Le Jeu du Routard can do (digest §5.15-5.16). Cards are indices into their deck.

Each field says what it means to a player (`Field(description=...)` in `Annotated`: read by `meeplog schema`
and the schema sent to remote seats, at no cost to the kernel).
"""

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Annotated

from pydantic import Field

from meeplog.core.kernel import Command

CARD = "its index in its deck: the number in its id minus 1 (ACH-07 is 6)"
Spaces = Annotated[
    int,
    Field(
        description="how many spaces forward, 1-6 (never past the arrival airport); 1-6 cost 0, 20, 50, 100, 200, 400 €"
    ),
]


@dataclass(frozen=True)
class ChooseLine(Command):
    """Stage 1: announce a line of the "Préparez votre sac" sheet and roll the die."""

    line: Annotated[
        str,
        Field(
            description="the line: argent_de_poche (pocket money), formalites, guide, equipement, appareil_photo, "
            "billet_avion or cheques_hotel"
        ),
    ]


@dataclass(frozen=True)
class Depart(Command):
    """Stage 1: hand in a ticket and fly to the departure airport, then play a travel turn."""


@dataclass(frozen=True)
class SheetOffer(Command):
    """sheet_purchase_optional only: take or leave the purchase the die offered."""

    accept: Annotated[bool, Field(description="true: buy what the die offered; false: leave it")]


@dataclass(frozen=True)
class OpenSale(Command):
    """Put something up for auction (R42); the lot is chosen next."""


@dataclass(frozen=True)
class CancelSale(Command):
    """Close the sale menu without selling anything."""


@dataclass(frozen=True)
class Sell(Command):
    """Auction a lot (R42): lot is guide, equipement, appareil_photo, billet_avion, achat (with card) or cheques."""

    lot: Annotated[
        str, Field(description="guide, equipement, appareil_photo, billet_avion (a plane ticket), achat or cheques")
    ]
    card: Annotated[int, Field(description=f"the achat card sold, {CARD}; -1 for any other lot")] = -1
    count: Annotated[int, Field(description="how many hotel cheques are sold as one lot; 1 for any other lot")] = 1


@dataclass(frozen=True)
class StopSelling(Command):
    """Close a raise-funds window: pay what you have, the rest is written off (R39)."""


@dataclass(frozen=True)
class BuyTicket(Command):
    """In an airport's shop window: buy a plane ticket at that airport's price."""


@dataclass(frozen=True)
class BuyElement(Command):
    """In an airport's shop window: buy a copy of a backpack element."""

    item: Annotated[
        str,
        Field(description="formalites (200 €), guide (20 €), equipement (300 €) or appareil_photo (400 €, the camera)"),
    ]


@dataclass(frozen=True)
class CloseShop(Command):
    """Leave the airport's shop window."""


@dataclass(frozen=True)
class Walk(Command):
    """Move: walk forward, paying for the distance."""

    spaces: Spaces


@dataclass(frozen=True)
class Fly(Command):
    """Move: fly to the next airport from the airport the turn started on, handing in a ticket."""


@dataclass(frozen=True)
class FlyBack(Command):
    """Move, from the arrival airport: fly back to the previous airport, handing in a ticket."""


@dataclass(frozen=True)
class Drive(Command):
    """Carry the whole stack by hitchhiking: the die decides how far (§5.10)."""


@dataclass(frozen=True)
class MoveForced(Command):
    """Follow a card's next-turn instruction to move exactly that many spaces (R30)."""


@dataclass(frozen=True)
class JobAssistance(Command):
    """Move, when broke (or with no other move): go back to the nearest job space behind, pay the hotel, draw a
    job card."""


@dataclass(frozen=True)
class BuyCheques(Command):
    """Buy hotel cheques at 20 € each (on chance and poste restante spaces, and to pay a hotel card)."""

    count: Annotated[int, Field(description="how many cheques to buy")]


@dataclass(frozen=True)
class ChooseTarget(Command):
    """Choose the player a card's effect reaches."""

    target: Annotated[int, Field(description="the chosen player's seat")]


@dataclass(frozen=True)
class ChooseLostCard(Command):
    """Choose which of your collection cards a card makes you lose."""

    deck: Annotated[str, Field(description="the collection: achat, reportage or aventure")]
    card: Annotated[int, Field(description=f"the card lost, {CARD}")]


@dataclass(frozen=True)
class ReplayWalk(Command):
    """A card's replay: walk again, paying for the distance (free with `replay_pays_move` off); nothing is played."""

    spaces: Spaces


@dataclass(frozen=True)
class Bid(Command):
    """Sealed auction: bid this amount for the lot on sale."""

    amount: Annotated[
        int,
        Field(
            description="the bid in €: a multiple of the bid step (10 € by default), from the lot's floor up to your "
            "cash"
        ),
    ]


@dataclass(frozen=True)
class PassBid(Command):
    """Sealed auction: do not bid."""


@dataclass(frozen=True)
class Narrow(Command):
    """Choose among the amounts from `low` to `high` (a bid, a number of cheques), offered next: a range of more
    amounts than one decision lists is chosen in steps (games/routard/amounts.py)."""

    low: Annotated[
        int, Field(description="the smallest amount of the bracket (€ for a bid, a count of cheques otherwise)")
    ]
    high: Annotated[int, Field(description="the largest amount of the bracket")]


@dataclass(frozen=True)
class Raise(Command):
    """Ascending auction: bid the floor, or the standing bid plus the step."""


@dataclass(frozen=True)
class Drop(Command):
    """Ascending auction: drop out for good."""


@dataclass(frozen=True)
class PlayAnyway(Command):
    """illegal_play="fined": play a reportage/aventure space without its element (R38), or not."""

    play: Annotated[
        bool,
        Field(
            description="true: play the space as if you held the element, and pay the 500 € fine; false: leave it "
            "unplayed"
        ),
    ]


# Shared instances of the commands legal() lists decision after decision (commands are immutable, and a
# frozen dataclass costs more to build than to look up).
OPEN_SALE, CANCEL_SALE, PASS_BID = OpenSale(), CancelSale(), PassBid()
DEPART, STOP_SELLING, BUY_TICKET, CLOSE_SHOP = Depart(), StopSelling(), BuyTicket(), CloseShop()
FLY, FLY_BACK, DRIVE, MOVE_FORCED, RAISE, DROP = Fly(), FlyBack(), Drive(), MoveForced(), Raise(), Drop()
SHEET_OFFERS, PLAY_ANYWAY = (SheetOffer(True), SheetOffer(False)), (PlayAnyway(True), PlayAnyway(False))
choose_line, choose_target, walk, replay_walk = cache(ChooseLine), cache(ChooseTarget), cache(Walk), cache(ReplayWalk)
sell = lru_cache(maxsize=4096)(Sell)  # bounded: lots by card and count
buy_cheques = lru_cache(maxsize=4096)(BuyCheques)  # bounded: counts up to what cash buys
bid = lru_cache(maxsize=4096)(Bid)  # bounded: amounts up to a player's cash
narrow = lru_cache(maxsize=4096)(Narrow)  # bounded: brackets of amounts
buy_element, JOB_ASSISTANCE = cache(BuyElement), JobAssistance()


def sell_cheques(count: int) -> Command:
    """A lot of `count` hotel cheques."""
    return sell("cheques", -1, count)


COMMANDS = (
    ChooseLine,
    Depart,
    SheetOffer,
    OpenSale,
    CancelSale,
    Sell,
    StopSelling,
    BuyTicket,
    BuyElement,
    CloseShop,
    Walk,
    Fly,
    FlyBack,
    Drive,
    MoveForced,
    JobAssistance,
    BuyCheques,
    ChooseTarget,
    ChooseLostCard,
    ReplayWalk,
    Bid,
    PassBid,
    Narrow,
    Raise,
    Drop,
    PlayAnyway,
)
