"""A hand-written policy for Old Man of the Forest, the way a decent player thinks about it.

Every card taken costs a point unless it pays for an orangutan, and a Deforestation card costs three,
so a card is only worth taking if it brings an orangutan of the display closer. The policy values
the won pile by its best plan (the orangutan it could pay, minus the cards that would go under it
and a price per card still missing), and:

- takes the card that raises that plan most, avoiding Deforestation;
- cashes in when the orangutan it can pay now is its best plan, waits when a bigger one is close;
- plays the card whose chance of coming first or second, times what it could then take, best pays
  for the strength it spends: it goes for tricks holding cards it needs, ducks tricks it would be
  forced to take poison from, and dumps Deforestation cards when it will not win.

It reads only what its seat knows: its hand, the table, and how many cards of each suit and value
are still unseen (the other hands and the set-aside cards are never looked at). `evaluate` turns
the same plan values into every seat's chance of winning, for searches that stop a playout early.
"""

from __future__ import annotations

import math
import random
from typing import Final

from mypy_extensions import mypyc_attr

from meeplog.core.evaluation import win_chances
from meeplog.core.kernel import Command
from meeplog.games.forest.commands import CashIn, PassCash, PlayCard, TakeCard
from meeplog.games.forest.state import CASH_FIRST, CASH_SECOND, PLAY, ROUNDS, ForestState

MISSING_FIRST: Final = 3.0  # points a plan loses for the first card it still needs: a trick to win
MISSING_STEP: Final = 2.0  # and each further missing card costs this much more than the one before
STRENGTH_COST: Final = 0.5  # points a card's value is worth kept in hand for later tricks
DUMP_BONUS: Final = 0.5  # playing a Deforestation card that others may be forced to take
HAND_WEIGHT: Final = 0.5  # score points per value point (above the lowest) in hand, for the evaluation
WIN_SPREAD: Final = 3.0  # score points of uncertainty at the end, widened by every round still to play
SPREAD_PER_ROUND: Final = 0.25
MEMORY: Final = 4096  # won piles priced and remembered at most


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (core/compiled.py), yet open to variants
class ForestHeuristic:
    """The Policy of Old Man of the Forest (meeplog.core.kernel.Policy), plus an evaluation for search.

    It remembers what it has worked out about won piles (their plans, what each suit would add):
    search playouts ask about the same piles and display over and over.
    """

    def __init__(self) -> None:
        self._priced: dict[tuple[tuple[int, ...], tuple[int, ...], int, int], list[float]] = {}
        self._planned: dict[tuple[tuple[int, ...], tuple[int, ...], int], float] = {}

    def choose(self, state: ForestState, seat: int, legal: list[Command], rng: random.Random) -> Command:
        phase = state.phase
        if phase in (CASH_FIRST, CASH_SECOND):
            return self._cash(state, seat, legal)
        values = self._take_values(state, seat)
        return _play(state, seat, legal, values) if phase == PLAY else _take(state, legal, values)

    def _cash(self, state: ForestState, seat: int, legal: list[Command]) -> Command:
        """Cash in when paying now is the pile's best plan; keep the pile when a bigger plan beats it."""
        cash_ins = [command for command in legal if isinstance(command, CashIn)]
        if not cash_ins:
            return next(command for command in legal if isinstance(command, PassCash))
        data, won = state.data, state.won[seat]
        best = max(cash_ins, key=lambda c: (data.orangutan[c.orangutan].points - len(won) + len(c.paid), -c.orangutan))
        now = data.orangutan[best.orangutan].points - len(won) + len(best.paid)
        keep = self._plan(state, seat, ROUNDS - state.round)
        return best if now >= keep else next(command for command in legal if isinstance(command, PassCash))

    def _take_values(self, state: ForestState, seat: int) -> list[float]:
        key = (tuple(state.won[seat]), tuple(state.display), state.round, state.config.deforestation_penalty)
        values = self._priced.get(key)
        if values is None:
            if len(self._priced) >= MEMORY:
                self._priced.clear()
            values = self._priced[key] = _take_values(state, seat, state.display, ROUNDS - state.round)
        return values

    def _plan(self, state: ForestState, seat: int, takes_left: int) -> float:
        won = state.won[seat]
        key = (tuple(won), tuple(state.display), takes_left)
        value = self._planned.get(key)
        if value is None:
            if len(self._planned) >= MEMORY:
                self._planned.clear()
            value = self._planned[key] = _plan_value(state, _suit_counts(state, won), len(won), state.display,
                                                     takes_left)
        return value

    def evaluate(self, state: ForestState) -> tuple[float, ...]:
        """Each seat's chance of winning: a softmax over the scores its plan promises so far."""
        rounds_left = ROUNDS - state.round
        estimates = [_expected_score(state, seat, self._plan(state, seat, rounds_left))
                     for seat in range(state.players)]
        spread = WIN_SPREAD + SPREAD_PER_ROUND * rounds_left
        return win_chances(estimates, spread)


# --- valuing a won pile ------------------------------------------------------------------------


def _suit_counts(state: ForestState, cards: list[int]) -> list[int]:
    counts = [0] * len(state.data.player_cards.suits)
    suit_of = state.data.suit_of
    for card in cards:
        counts[suit_of[card]] += 1
    return counts


