"""Who must decide (`pending`: the seat whose turn it is) and what it may do (`legal`): open or raise the
bid in two steps (a face, then how many, P5-P8), or call the standing bid with dudo or calza (P9)."""

from __future__ import annotations

from meeplog.core.kernel import GAME_OVER, Command, Pending

from .bids import Bidding, faces_open, quantities
from .commands import CALZA, DUDO
from .state import NO_BID, PerudoState


def pending(state: PerudoState) -> Pending:
    return GAME_OVER if state.over else Pending.single(state.turn)


def bidding(state: PerudoState) -> Bidding:
    return Bidding(state.in_play, state.dice.faces, state.wild, state.palifico)


def legal(state: PerudoState, seat: int) -> list[Command]:
    if state.over or seat != state.turn:
        return []
    if state.bidding_on:
        return list(quantities(bidding(state), state.quantity, state.face, state.bidding_on))
    faces = faces_open(bidding(state), state.quantity, state.face)
    if state.quantity == NO_BID:
        return list(faces)
    calls: list[Command] = [DUDO, CALZA] if state.config.calza else [DUDO]
    return calls + list(faces)
