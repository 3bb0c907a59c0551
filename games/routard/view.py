"""What one seat of Le Jeu du Routard may know.

Everything is public (R54) except the order of the draw piles and the other bidders' sealed bids.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from meeplog.core.kernel import Pending
from meeplog.games.routard.plain_view import view_data
from meeplog.games.routard.state import RoutardState


class PlayerView(BaseModel, frozen=True):
    """One player, all public (R54). `position` None: still preparing his backpack at home (stage 1)."""

    seat: int = Field(description="the player's seat number")
    position: int | None = Field(
        description="the space the pawn stands on, 0 (departure airport) to 72 (arrival airport); null: still at home "
        "preparing the backpack (stage 1)"
    )
    space: str = Field(description="that space, in words")
    money: int = Field(description="cash, in €")
    cheques: int = Field(description="hotel cheques held (hotel cards are paid in cheques, not money)")
    tickets: int = Field(description="plane tickets held")
    elements: dict[str, int] = Field(
        description="copies held of each backpack element: formalites, guide, equipement, appareil_photo (the camera)"
    )
    achat: list[str] = Field(description="the achat cards collected, as id and title")
    reportage: list[str] = Field(description="the reportage cards collected, as id and title")
    aventure: list[str] = Field(description="the aventure cards collected, as id and title")
    notes: list[str] = Field(
        description="next-turn instructions, broke, debts, sheet turns, the last line announced and the player last "
        "picked by a card"
    )


class AuctionView(BaseModel, frozen=True):
    """The lot on sale."""

    seller: int = Field(description="the selling player's seat")
    lot: str = Field(description="guide, equipement, appareil_photo, billet_avion, achat or cheques")
    card: str | None = Field(description="the achat card on sale, as id and title; null for any other lot")
    count: int = Field(description="how many of the lot (cheques sell several at once)")
    floor: int = Field(description="the lowest bid in €: the resale price, which the bank pays when nobody bids")
    bidders: list[int] = Field(description="the seats that may bid")
    decided: list[int] = Field(description="sealed bids: the bidders who have bid or passed")
    own_bid: int | None = Field(description="sealed bids: your bid in € (0: a pass); null before you decide")
    price: int = Field(description="ascending auction: the standing bid in €")
    high: int | None = Field(description="ascending auction: the standing high bidder; null: none yet")
    active: list[int] = Field(description="ascending auction: the bidders still in")


class RoutardView(BaseModel, frozen=True):
    """What one seat knows at a decision of Le Jeu du Routard."""

    seat: int = Field(description="your seat number")
    round: int = Field(description="the round being played, from 1")
    max_rounds: int = Field(description="the round after which the game ends with nobody winning")
    turn: int = Field(description="whose turn it is (a seat)")
    to_act: list[int] = Field(description="the seats that must decide now")
    decision: str = Field(description="what the game waits for, in words")
    agenda: list[str] = Field(description="what is left to do this turn, the next task last")
    cards_per_type: int = Field(description="the achat, reportage and aventure cards each needed to win")
    board: str = Field(
        description="one letter per space, 0 to 72: T airport, A achat, R reportage, V aventure, J job, C chance, P "
        "poste restante"
    )
    stacks: dict[int, list[int]] = Field(
        description="each occupied space -> the pawns on it, bottom first (the bottom pawn drives the stack)"
    )
    players: list[PlayerView] = Field(description="every player, by seat number from 0, you included")
    draw_sizes: dict[str, int] = Field(description="cards left in each draw pile")
    discards: dict[str, str] = Field(description="each discard pile's card ids, oldest first")
    auction: AuctionView | None = Field(description="the auction in progress; null: none")
    amount_between: list[int] | None = Field(
        description="your amount's bracket [low, high] while you choose it in steps (Narrow); null otherwise"
    )
    window_tickets: int = Field(description="tickets bought in the open shop window")
    winners: list[int] = Field(description="the winning seats, once the game is over")
    capped: bool = Field(description="the game ended at `max_rounds` with nobody winning")

    @classmethod
    def plain(cls, state: RoutardState, seat: int, pending: Pending) -> dict[str, Any]:
        """This view as plain data, without the model (PlainView: what the environments' vectors read)."""
        return view_data(state, seat, pending)


def view(state: RoutardState, seat: int, pending: Pending) -> RoutardView:
    """Built as plain data and validated once: views are made at every decision of a playout."""
    return RoutardView.model_validate(view_data(state, seat, pending))
