"""Folding one event into the state: the only code that changes an Old Man of the Forest state, one
function per event (a type lookup is cheaper than a long match on every step)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from meeplog.core.kernel import GameEvent
from meeplog.games.forest.events import (
    CardPlayed,
    CardTaken,
    CashedIn,
    CashPassed,
    Dealt,
    GameScored,
    RoundEnded,
    TakeDeclined,
    TrickRanked,
)
from meeplog.games.forest.state import OVER, PLAY, TAKE_FIRST, ForestState, next_phase


def evolve(state: ForestState, event: GameEvent) -> None:
    apply = _EVOLVE.get(type(event))
    if apply is None:
        raise TypeError(f"not an Old Man of the Forest event: {event!r}")
    apply(state, event)


def _evolve_deal(state: ForestState, event: Dealt) -> None:
    players = state.players
    state.game = event.game
    state.round, state.leader, state.phase = 1, event.first_player, PLAY
    state.hands = [list(hand or ()) for hand in event.hands]
    state.set_aside = list(event.set_aside or ())
    state.display = list(event.display)
    state.deck = list(event.deck or ())
    state.trick, state.taken, state.took = [], set(), [False] * players
    state.first = state.second = -1
    state.won = [[] for _ in range(players)]
    state.orangutans = [[] for _ in range(players)]
    state.under = [[] for _ in range(players)]
    state.deforestation_taken = [0] * players
    state.discard = []


def _card_played(state: ForestState, event: CardPlayed) -> None:
    state.hands[event.seat].remove(event.card)
    state.trick.append((event.seat, event.card))


def _trick_ranked(state: ForestState, event: TrickRanked) -> None:
    state.first, state.second = event.first, event.second
    state.phase = TAKE_FIRST


def _card_taken(state: ForestState, event: CardTaken) -> None:
    seat, card = event.seat, event.card
    state.won[seat].append(card)
    state.taken.add(card)
    state.took[seat] = True
    if state.data.suit_of[card] == state.data.deforestation_suit:
        state.deforestation_taken[seat] += 1
    _advance(state, state.took[state.second])


def _take_declined(state: ForestState, event: TakeDeclined) -> None:
    _advance(state, False)


def _cashed_in(state: ForestState, event: CashedIn) -> None:
    seat = event.seat
    state.display.remove(event.orangutan)
    state.orangutans[seat].append(event.orangutan)
    state.under[seat].extend(event.under)
    state.discard.extend(event.paid)
    state.won[seat] = []
    _advance(state, state.took[state.second])


def _cash_passed(state: ForestState, event: CashPassed) -> None:
    _advance(state, state.took[state.second])


def _advance(state: ForestState, second_took: bool) -> None:
    """Move to the round's next decision; the last one leaves the phase for RoundEnded to reset."""
    state.phase = next_phase(state, state.phase, second_took) or state.phase


def _round_ended(state: ForestState, event: RoundEnded) -> None:
    state.discard.extend(event.discarded)
    state.display.extend(event.refill)
    del state.deck[: len(event.refill)]
    state.trick.clear()
    state.taken.clear()
    state.took = [False] * state.players
    state.leader, state.first, state.second = event.leader, -1, -1
    state.round += 1
    state.phase = PLAY


def _game_scored(state: ForestState, event: GameScored) -> None:
    for seat, score in enumerate(event.scores):
        state.banked[seat] += score
        state.banked_orangutans[seat].extend(state.orangutans[seat])
    if event.game + 1 == state.config.match_games:
        state.phase = OVER


_EVOLVE: Final[dict[type[GameEvent], Callable[[ForestState, Any], None]]] = {
    CardPlayed: _card_played,
    TrickRanked: _trick_ranked,
    CardTaken: _card_taken,
    TakeDeclined: _take_declined,
    CashedIn: _cashed_in,
    CashPassed: _cash_passed,
    RoundEnded: _round_ended,
    GameScored: _game_scored,
    Dealt: _evolve_deal,
}
