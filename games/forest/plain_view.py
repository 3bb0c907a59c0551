"""What one seat of Old Man of the Forest may know, as plain data: ForestView's fields (view.py).

view.py validates it into the model; the environments read it as it is, into an observation vector at every
step, so it is compiled with mypyc (a hot module, core/compiled.py), and kept apart from the pydantic models,
which mypyc does not compile.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from meeplog.core.kernel import Pending
from meeplog.games.forest.data import DATA
from meeplog.games.forest.state import ForestState


def view_data(state: ForestState, seat: int, pending: Pending) -> dict[str, Any]:
    """The view as plain data: ForestView's fields."""
    card = _card_table(state.config.data_file)
    orangutan = _orangutans(state.config.data_file)
    return {
        "seat": seat,
        "game": state.game,
        "round": state.round,
        "phase": state.phase,
        "to_act": list(pending.seats),
        "leader": state.leader,
        "first": state.first if state.first >= 0 else None,
        "second": state.second if state.second >= 0 else None,
        "hand": [card[c] for c in state.hands[seat]],
        "trick": [{"seat": s, "card": card[c]} for s, c in state.trick],
        "display": [orangutan[o] for o in state.display],
        "orangutan_deck_size": len(state.deck),
        "set_aside_size": len(state.set_aside),
        "discard": [card[c] for c in state.discard],
        "seats": [
            {
                "hand_size": len(state.hands[s]),
                "won": [card[c] for c in state.won[s]],
                "orangutans": [orangutan[o] for o in state.orangutans[s]],
                "cards_under_orangutans": len(state.under[s]),
                "deforestation_taken": state.deforestation_taken[s],
                "banked_score": state.banked[s],
            }
            for s in range(state.players)
        ],
    }


# The parts of a view that depend only on the data are built once (nobody writes to their dicts).


@cache
def _card_table(path: str | None) -> tuple[dict[str, Any], ...]:
    """Every player card's plain data, by id."""
    data = DATA.load(path)
    suits = data.player_cards.suits
    return tuple(
        {"id": card, "suit": suits[data.suit(card)], "value": data.value(card)} for card in range(data.deck_size)
    )


@cache
def _orangutans(path: str | None) -> tuple[dict[str, Any], ...]:
    """Every orangutan's plain data, by index."""
    return tuple(
        {"id": index, "name": info.id, "points": info.points, "requires": [*info.requirement, *["any"] * info.any]}
        for index, info in enumerate(DATA.load(path).orangutan)
    )
