"""One readable line per event or command, for logs, the human player's feed and a model's prompt.

A redacted DiceRolled (`dice` None) reads as a cup shaken without its faces; lines name things from
the event and the fixed data only, as `describe` may be handed any later state.
"""

from __future__ import annotations

from meeplog.core.kernel import Command, GameEvent

from .commands import Bid, BidOn, Calza, Dudo
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
from .state import PerudoState


def describe(state: PerudoState, item: GameEvent | Command) -> str:
    dice = state.dice
    match item:
        case BidOn(face):
            return f"bid on {dice.plurals[face]} (how many: next)"
        case Bid(quantity, face):
            return f"bid {dice.say(quantity, face)}"
        case Dudo():
            return "dudo: doubt the standing bid"
        case Calza():
            return "calza: the standing bid is exactly right"
        case RoundStarted(number, starter, palifico):
            kind = " (palifico: aces are not wild, the face stays)" if palifico else ""
            return f"round {number}{kind}: seat {starter} opens"
        case DiceRolled(seat, count, None):
            return f"seat {seat} shakes {count} {'die' if count == 1 else 'dice'} under its cup"
        case DiceRolled(seat, count, faces):
            return f"seat {seat} rolls {_faces(faces)}"
        case FaceChosen(seat, face):
            return f"seat {seat} bids on {dice.plurals[face]}"
        case BidMade(seat, quantity, face):
            return f"seat {seat} bids {dice.say(quantity, face)}"
        case DudoCalled(seat, bidder):
            return f"seat {seat} calls dudo on seat {bidder}'s bid"
        case CalzaCalled(seat, bidder):
            return f"seat {seat} calls calza on seat {bidder}'s bid"
        case CupsLifted(cups, quantity, face, count):
            shown = "; ".join(f"seat {seat}: {_faces(cup)}" for seat, cup in enumerate(cups) if cup)
            return f"cups lifted: {dice.say(count, face)} against a bid of {quantity} ({shown})"
        case DieLost(seat, 0):
            return f"seat {seat} loses its last die and is out"
        case DieLost(seat, left):
            return f"seat {seat} loses a die ({left} left)"
        case DieWon(seat, left):
            return f"seat {seat} wins a die back ({left} now)"
    raise TypeError(f"not a Perudo event or command: {item!r}")


def _faces(faces: tuple[int, ...] | None) -> str:
    return " ".join(map(str, faces or ()))
