"""The steps the kernel takes by itself: the deal of the donkeys at setup, and between decisions reveal
the next donkey, set a lost donkey aside, reveal and weigh the loads, deal the packet, pass the
first-player card, end the game.

Each returns the one event for the state's current automatic phase, or None at a decision; only the
deals draw randomness, and their outcome goes into the event. `play_on` makes and folds them until a
player must choose.
"""

from __future__ import annotations

import random

from meeplog.core.kernel import GameEvent
from meeplog.games.donkey.events import (
    Dealt,
    DonkeyRevealed,
    GameEnded,
    LoadsRevealed,
    LostDonkeyReturns,
    LostSetAside,
    RoundEnded,
    RoundScored,
    StubbornBalked,
)
from meeplog.games.donkey.evolve import evolve
from meeplog.games.donkey.loads import weigh
from meeplog.games.donkey.state import END_ROUND, NEXT, REVEAL, SCORE, SET_ASIDE, DonkeyState


def deal(state: DonkeyState, rng: random.Random) -> Dealt:
    """The first player and the donkey deck, from the config's counts (or the data's copies)."""
    data, config = state.data, state.config
    counts = config.donkey_counts if config.donkey_counts is not None else {d.id: d.copies for d in data.donkey}
    pool = [d.id for d in data.donkey for _ in range(counts.get(d.id, 0))]
    used = data.deck.donkeys_used
    if len(pool) < used:
        raise ValueError(f"donkey_counts give {len(pool)} donkeys; the deck needs {used}")
    first = rng.randrange(state.players)
    rng.shuffle(pool)
    return Dealt(first, tuple(pool[:used]), tuple(pool[used:]))


def play_on(state: DonkeyState, rng: random.Random) -> list[GameEvent]:
    """The kernel's own events until a player must choose again (or the game is over), folded into `state`."""
    events: list[GameEvent] = []
    while (step := automatic(state, rng)) is not None:
        evolve(state, step)
        events.append(step)
    return events


def automatic(state: DonkeyState, rng: random.Random) -> GameEvent | None:
    phase = state.phase
    if phase == NEXT:
        return _next_donkey(state)
    if phase == SET_ASIDE:
        return LostSetAside(state.round)
    if phase == REVEAL:
        return _reveal(state)
    if phase == SCORE:
        return _score(state, rng)
    if phase == END_ROUND:
        stays = state.effect == "lost" and not state.config.lost_pass_first_player
        return RoundEnded(state.round, state.first if stays else (state.first + 1) % state.players)
    return None


def _next_donkey(state: DonkeyState) -> GameEvent:
    """The deck's top donkey; then the set-aside lost donkeys, oldest first (D24); then the end."""
    config = state.config
    if state.deck:
        donkey = state.deck[0]
        if donkey != "double":
            return DonkeyRevealed(state.round + 1, donkey, donkey, None, config.reveal_double_removed)
        if len(state.deck) == 1:  # nothing left to remove: a normal donkey (D5)
            return DonkeyRevealed(state.round + 1, donkey, "normal", None, config.reveal_double_removed)
        removed = state.deck[-1] if config.double_removes_bottom else state.deck[1]
        return DonkeyRevealed(state.round + 1, donkey, "double", removed, config.reveal_double_removed)
    if state.lost:
        original, _ = state.lost[0]
        first = state.first if config.lost_first_player == "current_holder" else original
        return LostDonkeyReturns(state.round + 1, first)
    scores = tuple(sum(pile) for pile in state.scored)
    return GameEnded(scores, tuple(len(pile) for pile in state.scored))


def _reveal(state: DonkeyState) -> GameEvent:
    refusers = tuple(seat for seat in state.order() if state.contracts[seat] is False)
    if state.effect == "stubborn" and 2 * len(refusers) > state.players:
        return StubbornBalked(state.round, refusers)
    cards = [(seat, slot, state.value(slot_id)) for seat, ids in enumerate(state.played)
             for slot, slot_id in enumerate(ids)]
    weighing = weigh(state.effect, cards, state.limit, state.config)
    values = tuple(tuple(state.value(slot_id) for slot_id in ids) for ids in state.played)
    return LoadsRevealed(state.round, values, weighing.removed, weighing.measure, state.limit, weighing.overloaded)


def _score(state: DonkeyState, rng: random.Random) -> RoundScored:
    """Awarded cards (own loads, favour 8 swaps and picks), then random packet draws for right refusers."""
    players = state.players
    gains: list[list[int]] = [[] for _ in range(players)]
    for slot_id in sorted(state.award):
        gains[state.award[slot_id]].append(state.value(slot_id))
    draws: list[tuple[int, ...]] = [()] * players
    if state.overloaded:
        each = state.config.double_refuser_draws if state.cards_each == 2 else 1
        packet = list(state.packet)
        rng.shuffle(packet)
        for seat in state.right:
            count = each - len(gains[seat])
            draws[seat] = tuple(state.value(slot_id) for slot_id in packet[:count])
            del packet[:count]
    drawn = tuple(sorted(value for cards in draws for value in cards))
    private = state.config.scored_pile_visibility == "owner"
    return RoundScored(state.round, tuple(map(tuple, gains)), tuple(draws), drawn, private)
