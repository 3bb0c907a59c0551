"""Trek cards leaving the deck during one decision, with the reshuffles they cause (rulings T21, 4.6).

The discard pile is shuffled into a new deck when a card must be drawn from an empty deck (or, with
`reshuffle_timing="on_empty"`, as soon as the last card is drawn). The row is never reshuffled; when deck
and discard pile are both empty, draws take what exists and the row stays short until the next draw.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

from meeplog.core.draws import shuffle
from meeplog.core.kernel import GameEvent
from meeplog.games.trekking.events import TrekDeckShuffled, trek_row_filled
from meeplog.games.trekking.state import NO_ONE, TrekState


class TrekDraws:
    """A cursor over the trek deck that appends each draw's event, and any reshuffle, to `events`."""

    def __init__(self, state: TrekState, rng: random.Random, events: list[GameEvent]) -> None:
        self.rng = rng
        self.events = events
        self.deck = state.trek_deck
        self.top = len(self.deck)
        self.discard = state.trek_discard
        self._discarded: int | None = None  # counted only when the deck runs out
        self.shuffle_when_empty = state.config.reshuffle_timing == "on_empty"

    def available(self) -> int:
        return self.top + self.discarded()

    def discarded(self) -> int:
        if self._discarded is None:
            self._discarded = sum(self.discard)
        return self._discarded

    def draw(self, event: Callable[[int], GameEvent]) -> int | None:
        """Take the top card, recording `event(card)`; None when deck and discard pile are both empty."""
        if not self.top and self.discarded():
            self._reshuffle()
        if not self.top:
            return None
        self.top -= 1
        card = self.deck[self.top]
        self.events.append(event(card))
        if self.shuffle_when_empty and not self.top and self.discarded():
            self._reshuffle()
        return card

    def fill(self, row: list[int]) -> None:
        """Top up every empty slot of the trek row, left to right, as cards allow."""
        for slot, card in enumerate(row):
            if card == NO_ONE:
                drawn = self.draw(partial(trek_row_filled, slot))
                if drawn is None:
                    return
                row[slot] = drawn

    def _reshuffle(self) -> None:
        order = [kind for kind, count in enumerate(self.discard) for _ in range(count)]
        shuffle(self.rng, order)
        self.events.append(TrekDeckShuffled(tuple(order)))
        self.deck, self.top = order, len(order)
        self.discard, self._discarded = [0] * len(self.discard), 0
