"""Final scores and tie-breaks: boots banked, then cards banked, then the skunk draw for first place (H32)."""

from __future__ import annotations

import random
from collections import Counter

from meeplog.core.kernel import Outcome
from meeplog.games.hike.events import GameEnded
from meeplog.games.hike.state import HikeState


def scores(state: HikeState) -> tuple[int, ...]:
    boots = state.cards.boots
    return tuple(sum(boots[card] for card in pile) for pile in state.scores)


def score_pad(state: HikeState) -> tuple[dict[str, int], ...]:
    """The rulebook counts one number, the boot prints of the cards in the score pile (H30); the category also
    names how many cards that is, the first tie-break."""
    return tuple({f"boot prints of the score pile ({len(pile)} cards)": points}
                 for points, pile in zip(scores(state), state.scores, strict=True))


def final_event(state: HikeState, rng: random.Random) -> GameEnded:
    """Score the game and, if several players tie for first on boots and cards, run the skunk draw.

    Each round shuffles every card outside the score piles; the tied players draw in turn from the one
    nearest the first player clockwise, and whoever draws a skunk is out. Rounds repeat until one is left.
    """
    points = scores(state)
    banked = tuple(len(pile) for pile in state.scores)
    keys = list(zip(points, banked, strict=True))
    tied = [seat for seat, key in enumerate(keys) if key == max(keys)]
    rounds: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    eliminated: list[int] = []
    if len(tied) > 1 and state.config.final_tie == "skunk_draw":
        outside = list((Counter(state.cards.deck) - Counter(c for pile in state.scores for c in pile)).elements())
        remaining = state.clockwise(state.first_player, tied)
        while len(remaining) > 1:
            pile = list(outside)
            rng.shuffle(pile)
            drawers: list[int] = []
            drawn: list[int] = []
            while not drawn or drawn[-1] not in state.cards.skunks:
                drawers.append(remaining[len(drawn) % len(remaining)])
                drawn.append(pile.pop())
            rounds.append((tuple(drawers), tuple(drawn)))
            eliminated.append(drawers[-1])
            remaining.remove(drawers[-1])
    return GameEnded(state.end_reason, points, banked, tuple(rounds), tuple(eliminated))


def outcome(state: HikeState) -> Outcome:
    points = scores(state)
    out = state.eliminated
    survivors = len(out) + 1
    keys = [
        (points[seat], len(state.scores[seat]), out.index(seat) + 1 if seat in out else survivors)
        for seat in range(state.players)
    ]
    return Outcome.from_keys(points, keys, note="ties broken by cards banked, then the skunk draw for first place")
