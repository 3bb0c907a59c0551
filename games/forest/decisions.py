"""What a command decides: the events it causes, or why it is refused (IllegalCommand in words), with
the events that close the round (and the game, and deal the next one) when it was the round's last."""

from __future__ import annotations

import random

from meeplog.core.kernel import Command, GameEvent, IllegalCommand
from meeplog.games.forest.automatic import deal
from meeplog.games.forest.cashing import payments
from meeplog.games.forest.commands import CashIn, DeclineTake, PassCash, PlayCard, TakeCard
from meeplog.games.forest.events import (
    CardTaken,
    CashedIn,
    GameScored,
    RoundEnded,
    TakeDeclined,
    card_played,
    card_taken,
    cash_passed,
    trick_ranked,
)
from meeplog.games.forest.evolve import evolve
from meeplog.games.forest.legal import actor, expected_now, takeable
from meeplog.games.forest.scoring import game_scores
from meeplog.games.forest.state import (
    CASH_FIRST,
    CASH_SECOND,
    PLAY,
    ROUNDS,
    TAKE_FIRST,
    TAKE_SECOND,
    ForestState,
    next_phase,
)


def decide(state: ForestState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
    waiting = actor(state)
    if seat != waiting:
        raise IllegalCommand(f"it is not seat {seat}'s turn (waiting for seat {waiting})" if waiting >= 0
                             else "the game is over")
    phase = state.phase
    if phase == PLAY and isinstance(command, PlayCard):
        return _play(state, seat, command.card)
    if isinstance(command, TakeCard) and phase in (TAKE_FIRST, TAKE_SECOND):
        if command.card not in takeable(state, seat):
            raise IllegalCommand(f"{_name(state, command.card)} cannot be taken: take a card played this "
                                 "round by another player and not taken yet")
        return _then_close(state, phase, card_taken(seat, command.card), rng)
    if isinstance(command, DeclineTake) and phase == TAKE_SECOND and not state.config.second_must_take:
        return _then_close(state, phase, TakeDeclined(seat), rng)
    if isinstance(command, CashIn) and phase in (CASH_FIRST, CASH_SECOND):
        return _then_close(state, phase, _cash_in(state, seat, command), rng)
    if isinstance(command, PassCash) and phase in (CASH_FIRST, CASH_SECOND):
        return _then_close(state, phase, cash_passed(seat), rng)
    raise IllegalCommand(f"{type(command).__name__} is not allowed now: {expected_now(state)}")


def _play(state: ForestState, seat: int, card: int) -> list[GameEvent]:
    if card not in state.hands[seat]:
        raise IllegalCommand(f"{_name(state, card)} is not in your hand")
    played = card_played(seat, card)
    if len(state.trick) + 1 < state.players:
        return [played]
    return [played, trick_ranked(*_top_two(state, [*state.trick, (seat, card)]))]


def _cash_in(state: ForestState, seat: int, command: CashIn) -> CashedIn:
    if command.orangutan not in state.display:
        raise IllegalCommand(f"orangutan {command.orangutan} is not in the display")
    paid = tuple(sorted(command.paid))
    if paid not in payments(state, command.orangutan, state.won[seat]):
        need = ", ".join(state.data.orangutan[command.orangutan].requirement)
        raise IllegalCommand(f"those cards do not pay exactly {need} from your won pile")
    under = tuple(card for card in state.won[seat] if card not in paid)
    return CashedIn(seat, command.orangutan, paid, under)


def _then_close(state: ForestState, phase: str, decision: GameEvent, rng: random.Random) -> list[GameEvent]:
    return [decision, *_closing(state, phase, decision, rng)]


def _closing(state: ForestState, phase: str, decision: GameEvent, rng: random.Random) -> list[GameEvent]:
    """The events that close the round when `decision`, made in `phase`, was its last one."""
    second_took = isinstance(decision, CardTaken) if phase == TAKE_SECOND else state.took[state.second]
    if next_phase(state, phase, second_took) is not None:
        return []
    taken = state.taken | {decision.card} if isinstance(decision, CardTaken) else state.taken
    display_size = len(state.display) - isinstance(decision, CashedIn)
    refill = tuple(state.deck[: state.players + 1 - display_size])
    discarded = tuple(card for _, card in state.trick if card not in taken)
    ended = RoundEnded(state.round, discarded, refill, state.first)
    if state.round < ROUNDS:
        return [ended]
    scratch = state.clone()
    evolve(scratch, decision)
    evolve(scratch, ended)
    events: list[GameEvent] = [ended, GameScored(state.game, tuple(game_scores(scratch)))]
    if state.game + 1 < state.config.match_games:
        events.append(deal(state, state.game + 1, rng))
    return events


def _name(state: ForestState, card: int) -> str:
    return state.data.card_name(card)


def _top_two(state: ForestState, trick: list[tuple[int, int]]) -> tuple[int, int]:
    """The seats of the highest and second-highest cards; equal values rank by play order (ruling O11)."""
    value_of = state.data.value_of
    first = second = -1
    best = runner_up = -1
    for seat, card in trick:
        value = value_of[card]
        if value > best:
            second, runner_up = first, best
            first, best = seat, value
        elif value > runner_up:
            second, runner_up = seat, value
    return first, second
