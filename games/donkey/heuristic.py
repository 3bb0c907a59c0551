"""A Donkey player that estimates the total from what it knows, the way a careful human would.

It sees its own cards, face-up cards and the cards it peeked at; every other load card is a guess
drawn from what that player can still hold (its colour minus everything shown). A few dozen such
guesses estimate whether the donkey will be overloaded, and so what accepting or refusing is worth.

- Load: the card(s) worth most now, counting that a card kept for later would still score part of its
  value (`KEPT_CARD_SHARE`); it keeps its cheapest favour cards aside to sacrifice them.
- Favours: it spends its two on rounds it cannot call (or when rounds run out), cheapest card first.
- Peeks: always, at a card it has not seen. Contract, favours 4 and 6: whatever the estimate says
  is worth most. Favour 8: the best card on offer.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

from meeplog.core.evaluation import win_chances
from meeplog.core.kernel import Command
from meeplog.games.donkey.commands import (
    ACCEPT,
    FAVOUR8_KEEP,
    NO_FAVOUR,
    REFUSE,
    Commit,
    DeclareFavour,
    Favour4Swap,
    Favour6Adjust,
    Favour8Pick,
    Favour8Swap,
    Peek,
)
from meeplog.games.donkey.legal import favour6_limit
from meeplog.games.donkey.loads import Card, Weighing, weigh
from meeplog.games.donkey.sampling import hidden_slots
from meeplog.games.donkey.state import CONTRACT, FAVOUR, LOAD, NEXT, PICK, POST, DonkeyState

TRIALS: Final = 24
KEPT_CARD_SHARE: Final = 0.4  # the share of its value a card kept in hand is expected to score later
UNSURE: Final = (0.2, 0.8)  # overload chances between these make a round worth a favour
# evaluate: a seat goes on to score about this share of the load it still holds or has on the table, and the
# final scores spread by about SPREAD_PER_ROUND * sqrt(rounds left) + SPREAD_AT_END (fitted on heuristic games)
LOAD_SHARE: Final = 0.6
SPREAD_PER_ROUND: Final = 1.5
SPREAD_AT_END: Final = 0.5

Guess = tuple[list[Card], list[tuple[int, int, list[int]]]]  # seen cards; (seat, slot, candidate values)


class DonkeyHeuristic:
    def evaluate(self, state: DonkeyState) -> tuple[float, ...]:
        """Each seat's chance of winning: a softmax over its banked points plus a share of its load still to play."""
        rounds_left = _rounds_left(state)
        estimates = [sum(state.scored[seat]) + LOAD_SHARE * _load_in_play(state, seat) for seat in range(state.players)]
        spread = SPREAD_PER_ROUND * math.sqrt(rounds_left) + SPREAD_AT_END
        return win_chances(estimates, spread)

    def choose(self, state: DonkeyState, seat: int, legal: list[Command], rng: random.Random) -> Command:
        phase = state.phase
        if phase == LOAD:
            return self._load(state, seat, legal, rng)
        if phase == FAVOUR:
            return self._favour(state, seat, legal, rng)
        if phase == CONTRACT:
            peeks = [c for c in legal if isinstance(c, Peek)]
            if peeks:
                return rng.choice(peeks)
            accept, refuse = _values(state, seat, _guesses(state, seat, rng), mine=None, limit=state.limit)
            return ACCEPT if accept >= refuse else REFUSE
        if phase == POST:
            return self._post(state, seat, legal, rng)
        if phase == PICK:
            return max(legal, key=lambda c: _value_at(state, c.seat, c.slot) if isinstance(c, Favour8Pick) else 0)
        return max(legal, key=lambda c: _swap_profit(state, c))

    def _load(self, state: DonkeyState, seat: int, legal: list[Command], rng: random.Random) -> Command:
        reserved = _reserved_favours(state, seat)
        options = [c for c in legal if isinstance(c, Commit) and not set(c.cards) & reserved] or legal
        if len(options) == 1:
            return options[0]
        guesses = _guesses(state, seat, rng)
        best, best_value = options[0], float("-inf")
        for option in options:
            assert isinstance(option, Commit)
            accept, refuse = _values(state, seat, guesses, mine=option.cards, limit=state.limit)
            value = max(accept, refuse) - KEPT_CARD_SHARE * sum(option.cards)
            if value > best_value:
                best, best_value = option, value
        return best

    def _favour(self, state: DonkeyState, seat: int, legal: list[Command], rng: random.Random) -> Command:
        favours = [c for c in legal if isinstance(c, DeclareFavour)]
        if not favours:
            return NO_FAVOUR
        left = state.config.max_favours_per_game - state.favours_used[seat]
        rounds_left = _rounds_left(state)
        guesses = _guesses(state, seat, rng)
        chance = sum(_weigh(state, cards, state.limit).overloaded for cards in guesses) / len(guesses)
        if rounds_left > left and not UNSURE[0] <= chance <= UNSURE[1]:
            return NO_FAVOUR
        return min(favours, key=lambda c: c.favour if isinstance(c, DeclareFavour) else 0)

    def _post(self, state: DonkeyState, seat: int, legal: list[Command], rng: random.Random) -> Command:
        accepted = state.contracts[seat]
        guesses = _guesses(state, seat, rng)
        best, best_value = legal[0], float("-inf")
        for option in legal:
            mine, limit, spent = None, state.limit, 0
            if isinstance(option, Favour4Swap):
                own = list(_own_values(state, seat))
                spent = option.card - own[option.slot]
                own[option.slot] = option.card
                mine = tuple(own)
            elif isinstance(option, Favour6Adjust):
                limit = favour6_limit(state, option.delta)
            accept, refuse = _values(state, seat, guesses, mine=mine, limit=limit)
            value = (accept if accepted else refuse) - KEPT_CARD_SHARE * spent
            if value > best_value:
                best, best_value = option, value
        return best


