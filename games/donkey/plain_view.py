"""What one seat of the Donkey game may know, as plain data: DonkeyView's fields (view.py).

view.py validates it into the model; the environments read it as it is, into an observation vector at every
step, so it is compiled with mypyc (a hot module, core/compiled.py), and kept apart from the pydantic models,
which mypyc does not compile.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Any

from meeplog.core.kernel import Pending
from meeplog.games.donkey.legal import peeks_left
from meeplog.games.donkey.records import RoundRecord
from meeplog.games.donkey.sampling import LOADS_HIDDEN
from meeplog.games.donkey.state import OVER, PICK, SWAP, DonkeyState


def view_data(state: DonkeyState, seat: int, pending: Pending) -> dict[str, Any]:
    """The view as plain data: DonkeyView's fields."""
    revealed = state.phase not in LOADS_HIDDEN
    precision = state.effect == "precision"
    public_piles = state.config.scored_pile_visibility == "public" or state.phase == OVER
    return {
        "seat": seat,
        "round": state.round,
        "phase": state.phase,
        "to_act": list(pending.seats),
        "first_player": state.first,
        "leader": state.leader,
        "donkey": state.donkey,
        "plays_as": state.effect,
        "returning_lost_donkey": state.returning,
        "capacity": None if precision else state.limit,
        "precision_threshold": state.limit if precision else None,
        "cards_each": state.cards_each,
        "favours_allowed": state.effect != "hasty",
        "donkeys_left_in_deck": len(state.deck),
        "lost_donkeys_waiting": len(state.lost),
        "donkeys_removed_by_doubles": len(state.removed),
        "removed_donkeys": list(state.removed) if state.config.reveal_double_removed else None,
        "hand": list(state.hands[seat]),
        "my_lost_loads": [[state.value(i) for i in pile[seat]] for _, pile in state.lost],
        "peeks_left": max(0, peeks_left(state, seat)) if state.phase in LOADS_HIDDEN else 0,
        "overloaded": state.overloaded if state.phase in (PICK, SWAP) else None,
        "right": list(state.right),
        "packet": [state.slot_of(i) for i in state.packet],
        "limit_changes": list(state.adjustments),
        "favour8_moves": list(state.favour8),
        "seats": [_seat_info(state, seat, other, revealed, public_piles) for other in range(state.players)],
        "history": [_record(record) if public_piles else _own_draws(record, seat) for record in state.history],
        "final_scores": [sum(pile) for pile in state.scored] if state.phase == OVER else None,
    }


@lru_cache(maxsize=4096)
def _record(record: RoundRecord) -> dict[str, Any]:
    """A finished round's record as plain data, made once (records never change; nobody writes to the dict).
    Its fields are ints, strings and tuples, so their values are the plain data: `dataclasses.asdict` copied
    each tuple deeply, 140 µs a record, a fifth of an environment's time over a game."""
    return {field.name: getattr(record, field.name) for field in dataclasses.fields(record)}


def _own_draws(record: RoundRecord, seat: int) -> dict[str, Any]:
    """The record with other seats' random draws blanked, when scored piles are private (D28)."""
    draws = tuple(cards if owner == seat or not cards else None for owner, cards in enumerate(record.draws))
    return {**_record(record), "draws": draws}


def _seat_info(state: DonkeyState, seat: int, other: int, revealed: bool, public_piles: bool) -> dict[str, Any]:
    known = state.known[seat]
    contract = state.contracts[other]
    visible = public_piles or other == seat
    pile = state.scored[other]
    return {
        "seat": other,
        "hand_size": len(state.hands[other]),
        "committed": bool(state.played[other]),
        "load": [
            {
                "slot": slot,
                "value": state.value(i) if other == seat or revealed or i in state.face_up or i in known else None,
                "face_up": i in state.face_up,
                "peeked_by": [peeker for peeker, target, s in state.peeks if (target, s) == (other, slot)],
                "swapped": (other, slot) in state.swaps,
                "removed": i in state.removed_slots,
                "scored_by": state.award.get(i),
            }
            for slot, i in enumerate(state.played[other])
        ],
        "favours_used": state.favours_used[other],
        "favours_this_round": list(state.favours[other]),
        "contract": None if contract is None else ("accept" if contract else "refuse"),
        "cards_with_lost_donkeys": sum(len(pile_slots[other]) for _, pile_slots in state.lost),
        "cards_removed_unseen": len(state.buried[other]),
        "known_removed_unseen": sorted(state.value(i) for i in state.buried[other] if other == seat or i in known),
        "returned_to_hand": sorted(value for (owner, value) in state.held[seat] if owner == other),
        "scored": list(pile) if visible else None,
        "scored_cards": len(pile),
        "score": sum(pile) if visible else None,
    }