def _plan_value(state: ForestState, have: list[int], size: int, display: list[int], takes_left: int) -> float:
    """What a won pile of `size` cards (`have` per suit) should end up worth.

    The best orangutan of the display it could pay, less the cards that would go under it and the
    price of the cards still missing (if there are takes enough left to get them); a pile that pays
    nothing just costs a point per card.
    """
    data = state.data
    best = float(-size)
    for orangutan in display:
        paid = missing = 0
        for suit, count in data.requirement_counts[orangutan]:
            held = have[suit]
            if held >= count:
                paid += count
            else:
                paid += held
                missing += count - held
        if missing > takes_left:
            continue
        value = data.orangutan[orangutan].points - (size - paid) - _missing_cost(missing)
        best = max(best, value)
    return best


def _missing_cost(missing: int) -> float:
    """The price of the cards a plan still needs: each is harder to come by than the one before."""
    return missing * MISSING_FIRST + MISSING_STEP * missing * (missing - 1) / 2


def _take_values(state: ForestState, seat: int, display: list[int], takes_left: int) -> list[float]:
    """For each suit, how much taking one more card of it changes the seat's prospects.

    The same plans as `_plan_value`, priced once for the pile as it is: one more card of a suit a
    plan still needs pays back the price of its last missing card; any other goes under (one point).
    """
    data = state.data
    won = state.won[seat]
    have = _suit_counts(state, won)
    size = len(won)
    now = float(-size)
    needed = [-math.inf] * len(have)  # the best plan that one more card of each suit helps
    for orangutan in display:
        paid = missing = 0
        short = []
        for suit, count in data.requirement_counts[orangutan]:
            held = have[suit]
            if held >= count:
                paid += count
            else:
                paid += held
                missing += count - held
                short.append(suit)
        value = data.orangutan[orangutan].points - (size - paid) - _missing_cost(missing)
        if missing <= takes_left and value > now:
            now = value
        if missing - 1 <= takes_left:
            helped = value + MISSING_FIRST + MISSING_STEP * (missing - 1)  # one card fewer to find
            for suit in short:
                needed[suit] = max(needed[suit], helped)
    values = [max(-1.0, best - now) for best in needed]
    values[data.deforestation_suit] -= state.config.deforestation_penalty
    return values


def _expected_score(state: ForestState, seat: int, promised: float) -> float:
    """Points scored so far, what the won pile promises, and the strength of the cards still to play.

    A card on the table counts as still in hand until its round ends: it is what decides the trick.
    """
    data = state.data
    realised = (
        state.banked[seat]
        + sum(data.orangutan[o].points for o in state.orangutans[seat])
        - len(state.under[seat])
        - state.config.deforestation_penalty * state.deforestation_taken[seat]
    )
    value_of, low = data.value_of, data.low
    strength = 0
    for card in state.hands[seat]:
        strength += value_of[card] - low
    for owner, card in state.trick:
        if owner == seat:
            strength += value_of[card] - low
    return realised + promised + HAND_WEIGHT * strength


# --- the three decisions -------------------------------------------------------------------------


def _take(state: ForestState, legal: list[Command], values: list[float]) -> Command:
    suit_of = state.data.suit_of

    def worth(command: Command) -> float:
        return values[suit_of[command.card]] if isinstance(command, TakeCard) else 0.0

    return max(legal, key=worth)


def _play(state: ForestState, seat: int, legal: list[Command], take_values: list[float]) -> Command:
    data = state.data
    value_of, suit_of = data.value_of, data.suit_of
    later = state.players - 1 - len(state.trick)
    options = [take_values[suit_of[card]] for _, card in state.trick]
    above: list[int] = []
    unseen = 1
    if later:
        by_suit, above, unseen = _unseen(state, seat)
        unknown_worth = sum(count * worth for count, worth in zip(by_suit, take_values)) / unseen
        options += [unknown_worth] * later
    options.sort(reverse=True)
    if_first = options[0]
    if_second = options[1] if len(options) > 1 else options[0]
    earlier = [value_of[card] for _, card in state.trick]
    defo, low = data.deforestation_suit, data.low
    priced: dict[int, tuple[float, float]] = {}  # value -> (score before any dump bonus, chance to come first)
    best, best_score = legal[0], -math.inf
    for command in legal:
        assert isinstance(command, PlayCard)  # all the play phase offers
        card = command.card
        value = value_of[card]
        known = priced.get(value)
        if known is None:
            ahead = sum(1 for other in earlier if other >= value)  # earlier cards win ties
            beaten = above[value] / unseen if later else 0.0  # chance that one later card beats this one
            clear = (1 - beaten) ** later
            first = clear if ahead == 0 else 0.0
            second = later * beaten * (1 - beaten) ** (later - 1) if ahead == 0 else clear if ahead == 1 else 0.0
            known = priced[value] = (first * if_first + second * if_second - STRENGTH_COST * (value - low), first)
        score, first = known
        if suit_of[card] == defo:
            score += DUMP_BONUS * (1 - first)
        if score > best_score:
            best, best_score = command, score
    return best


def _unseen(state: ForestState, seat: int) -> tuple[list[int], list[int], int]:
    """The cards this seat has not seen (other hands and set-aside cards, whoever holds them).

    Returned as a count per suit, a count above each value, and a total (at least 1).
    """
    data = state.data
    suit_of, value_of = data.suit_of, data.value_of
    low, high = data.player_cards.values
    by_suit = [data.ranks_per_suit] * len(data.player_cards.suits)
    by_value = [len(by_suit)] * (high + 1)
    for pile in (state.hands[seat], state.discard, *state.won, *state.under, [card for _, card in state.trick]):
        for card in pile:
            by_suit[suit_of[card]] -= 1
            by_value[value_of[card]] -= 1
    above = [0] * (high + 2)
    for value in range(high, low - 1, -1):
        above[value - 1] = above[value] + by_value[value]
    return by_suit, above, max(1, sum(by_suit))