def _reserved_favours(state: DonkeyState, seat: int) -> set[int]:
    """The cheapest favour cards in hand, one per favour still to spend."""
    left = state.config.max_favours_per_game - state.favours_used[seat]
    favours = sorted(c for c in state.hands[seat] if c in state.data.load_cards.favours)
    return set(favours[: max(0, left)])


def _rounds_left(state: DonkeyState) -> int:
    """Rounds still to be played, this one included unless it is over: the deck, then the lost donkeys."""
    return len(state.deck) + len(state.lost) + (state.phase != NEXT)


def _load_in_play(state: DonkeyState, seat: int) -> int:
    """The value of the seat's load cards not yet scored or lost: in hand, on the table, under a lost donkey."""
    table = sum(_own_values(state, seat))
    set_aside = sum(state.value(i) for _, slots in state.lost for i in slots[seat])
    return sum(state.hands[seat]) + table + set_aside


def _own_values(state: DonkeyState, seat: int) -> tuple[int, ...]:
    return tuple(state.value(i) for i in state.played[seat])


def _guesses(state: DonkeyState, seat: int, rng: random.Random) -> list[list[Card]]:
    """TRIALS tables of the other players' load cards: seen ones as they are, unseen ones guessed."""
    seen, unseen = _knowledge(state, seat)
    tables = []
    for _ in range(TRIALS):
        table = list(seen)
        drawn: dict[int, list[int]] = {}
        for other, slot, candidates in unseen:
            if other not in drawn:
                count = sum(1 for o, _, _ in unseen if o == other)
                drawn[other] = rng.sample(candidates, min(count, len(candidates)))
            if drawn[other]:
                table.append((other, slot, drawn[other].pop()))
        tables.append(table)
    return tables


def _knowledge(state: DonkeyState, seat: int) -> Guess:
    """The other seats' load cards `seat` can see, and for the others the values they can hold."""
    seen: list[Card] = []
    unseen: list[tuple[int, int, list[int]]] = []
    known = state.known[seat]
    for other in range(state.players):
        if other == seat:
            continue
        ids = state.played[other]
        hidden = [i for i in hidden_slots(state, other) if i not in known]
        pool = sorted(state.hands[other] + [state.value(i) for i in hidden])  # a public set, whatever the guess
        for slot in range(state.cards_each):
            slot_id = ids[slot] if slot < len(ids) else None
            if slot_id is not None and (slot_id in known or slot_id in state.face_up):
                seen.append((other, slot, state.value(slot_id)))
            else:
                unseen.append((other, slot, pool))
    return seen, unseen


def _weigh(state: DonkeyState, cards: Sequence[Card], limit: int) -> Weighing:
    return weigh(state.effect, cards, limit, state.config)


def _values(state: DonkeyState, seat: int, guesses: list[list[Card]], mine: tuple[int, ...] | None,
            limit: int) -> tuple[float, float]:
    """Expected points this round for accepting and for refusing, over the guessed tables."""
    cards = mine if mine is not None else _own_values(state, seat)
    draws = state.config.double_refuser_draws if state.cards_each == 2 else 1
    accept = refuse = 0.0
    for table in guesses:
        full = table + [(seat, slot, value) for slot, value in enumerate(cards)]
        weighing = _weigh(state, full, limit)
        if seat in weighing.ineligible:
            continue
        if weighing.overloaded:
            kept = [value for s, slot, value in full if (s, slot) not in weighing.removed]
            if kept:  # D22 options off their defaults let a picky donkey remove every card: nothing to draw
                refuse += draws * sum(kept) / len(kept)
        else:
            accept += sum(value for slot, value in enumerate(cards) if (seat, slot) not in weighing.removed)
    return accept / len(guesses), refuse / len(guesses)


def _value_at(state: DonkeyState, seat: int, slot: int) -> int:
    return state.value(state.played[seat][slot])


def _swap_profit(state: DonkeyState, command: Command) -> int:
    if isinstance(command, Favour8Swap):
        return _value_at(state, *command.take) - _value_at(state, *command.give)
    return 0 if command == FAVOUR8_KEEP else -1
