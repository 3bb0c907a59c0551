"""What one seat of Perudo may know: its own dice, everyone's dice count, the bidding, the last cups lifted."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from .events import DudoCalled
from .state import NO_BID, PerudoState


class StandingBid(BaseModel, frozen=True):
    """The bid to beat."""

    seat: int = Field(description="the seat that made it")
    quantity: int = Field(description="how many dice it claims show the face, of all the dice on the table")
    face: int = Field(description="the face, 1-6 (1: aces)")


class Reveal(BaseModel, frozen=True):
    """How the last round ended: who called whose bid, every die that was on the table, and how many counted."""

    call: Literal["dudo", "calza"] = Field(description="dudo: the bid was called too high; calza: exactly right")
    caller: int = Field(description="the seat that called")
    bidder: int = Field(description="the seat whose bid was called")
    cups: list[list[int]] = Field(description="each seat's dice as they were shown (empty: the seat was out)")
    quantity: int = Field(description="the quantity of the bid called")
    face: int = Field(description="the face of the bid called")
    count: int = Field(description="how many dice showed that face, aces included while they were wild")


class PerudoView(BaseModel, frozen=True):
    """What one seat of Perudo knows: its own dice and everything said and shown at the table."""

    seat: int = Field(description="your seat number")
    my_dice: list[int] = Field(description="the faces under your own cup")
    dice_left: list[int] = Field(description="how many dice each seat has; 0: out of the game")
    dice_in_play: int = Field(description="the dice on the table, all cups together: no bid may name more")
    round: int = Field(description="the round being played, from 1")
    palifico: bool = Field(description="this round aces are not wild and every bid keeps the opening face")
    aces_wild: bool = Field(description="aces count as the face bid on, this round")
    to_act: int | None = Field(description="the seat to bid or call now; null once the game is over")
    bid: StandingBid | None = Field(description="the bid to raise or call; none before the round's opening bid")
    bidding_on: int | None = Field(description="the face of the bid being made, whose quantity comes next")
    last_reveal: Reveal | None = Field(description="how the last round ended; null in the first round")
    out: list[int] = Field(description="seats out of the game, in the order they went out")


def view(state: PerudoState, seat: int) -> PerudoView:
    return PerudoView(
        seat=seat,
        my_dice=list(state.cups[seat]),
        dice_left=list(state.counts),
        dice_in_play=state.in_play,
        round=state.round,
        palifico=state.palifico,
        aces_wild=state.wild is not None,
        to_act=None if state.over else state.turn,
        bid=None
        if state.quantity == NO_BID
        else StandingBid(seat=state.bidder, quantity=state.quantity, face=state.face),
        bidding_on=state.bidding_on or None,
        last_reveal=_reveal(state),
        out=list(state.out),
    )


def _reveal(state: PerudoState) -> Reveal | None:
    call, lifted = state.last_call, state.last_reveal
    if call is None or lifted is None:
        return None
    return Reveal(
        call="dudo" if isinstance(call, DudoCalled) else "calza",
        caller=call.seat,
        bidder=call.bidder,
        cups=[list(cup) for cup in lifted.cups],
        quantity=lifted.quantity,
        face=lifted.face,
        count=lifted.count,
    )
