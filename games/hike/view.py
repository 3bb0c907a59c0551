"""What one seat of Let's Take a Hike may know (digest 3.6): a pydantic model built off the kernel path."""

from __future__ import annotations

from pydantic import BaseModel

from meeplog.core.kernel import Pending
from meeplog.games.hike.legal import expected
from meeplog.games.hike.packs import weight
from meeplog.games.hike.state import EMPTY, HIKE, SETUP, HikeState


class Card(BaseModel, frozen=True):
    id: int
    name: str
    boots: int
    hazard: bool


class SlotView(BaseModel, frozen=True):
    slot: str
    card: Card | None
    face_down: bool  # a card lies there that this seat cannot see


class SeatView(BaseModel, frozen=True):
    seat: int
    hand_size: int
    known_in_hand: list[Card]  # cards everybody saw go into this hand (still there)
    backpack: list[SlotView]
    backpack_weight: int | None  # None while some of it is face down to this seat
    known_absent: list[Card]  # face-down variant: items this hiker showed it does not carry
    score_pile: list[Card]
    score: int


class TrailView(BaseModel, frozen=True):
    lead_hiker: int
    leader: int
    hikers: list[int]
    revealed_not_taken: list[Card]
    meeting: Card | None
    still_to_answer: list[int]
    last_hike: bool  # the draw pile ran out: the game ends with this hike


class HikeView(BaseModel, frozen=True):
    seat: int
    phase: str
    to_act: list[int]
    asked: str
    first_player: int
    current_player: int
    actions_left: int
    hand: list[Card]
    draw_size: int
    draw_contents: list[Card] | None  # known once the discard pile was reshuffled into it
    discard: list[Card]
    seats: list[SeatView]
    hike: TrailView | None


def card(state: HikeState, card_id: int) -> Card:
    cards = state.cards
    return Card(id=card_id, name=cards.names[card_id], boots=cards.boots[card_id], hazard=not cards.is_item(card_id))


def _cards(state: HikeState, ids: list[int]) -> list[Card]:
    return [card(state, c) for c in ids]


def _visible(state: HikeState, observer: int, owner: int, slot: int) -> bool:
    if owner == observer:
        return True
    if state.phase == SETUP and not state.pack_shown[owner]:
        return False
    return state.shows(owner, slot)


def _seat(state: HikeState, observer: int, owner: int) -> SeatView:
    pack = state.packs[owner]
    secret_packing = owner != observer and state.phase == SETUP and not state.pack_shown[owner]
    slots = []
    for slot, held in enumerate(pack):
        name = state.cards.slot_names[slot]
        if held == EMPTY or secret_packing:
            slots.append(SlotView(slot=name, card=None, face_down=False))
        elif _visible(state, observer, owner, slot):
            slots.append(SlotView(slot=name, card=card(state, held), face_down=False))
        else:
            slots.append(SlotView(slot=name, card=None, face_down=True))
    all_seen = not secret_packing and not any(s.face_down for s in slots)
    packed_in_secret = sum(1 for held in pack if held != EMPTY) if secret_packing else 0
    return SeatView(
        seat=owner,
        hand_size=len(state.hands[owner]) + packed_in_secret,
        known_in_hand=_cards(state, state.known[owner]),
        backpack=slots,
        backpack_weight=weight(state.cards, pack) if all_seen else None,
        known_absent=_cards(state, sorted(state.lacks[owner])),
        score_pile=_cards(state, state.scores[owner]),
        score=sum(state.cards.boots[c] for c in state.scores[owner]),
    )


def view(state: HikeState, seat: int, pending: Pending) -> HikeView:
    trail = None
    if state.phase == HIKE:
        trail = TrailView(
            lead_hiker=state.current,
            leader=state.leader,
            hikers=state.clockwise(state.leader, state.hikers),
            revealed_not_taken=_cards(state, state.pool),
            meeting=card(state, state.revealed) if state.revealed != EMPTY else None,
            still_to_answer=list(state.queue),
            last_hike=state.ends_game,
        )
    return HikeView(
        seat=seat,
        phase=state.phase,
        to_act=list(pending.seats),
        asked=expected(state),
        first_player=state.first_player,
        current_player=state.current,
        actions_left=state.actions_left,
        hand=_cards(state, state.hands[seat]),
        draw_size=len(state.draw),
        draw_contents=_cards(state, sorted(state.draw)) if state.reshuffled else None,
        discard=_cards(state, state.discard),
        seats=[_seat(state, seat, owner) for owner in range(state.players)],
        hike=trail,
    )
