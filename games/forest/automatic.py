"""The one step the game takes by itself: the deal of each game of the match (hands, the set-aside
pile, the orangutan display and deck, the first player), its draws written into the `Dealt` event."""

from __future__ import annotations

import random

from meeplog.games.forest.events import Dealt
from meeplog.games.forest.state import HAND_SIZE, ForestState


def deal(state: ForestState, game: int, rng: random.Random) -> Dealt:
    """The deal of game `game` of the match (counted from 0)."""
    data, players = state.data, state.players
    first = _draw_for_first_player(state, rng) if state.config.first_player == "card_draw" else rng.randrange(players)
    cards = list(range(data.deck_size))
    rng.shuffle(cards)
    hands = tuple(tuple(sorted(cards[i * HAND_SIZE:(i + 1) * HAND_SIZE])) for i in range(players))
    orangutans = list(range(len(data.orangutan)))
    rng.shuffle(orangutans)
    return Dealt(
        game=game,
        first_player=first,
        hands=hands,
        set_aside=tuple(sorted(cards[players * HAND_SIZE:])),
        display=tuple(orangutans[: players + 1]),
        deck=tuple(orangutans[players + 1:]),
    )


def _draw_for_first_player(state: ForestState, rng: random.Random) -> int:
    """Deal a card to each contender; the highest value starts, ties get another card each."""
    cards = list(range(state.data.deck_size))
    rng.shuffle(cards)
    contenders = list(range(state.players))
    while len(contenders) > 1:
        values = {seat: state.data.value(cards.pop()) for seat in contenders}
        best = max(values.values())
        contenders = [seat for seat in contenders if values[seat] == best]
    return contenders[0]
