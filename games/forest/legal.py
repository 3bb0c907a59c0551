"""Who must decide now (`pending`: one seat at a time) and every command they may give (`legal`)."""

from __future__ import annotations

from meeplog.core.kernel import GAME_OVER, ONE_SEAT, Command, Pending
from meeplog.games.forest.cashing import affordable, payments
from meeplog.games.forest.commands import PASS_CASH, DeclineTake, cash_in, play_card, take_card
from meeplog.games.forest.state import CASH_FIRST, CASH_SECOND, OVER, PLAY, TAKE_FIRST, TAKE_SECOND, ForestState


def pending(state: ForestState) -> Pending:
    seat = actor(state)
    return GAME_OVER if seat < 0 else ONE_SEAT[seat]


def legal(state: ForestState, seat: int) -> list[Command]:
    if seat != actor(state):
        return []
    phase = state.phase
    if phase == PLAY:
        return [play_card(card) for card in state.hands[seat]]
    if phase in (TAKE_FIRST, TAKE_SECOND):
        moves: list[Command] = [take_card(card) for card in takeable(state, seat)]
        if phase == TAKE_SECOND and not state.config.second_must_take:
            moves.append(DeclineTake())
        return moves
    moves = [PASS_CASH]
    won = state.won[seat]
    for orangutan in affordable(state, won):
        moves.extend(cash_in(orangutan, paid) for paid in payments(state, orangutan, won))
    return moves


def actor(state: ForestState) -> int:
    """The one seat that must decide now, or -1 once the game is over."""
    phase = state.phase
    if phase == PLAY:
        return (state.leader + len(state.trick)) % state.players
    if phase == OVER:
        return -1
    return state.first if phase in (TAKE_FIRST, CASH_FIRST) else state.second


def takeable(state: ForestState, seat: int) -> list[int]:
    """The cards of this round's trick that `seat` may take: another's, not taken yet."""
    return [card for owner, card in state.trick if owner != seat and card not in state.taken]


def expected_now(state: ForestState) -> str:
    """What the deciding seat is being asked, in words (for a refusal)."""
    return {
        PLAY: "play a card from your hand",
        TAKE_FIRST: "take a card another player played",
        TAKE_SECOND: "take one of the remaining cards another player played",
        CASH_FIRST: "cash in for an orangutan or pass",
        CASH_SECOND: "cash in for an orangutan or pass",
    }.get(state.phase, "the game is over")
