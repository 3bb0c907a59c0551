"""What a hazard does to the players it affects (digest 3.4, rulings H3-H10, H28, H31, H33).

Affected: every other player for a hazard played from hand; only the hikers still hiking for one
revealed on the trail. The result is one event; the victims' own choices follow as tasks.
"""

from __future__ import annotations

import random

from meeplog.core.kernel import GameEvent
from meeplog.games.hike.data import BEAR, BLISTER, RACCOON
from meeplog.games.hike.events import BearCame, BlisterCame, RaccoonCame, SkunkCame
from meeplog.games.hike.packs import is_empty, slot_holding, weight
from meeplog.games.hike.state import EMPTY, HIKE, HikeState

Shown = tuple[tuple[int, tuple[int, ...]], ...]
Guards = tuple[tuple[int, int], ...]


def resolve(state: HikeState, rng: random.Random) -> GameEvent:
    assert state.hazard is not None
    card, player, affected = state.hazard
    effect = state.cards.effects[card]
    if effect == BEAR:
        return _bear(state, card, affected)
    if effect == BLISTER:
        shown, socks = _inspect(state, affected, state.cards.blister_guards)
        return BlisterCame(card, affected, socks, shown, tuple(seat for seat, _ in shown))
    if effect == RACCOON:
        return _raccoon(state, card, player, affected, rng)
    victims = tuple(seat for seat in affected if not is_empty(state.packs[seat]))
    return SkunkCame(card, affected, victims, ends_hike=state.phase == HIKE)


def _inspect(state: HikeState, affected: tuple[int, ...], guards: frozenset[int]) -> tuple[Shown, Guards]:
    """Guard holders show their guard; every other non-empty backpack is shown whole (H31)."""
    shown, guarded = [], []
    for seat in affected:
        pack = state.packs[seat]
        if is_empty(pack):
            continue
        slot = slot_holding(pack, guards, state.face_up[seat])
        if slot != EMPTY:
            guarded.append((seat, slot))
        else:
            shown.append((seat, tuple(pack)))
    return tuple(shown), tuple(guarded)


def _bear(state: HikeState, card: int, affected: tuple[int, ...]) -> BearCame:
    """H5-H8: only candidates (affected, non-empty, no spray) are compared, weights include the hands."""
    shown, sprays = _inspect(state, affected, state.cards.bear_guards)
    weights = tuple((seat, weight(state.cards, list(pack))) for seat, pack in shown)
    victims: tuple[int, ...] = ()
    each_drops_heaviest, down_to = True, 0
    if len(weights) == 1:
        victims = (weights[0][0],)
    elif weights:
        top = max(w for _, w in weights)
        victims = tuple(seat for seat, w in weights if w == top)
        if len(victims) == 1:
            each_drops_heaviest = False
            down_to = max(w for _, w in weights if w < top) - 1
    return BearCame(card, affected, sprays, shown, weights, victims, each_drops_heaviest, down_to)


def _raccoon(state: HikeState, card: int, player: int, affected: tuple[int, ...], rng: random.Random) -> RaccoonCame:
    """H3: each affected player with a hand loses one card drawn blind from it."""
    victims = tuple(seat for seat in affected if state.hands[seat])
    taken = tuple(rng.choice(state.hands[seat]) for seat in victims)
    steals = state.config.raccoon_mode == "player_steals_random" and player >= 0
    return RaccoonCame(card, affected, victims, taken, player if steals else -1)
