"""What one seat of Let's Take a Hike may know, as plain data: HikeView's fields (view.py).

view.py validates it into the model; the environments read it as it is, into an observation vector at every
step, so it is compiled with mypyc (a hot module, core/compiled.py), and kept apart from the pydantic models,
which mypyc does not compile.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from meeplog.core.kernel import Pending
from meeplog.games.hike.data import DATA
from meeplog.games.hike.legal import expected
from meeplog.games.hike.packs import weight
from meeplog.games.hike.state import EMPTY, HIKE, SETUP, HikeState


def card(state: HikeState, card_id: int) -> dict[str, Any]:
    return _card_table(state.config.data_file)[card_id]


@cache
def _card_table(path: str | None) -> tuple[dict[str, Any], ...]:
    """Every card kind's plain data, by id: built once per data file (nobody writes to the dicts)."""
    cards = DATA.load(path)
    return tuple(
        {"id": kind, "name": cards.names[kind], "boots": cards.boots[kind], "hazard": not cards.is_item(kind)}
        for kind in range(len(cards.names))
    )


def _cards(state: HikeState, ids: list[int]) -> list[dict[str, Any]]:
    table = _card_table(state.config.data_file)
    return [table[c] for c in ids]


def _visible(state: HikeState, observer: int, owner: int, slot: int) -> bool:
    if owner == observer:
        return True
    if state.phase == SETUP and not state.pack_shown[owner]:
        return False
    return state.shows(owner, slot)


def _seat(state: HikeState, observer: int, owner: int) -> dict[str, Any]:
    pack = state.packs[owner]
    secret_packing = owner != observer and state.phase == SETUP and not state.pack_shown[owner]
    slots: list[dict[str, Any]] = []
    for slot, held in enumerate(pack):
        name = state.cards.slot_names[slot]
        if held == EMPTY or secret_packing:
            slots.append({"slot": name, "card": None, "face_down": False})
        elif _visible(state, observer, owner, slot):
            slots.append({"slot": name, "card": card(state, held), "face_down": False})
        else:
            slots.append({"slot": name, "card": None, "face_down": True})
    all_seen = not secret_packing and not any(s["face_down"] for s in slots)
    packed_in_secret = sum(1 for held in pack if held != EMPTY) if secret_packing else 0
    return {
        "seat": owner,
        "hand_size": len(state.hands[owner]) + packed_in_secret,
        "known_in_hand": _cards(state, state.known[owner]),
        "backpack": slots,
        "backpack_weight": weight(state.cards, pack) if all_seen else None,
        "known_absent": _cards(state, sorted(state.lacks[owner])),
        "score_pile": _cards(state, state.scores[owner]),
        "score": sum(state.cards.boots[c] for c in state.scores[owner]),
    }


def view_data(state: HikeState, seat: int, pending: Pending) -> dict[str, Any]:
    """The view as plain data: HikeView's fields."""
    trail = None
    if state.phase == HIKE:
        trail = {
            "lead_hiker": state.current,
            "leader": state.leader,
            "hikers": state.clockwise(state.leader, state.hikers),
            "revealed_not_taken": _cards(state, state.pool),
            "meeting": card(state, state.revealed) if state.revealed != EMPTY else None,
            "still_to_answer": list(state.queue),
            "last_hike": state.ends_game,
        }
    return {
        "seat": seat,
        "phase": state.phase,
        "to_act": list(pending.seats),
        "asked": expected(state),
        "first_player": state.first_player,
        "current_player": state.current,
        "actions_left": state.actions_left,
        "hand": _cards(state, state.hands[seat]),
        "draw_size": len(state.draw),
        "draw_contents": _cards(state, sorted(state.draw)) if state.reshuffled else None,
        "discard": _cards(state, state.discard),
        "seats": [_seat(state, seat, owner) for owner in range(state.players)],
        "hike": trail,
    }
