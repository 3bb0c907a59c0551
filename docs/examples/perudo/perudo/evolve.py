"""`evolve`: folding one event into the state, the only code that changes a Perudo state. It never draws."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meeplog.core.kernel import GameEvent

from .events import (
    BidMade,
    CalzaCalled,
    CupsLifted,
    DiceRolled,
    DieLost,
    DieWon,
    DudoCalled,
    FaceChosen,
    RoundStarted,
)
from .state import NO_BID, PerudoState


def evolve(state: PerudoState, event: GameEvent) -> None:
    fold = _FOLDS.get(type(event))
    if fold is None:
        raise TypeError(f"not a Perudo event: {event!r}")
    fold(state, event)


def _round_started(state: PerudoState, event: RoundStarted) -> None:
    state.round = event.round
    state.turn = event.starter
    state.quantity, state.face, state.bidder = NO_BID, 0, -1
    state.palifico = event.palifico
    if event.palifico:
        state.had_palifico[event.starter] = True


def _dice_rolled(state: PerudoState, event: DiceRolled) -> None:
    assert event.dice is not None, "the state folds events as they happened, never a seat's redacted copy"
    state.cups[event.seat] = event.dice


def _face_chosen(state: PerudoState, event: FaceChosen) -> None:
    state.bidding_on = event.face


def _bid_made(state: PerudoState, event: BidMade) -> None:
    state.quantity, state.face, state.bidder = event.quantity, event.face, event.seat
    state.bidding_on = 0
    state.turn = _next_in(state, event.seat)


def _called(state: PerudoState, event: DudoCalled | CalzaCalled) -> None:
    state.last_call = event


def _cups_lifted(state: PerudoState, event: CupsLifted) -> None:
    state.last_reveal = event


def _die_lost(state: PerudoState, event: DieLost) -> None:
    state.counts[event.seat] = event.left
    if event.left == 0:
        state.cups[event.seat] = ()
        state.out.append(event.seat)


def _die_won(state: PerudoState, event: DieWon) -> None:
    state.counts[event.seat] = event.left


def _next_in(state: PerudoState, seat: int) -> int:
    """The next seat to the left that still has dice."""
    following = (seat + 1) % state.players
    while not state.counts[following]:
        following = (following + 1) % state.players
    return following


_FOLDS: dict[type[GameEvent], Callable[[PerudoState, Any], None]] = {
    RoundStarted: _round_started,
    DiceRolled: _dice_rolled,
    FaceChosen: _face_chosen,
    BidMade: _bid_made,
    DudoCalled: _called,
    CalzaCalled: _called,
    CupsLifted: _cups_lifted,
    DieLost: _die_lost,
    DieWon: _die_won,
}
