"""What one seat of the Donkey game may know (digest section 2.6), as a pydantic model.

A load card shows its value to its owner, to everyone once face up or revealed, and to a seat that
peeked at it (until a favour-4 swap replaces it); which cards were peeked or swapped is public.
"""

from __future__ import annotations

import dataclasses
from typing import Literal

from pydantic import BaseModel

from meeplog.core.kernel import Pending
from meeplog.games.donkey.legal import peeks_left
from meeplog.games.donkey.records import RoundRecord
from meeplog.games.donkey.sampling import LOADS_HIDDEN
from meeplog.games.donkey.state import OVER, PICK, SWAP, DonkeyState


class LoadCard(BaseModel, frozen=True):
    slot: int
    value: int | None  # None: face down and not seen by you
    face_up: bool
    peeked_by: list[int]
    swapped: bool  # replaced by its owner's favour 4 this round
    removed: bool  # taken by the bandits or the picky donkey at the reveal
    scored_by: int | None  # who scores it, once decided


class SeatInfo(BaseModel, frozen=True):
    seat: int
    hand_size: int
    committed: bool
    load: list[LoadCard]
    favours_used: int
    favours_this_round: list[int]
    contract: Literal["accept", "refuse"] | None
    cards_with_lost_donkeys: int
    cards_removed_unseen: int  # stubborn donkeys: never revealed
    known_removed_unseen: list[int]  # those of them you peeked at
    returned_to_hand: list[int]  # cards you saw go back to this hand (favour 4): in hand, or played since
    scored: list[int] | None  # None when scored piles are private (D28)
    scored_cards: int
    score: int | None


class DonkeyView(BaseModel, frozen=True):
    seat: int
    round: int
    phase: str
    to_act: list[int]
    first_player: int
    leader: int
    donkey: str
    plays_as: str
    returning_lost_donkey: bool
    capacity: int | None
    precision_threshold: int | None
    cards_each: int
    favours_allowed: bool
    donkeys_left_in_deck: int
    lost_donkeys_waiting: int
    donkeys_removed_by_doubles: int
    removed_donkeys: list[str] | None  # None unless the config reveals them
    hand: list[int]
    my_lost_loads: list[list[int]]
    peeks_left: int
    overloaded: bool | None  # known after the reveal
    right: list[int]  # eligible seats whose contract was right, after the reveal
    packet: list[tuple[int, int]]  # cards still in an overloaded packet (favour 8 picks)
    limit_changes: list[tuple[int, int]]  # (seat, delta) of favour 6 this round
    favour8_moves: list[tuple[int, tuple[int, int] | None, tuple[int, int] | None]]  # (seat, given, taken)
    seats: list[SeatInfo]
    history: list[RoundRecord]  # every finished round, as the table saw it
    final_scores: list[int] | None


def view(state: DonkeyState, seat: int, pending: Pending) -> DonkeyView:
    revealed = state.phase not in LOADS_HIDDEN
    precision = state.effect == "precision"
    public_piles = state.config.scored_pile_visibility == "public" or state.phase == OVER
    return DonkeyView(
        seat=seat,
        round=state.round,
        phase=state.phase,
        to_act=list(pending.seats),
        first_player=state.first,
        leader=state.leader,
        donkey=state.donkey,
        plays_as=state.effect,
        returning_lost_donkey=state.returning,
        capacity=None if precision else state.limit,
        precision_threshold=state.limit if precision else None,
        cards_each=state.cards_each,
        favours_allowed=state.effect != "hasty",
        donkeys_left_in_deck=len(state.deck),
        lost_donkeys_waiting=len(state.lost),
        donkeys_removed_by_doubles=len(state.removed),
        removed_donkeys=list(state.removed) if state.config.reveal_double_removed else None,
        hand=list(state.hands[seat]),
        my_lost_loads=[[state.value(i) for i in pile[seat]] for _, pile in state.lost],
        peeks_left=max(0, peeks_left(state, seat)) if state.phase in LOADS_HIDDEN else 0,
        overloaded=state.overloaded if state.phase in (PICK, SWAP) else None,
        right=list(state.right),
        packet=[state.slot_of(i) for i in state.packet],
        limit_changes=list(state.adjustments),
        favour8_moves=list(state.favour8),
        seats=[_seat_info(state, seat, other, revealed, public_piles) for other in range(state.players)],
        history=[record if public_piles else _own_draws(record, seat) for record in state.history],
        final_scores=[sum(pile) for pile in state.scored] if state.phase == OVER else None,
    )


def _own_draws(record: RoundRecord, seat: int) -> RoundRecord:
    """The record with other seats' random draws blanked, when scored piles are private (D28)."""
    draws = tuple(cards if owner == seat or not cards else None for owner, cards in enumerate(record.draws))
    return dataclasses.replace(record, draws=draws)


def _seat_info(state: DonkeyState, seat: int, other: int, revealed: bool, public_piles: bool) -> SeatInfo:
    known = state.known[seat]
    contract = state.contracts[other]
    visible = public_piles or other == seat
    pile = state.scored[other]
    return SeatInfo(
        seat=other,
        hand_size=len(state.hands[other]),
        committed=bool(state.played[other]),
        load=[
            LoadCard(
                slot=slot,
                value=state.value(i) if other == seat or revealed or i in state.face_up or i in known else None,
                face_up=i in state.face_up,
                peeked_by=[peeker for peeker, target, s in state.peeks if (target, s) == (other, slot)],
                swapped=(other, slot) in state.swaps,
                removed=i in state.removed_slots,
                scored_by=state.award.get(i),
            )
            for slot, i in enumerate(state.played[other])
        ],
        favours_used=state.favours_used[other],
        favours_this_round=list(state.favours[other]),
        contract=None if contract is None else ("accept" if contract else "refuse"),
        cards_with_lost_donkeys=sum(len(pile_slots[other]) for _, pile_slots in state.lost),
        cards_removed_unseen=len(state.buried[other]),
        known_removed_unseen=sorted(state.value(i) for i in state.buried[other] if other == seat or i in known),
        returned_to_hand=sorted(value for (owner, value) in state.held[seat] if owner == other),
        scored=list(pile) if visible else None,
        scored_cards=len(pile),
        score=sum(pile) if visible else None,
    )
