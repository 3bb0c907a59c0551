"""The end of a Routard game: the winner ranks first; by default everyone else ties second (R48-R51)."""

from __future__ import annotations

from meeplog.core.kernel import Outcome
from meeplog.games.routard.data import COLLECTION_DECKS
from meeplog.games.routard.queries import target
from meeplog.games.routard.state import RoutardState


def progress(state: RoutardState, seat: int) -> tuple[int, int, int]:
    """rank_losers="progress" (R50): counted cards (each type capped at the target), track position, cash."""
    player = state.players[seat]
    cards = sum(min(len(player.collection(deck)), target(state)) for deck in COLLECTION_DECKS)
    return cards, player.pos, player.money


def score_pad(state: RoutardState) -> tuple[dict[str, int], ...]:
    """Routard counts no points: a seat scores 1 for arriving first with a full collection (R48), else 0. The
    one category says so, with the seat's counted cards and cash (the cash breaks a tie among arrivals, R49)."""
    full = target(state) * len(COLLECTION_DECKS)
    winners = () if state.capped else state.winners
    pads = []
    for seat in range(state.count):
        cards, _, cash = progress(state, seat)
        pads.append({f"arrival with a full collection ({cards} of {full} cards, {cash} €)": int(seat in winners)})
    return tuple(pads)


def outcome(state: RoutardState) -> Outcome:
    count = state.count
    if state.capped or not state.winners:
        return Outcome((0.0,) * count, (1,) * count, note=f"no winner: the safety cap of {state.config.max_rounds} "
                       "rounds ended the game, everyone ties")
    scores = tuple(1.0 if seat in state.winners else 0.0 for seat in range(count))
    if state.config.rank_losers == "progress":
        keys = [(1, (0, 0, 0)) if seat in state.winners else (0, progress(state, seat)) for seat in range(count)]
        return Outcome.from_keys(scores, keys, note="winner first, then by cards, position and cash")
    return Outcome.from_keys(scores, scores, note="the winner(s) first, everyone else tied")
