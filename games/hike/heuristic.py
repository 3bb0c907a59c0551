"""A hand-written Let's Take a Hike player: packs heavy items, hikes when its pack is strong, abandons before busting.

It reads only what its seat knows: its own hand and backpack, the public table, and the odds of the next
revealed card computed from the cards it has not seen (never the sampled order of the draw pile).
`evaluate` turns the table into every seat's chance of winning, for searches that stop a playout early.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import Final

from meeplog.core.evaluation import win_chances
from meeplog.core.kernel import Command
from meeplog.games.hike import commands as cmd
from meeplog.games.hike.commands import (
    Abandon,
    Continue,
    Discard,
    Drop,
    Join,
    PackCard,
    Pay,
    Place,
    PlayHazard,
    StartHike,
    StayOut,
)
from meeplog.games.hike.data import BEAR, BLISTER, RACCOON, SKUNK
from meeplog.games.hike.packs import contents, heaviest_cards, weight
from meeplog.games.hike.scoring import scores
from meeplog.games.hike.state import DOWN, EMPTY, SMELL, HikeState

HIKE_WEIGHT: Final = 8  # lead a hike with at least this many boots packed ...
HIKE_CARDS: Final = 4  # ... in at least this many cards
JOIN_WEIGHT: Final = 4
JOIN_RISK: Final = 0.3
HAZARD_WORTH: Final = 3.0  # play a hazard when it costs the others about this many boots
RISK_WITH_COMPANY: Final = 0.2  # abandon when the next card busts us this often and others still hike
HAZARD_KEEP: Final = {BEAR: 3.0, SKUNK: 3.0, BLISTER: 2.5, RACCOON: 1.5}
# The evaluation, fitted to two-player heuristic games (and calibrated on them: a seat given 0.7 won 70%).
PACK_WORTH: Final = 0.25  # boots banked by the end per boot carried: a pack is walked and scored only in part
WIN_SPREAD: Final = 1.5  # boots of uncertainty about the final scores when the draw pile is empty ...
SPREAD_PER_CARD: Final = 0.065  # ... widened by every card still to draw


class HikeHeuristic:
    def choose(self, state: HikeState, seat: int, legal: list[Command], rng: random.Random) -> Command:
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if isinstance(first, PackCard):
            return _best_packing(state, legal)
        if isinstance(first, Discard):
            discards = [c for c in legal if isinstance(c, Discard)]
            return min(discards, key=lambda c: (_keep_value(state, c.card), c.card))
        if isinstance(first, Drop):
            return _drop(state, seat, [c for c in legal if isinstance(c, Drop)])
        if isinstance(first, Join):
            strong = weight(state.cards, state.packs[seat]) >= JOIN_WEIGHT and _bust_odds(state, seat) < JOIN_RISK
            return Join() if strong else StayOut()
        if isinstance(first, Pay):
            return _pay(state, seat, [c for c in legal if isinstance(c, Pay)])
        if any(isinstance(c, (Continue, Abandon)) for c in legal):
            return _continue_or_abandon(state, seat, legal)
        return _turn(state, seat, legal)

    def evaluate(self, state: HikeState) -> tuple[float, ...]:
        """Each seat's chance of winning: a softmax over the boots it has banked, plus a share of what its
        backpack carries and of the revealed cards of the hike it is on; the fewer cards left, the surer."""
        cards = state.cards
        estimates = [banked + PACK_WORTH * weight(cards, pack)
                     for banked, pack in zip(scores(state), state.packs)]
        if state.hikers:
            share = sum(cards.boots[card] for card in state.pool) / len(state.hikers)
            for seat in state.hikers:
                estimates[seat] += share
        cards_left = 0 if state.ends_game else len(state.draw)  # a reshuffled pile ends with this hike
        spread = WIN_SPREAD + SPREAD_PER_CARD * cards_left
        return win_chances(estimates, spread)


# --- what things are worth to us ----------------------------------------------------------------------------

def _keep_value(state: HikeState, card: int) -> float:
    cards = state.cards
    effect = cards.effects[card]
    if effect is not None:
        return HAZARD_KEEP[effect]
    guard = card in cards.bear_guards or card in cards.blister_guards
    return cards.boots[card] + (1.0 if guard else 0.0)


def _unseen(state: HikeState, seat: int) -> Counter[int]:
    """Cards whose place this seat does not know: what the next reveal may be."""
    seen = Counter(state.hands[seat]) + Counter(state.discard) + Counter(state.pool)
    for owner in range(state.players):
        seen.update(state.scores[owner])
        seen.update(state.known[owner] if owner != seat else ())
        seen.update(c for slot, c in enumerate(state.packs[owner])
                    if c != EMPTY and (owner == seat or state.shows(owner, slot)))
    return Counter(state.cards.deck) - seen


def _bust_odds(state: HikeState, seat: int, pack: list[int] | None = None) -> float:
    """The chance that the next revealed card costs this backpack the hike (a bust, or a skunk)."""
    cards = state.cards
    pack = state.packs[seat] if pack is None else pack
    unseen = _unseen(state, seat)
    total = sum(unseen.values())
    if not total:
        return 0.0
    carried, held = weight(cards, pack), set(contents(pack))
    losing = sum(n for card, n in unseen.items()
                 if card in cards.skunks or (cards.is_item(card) and card not in held and cards.boots[card] > carried))
    return losing / total


# --- setup and turns --------------------------------------------------------------------------------------------

def _best_packing(state: HikeState, legal: list[Command]) -> Command:
    """Pack everything, heaviest first; among equally heavy items, the one that fits the fewest slots,
    in the lowest free slot."""
    packs = [c for c in legal if isinstance(c, PackCard)]
    cards = state.cards
    return max(packs, key=lambda c: (cards.boots[c.card], -len(cards.slots_for(c.card)), -c.slot))


def _turn(state: HikeState, seat: int, legal: list[Command]) -> Command:
    cards, pack = state.cards, state.packs[seat]
    if StartHike() in legal and weight(cards, pack) >= HIKE_WEIGHT and len(contents(pack)) >= HIKE_CARDS:
        return StartHike()
    hazards = [(c, _hazard_damage(state, seat, c.card)) for c in legal if isinstance(c, PlayHazard)]
    best_hazard = max(hazards, key=lambda pair: pair[1], default=None)
    if best_hazard and best_hazard[1] >= HAZARD_WORTH:
        return best_hazard[0]
    places = [(c, _placement_gain(state, seat, c)) for c in legal if isinstance(c, Place)]
    best_place = max(places, key=lambda pair: pair[1], default=None)
    if best_place and best_place[1] > 0:
        return best_place[0]
    draws = [c for c in legal if not isinstance(c, (Place, PlayHazard, StartHike))]
    if draws:
        return draws[0]
    return best_place[0] if best_place else legal[0]


def _placement_gain(state: HikeState, seat: int, command: Place) -> float:
    cards, pack = state.cards, state.packs[seat]
    occupant = pack[command.slot]
    gain = float(cards.boots[command.card])
    if occupant != EMPTY:
        gain -= cards.boots[occupant] + (1.0 if occupant in cards.bear_guards | cards.blister_guards else 0.0)
    for guards in (cards.bear_guards, cards.blister_guards):
        if command.card in guards and not any(c in guards for c in pack):
            gain += 1.5
    if command.card in pack:
        gain -= 0.5  # a second copy matches nothing new
    return gain


def _hazard_damage(state: HikeState, seat: int, card: int) -> float:
    """Roughly how many boots (or hand cards) a hazard played now costs the other players."""
    cards = state.cards
    effect = cards.effects[card]
    others = [s for s in range(state.players) if s != seat]
    packs = {s: state.packs[s] for s in others if any(c != EMPTY for c in state.packs[s])}
    if effect == RACCOON:
        return float(sum(1 for s in others if state.hands[s]))
    if effect == SKUNK:
        return sum(1.0 + 0.5 * weight(cards, p) for p in packs.values())
    guards = cards.bear_guards if effect == BEAR else cards.blister_guards
    exposed = {s: p for s, p in packs.items() if not any(c in guards for c in p)}
    heaviest = {s: cards.boots[heaviest_cards(cards, p)[0]] for s, p in exposed.items()}
    if effect == BLISTER or len(exposed) < 2:
        return float(sum(heaviest.values()))
    weights = sorted((weight(cards, p) for p in exposed.values()), reverse=True)
    return float(weights[0] - weights[1] + 1) if weights[0] > weights[1] else float(sum(heaviest.values()))


# --- losses -----------------------------------------------------------------------------------------------------

def _drop(state: HikeState, seat: int, legal: list[Drop]) -> Command:
    cards, pack = state.cards, state.packs[seat]
    kind, _, target = state.tasks[0]
    if kind == DOWN:
        need = weight(cards, pack) - target
        held = contents(pack)
        cheapest = min(
            (chosen for size in range(1, len(held) + 1) for chosen in combinations(held, size)
             if sum(cards.boots[c] for c in chosen) >= need),
            key=lambda chosen: (sum(cards.boots[c] for c in chosen), sum(_keep_value(state, c) for c in chosen)),
            default=held,  # nothing is enough (a target below 0, ruling H8): drop the heaviest first
        )
        return cmd.drop(max(cheapest, key=lambda c: cards.boots[c]))
    counts = Counter(contents(pack))
    if kind == SMELL:
        return min(legal, key=lambda c: (_keep_value(state, c.card), -counts[c.card]))
    return min(legal, key=lambda c: (-counts[c.card], _keep_value(state, c.card)))


def _pay(state: HikeState, seat: int, legal: list[Pay]) -> Command:
    """Pay as little as possible, keeping the items most likely to match a coming card, and the guards."""
    cards, pack = state.cards, state.packs[seat]
    unseen = _unseen(state, seat)

    def cost(command: Pay) -> tuple[int, float]:
        kept = Counter(contents(pack)) - Counter(command.cards)
        guards = cards.bear_guards | cards.blister_guards
        coverage: float = sum(unseen[c] for c in kept) + 1.5 * sum(1 for c in kept if c in guards)
        return sum(cards.boots[c] for c in command.cards), -coverage

    return min(legal, key=cost)


# --- the trail --------------------------------------------------------------------------------------------------

def _continue_or_abandon(state: HikeState, seat: int, legal: list[Command]) -> Command:
    cards = state.cards
    abandons = [c for c in legal if isinstance(c, Abandon)]
    best_take = max(abandons, key=lambda c: -1 if c.take is None else cards.boots[c.take])
    if Continue() not in legal:
        return best_take
    risk = _bust_odds(state, seat)
    banked_now = sum(cards.boots[c] for c in state.pool)
    if len(state.hikers) == 1:
        unseen = _unseen(state, seat)
        total = sum(unseen.values()) or 1
        gain = sum(cards.boots[c] * n for c, n in unseen.items() if cards.is_item(c)) / total
        return Continue() if (1 - risk) * (banked_now + gain) > banked_now else best_take
    return Continue() if risk < RISK_WITH_COMPANY else best_take
