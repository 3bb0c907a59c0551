"""What one seat of Old Man of the Forest may know."""

from __future__ import annotations

from pydantic import BaseModel

from meeplog.core.kernel import Pending
from meeplog.games.forest.state import ForestState


class Card(BaseModel, frozen=True):
    id: int
    suit: str
    value: int


class OrangutanCard(BaseModel, frozen=True):
    id: int
    name: str
    points: int
    requires: list[str]


class Played(BaseModel, frozen=True):
    seat: int
    card: Card


class SeatPublic(BaseModel, frozen=True):
    hand_size: int
    won: list[Card]
    orangutans: list[OrangutanCard]
    cards_under_orangutans: int
    deforestation_taken: int
    banked_score: int


class ForestView(BaseModel, frozen=True):
    seat: int
    game: int
    round: int
    phase: str
    to_act: list[int]
    leader: int
    first: int | None
    second: int | None
    hand: list[Card]
    trick: list[Played]
    display: list[OrangutanCard]
    orangutan_deck_size: int
    set_aside_size: int
    discard: list[Card]
    seats: list[SeatPublic]


def card(state: ForestState, card_id: int) -> Card:
    data = state.data
    return Card(id=card_id, suit=data.player_cards.suits[data.suit(card_id)], value=data.value(card_id))


def orangutan(state: ForestState, index: int) -> OrangutanCard:
    info = state.data.orangutan[index]
    requires = [*info.requirement, *["any"] * info.any]
    return OrangutanCard(id=index, name=info.id, points=info.points, requires=requires)


def view(state: ForestState, seat: int, pending: Pending) -> ForestView:
    return ForestView(
        seat=seat,
        game=state.game,
        round=state.round,
        phase=state.phase,
        to_act=list(pending.seats),
        leader=state.leader,
        first=state.first if state.first >= 0 else None,
        second=state.second if state.second >= 0 else None,
        hand=[card(state, c) for c in state.hands[seat]],
        trick=[Played(seat=s, card=card(state, c)) for s, c in state.trick],
        display=[orangutan(state, o) for o in state.display],
        orangutan_deck_size=len(state.deck),
        set_aside_size=len(state.set_aside),
        discard=[card(state, c) for c in state.discard],
        seats=[
            SeatPublic(
                hand_size=len(state.hands[s]),
                won=[card(state, c) for c in state.won[s]],
                orangutans=[orangutan(state, o) for o in state.orangutans[s]],
                cards_under_orangutans=len(state.under[s]),
                deforestation_taken=state.deforestation_taken[s],
                banked_score=state.banked[s],
            )
            for s in range(state.players)
        ],
    )
