"""What a command decides (`decide`): a bid's face, then its quantity, or a call that lifts the cups and
settles the round (P9), followed by what the game does by itself (automatic.py). A refused command
says why, in words a player or a model can act on.
"""

from __future__ import annotations

import random

from meeplog.core.kernel import Command, GameEvent, IllegalCommand

from .automatic import after_loss, next_round
from .bids import faces_open, lowest, matching, why_not
from .commands import Bid, BidOn, Calza, Dudo
from .events import (
    BidMade,
    CalzaCalled,
    CupsLifted,
    DieWon,
    DudoCalled,
    FaceChosen,
)
from .legal import bidding
from .state import NO_BID, PerudoState


def decide(state: PerudoState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
    if state.over:
        raise IllegalCommand("the game is over")
    if seat != state.turn:
        raise IllegalCommand(f"it is seat {state.turn}'s turn, not seat {seat}'s")
    if state.bidding_on:
        return [_bid(state, seat, command)]
    if isinstance(command, BidOn):
        rules = bidding(state)
        if command not in faces_open(rules, state.quantity, state.face):
            raise IllegalCommand(why_not(rules, state.dice, state.quantity, state.face, command))
        return [FaceChosen(seat, command.face)]
    if isinstance(command, Bid):
        raise IllegalCommand("a bid takes two steps: first BidOn a face, then Bid how many")
    if not isinstance(command, Dudo | Calza):
        raise IllegalCommand(f"{command!r} is not a Perudo command: bid, or call dudo or calza")
    if state.quantity == NO_BID:
        raise IllegalCommand("there is no bid to call yet: open the round with a bid")
    count = matching(state.cups, state.face, state.wild)
    lifted = CupsLifted(tuple(state.cups), state.quantity, state.face, count)
    if isinstance(command, Dudo):
        loser = state.bidder if count < state.quantity else seat
        return [DudoCalled(seat, state.bidder), lifted, *after_loss(state, loser, rng)]
    if not state.config.calza:
        raise IllegalCommand("calza is not played in this game (option calza=false)")
    called = [CalzaCalled(seat, state.bidder), lifted]
    if count != state.quantity:
        return called + after_loss(state, seat, rng)
    counts = list(state.counts)
    if counts[seat] < state.dice.per_player:
        counts[seat] += 1
        called.append(DieWon(seat, counts[seat]))
    return called + next_round(state, counts, starter=seat, palifico=False, rng=rng)


def _bid(state: PerudoState, seat: int, command: Command) -> BidMade:
    """The second step of a bid: how many dice show the face chosen."""
    face = state.bidding_on
    if not isinstance(command, Bid) or command.face != face:
        raise IllegalCommand(f"you are bidding on {state.dice.plurals[face]}: Bid how many of them")
    rules = bidding(state)
    if not lowest(rules, state.quantity, state.face, face) <= command.quantity <= state.in_play:
        raise IllegalCommand(why_not(rules, state.dice, state.quantity, state.face, command))
    return BidMade(seat, command.quantity, face)
