"""What one seat of Let's Take a Hike may know (digest 3.6): a pydantic model built off the kernel path."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from meeplog.core.kernel import Pending
from meeplog.games.hike.plain_view import view_data
from meeplog.games.hike.state import HikeState


class Card(BaseModel, frozen=True):
    """A card: an item that fits some backpack slots, or a hazard."""

    id: int = Field(description="the card kind, the number commands name it by (every copy of an item shares it)")
    name: str = Field(description="the item (tent, socks, ...) or the hazard (bear, skunk, raccoon, blister)")
    boots: int = Field(
        description="0-4 boots: the card's weight in a backpack, the distance it costs to walk when turned up on a "
        "hike, and its points once banked; 0 for a hazard"
    )
    hazard: bool = Field(description="a hazard: played from hand or met on a hike, never packed")


class SlotView(BaseModel, frozen=True):
    """One of the seven slots of a backpack."""

    slot: str = Field(description="the slot's name; its place in `backpack` is the number commands give it")
    card: Card | None = Field(description="the card in the slot; null: empty, or face down to you")
    face_down: bool = Field(
        description="a card lies here that you cannot see (face-down variant, or still being packed in secret)"
    )


class SeatView(BaseModel, frozen=True):
    """What the table knows of one player."""

    seat: int = Field(description="the player's seat number")
    hand_size: int = Field(description="cards in the player's hand (backpack cards packed in secret count here)")
    known_in_hand: list[Card] = Field(description="cards everybody saw go into this hand and still there")
    backpack: list[SlotView] = Field(description="the seven slots, in slot number order (0-6)")
    backpack_weight: int | None = Field(
        description="the boots of every card in the backpack; null while some of it is face down to you"
    )
    known_absent: list[Card] = Field(
        description="face-down variant: items this hiker showed it does not carry (it paid instead of matching), "
        "until the hike ends"
    )
    score_pile: list[Card] = Field(description="the cards banked by abandoning hikes (public)")
    score: int = Field(description="the boots in the score pile: the player's points so far")


class TrailView(BaseModel, frozen=True):
    """The hike in progress."""

    lead_hiker: int = Field(description="the seat that started the hike; the seat to its left plays after it")
    leader: int = Field(
        description="the seat leading now: the lead hiker, or the next hiker clockwise once it left the hike"
    )
    hikers: list[int] = Field(description="the seats still hiking, clockwise from the leader")
    revealed_not_taken: list[Card] = Field(description="items turned up on this hike that nobody banked yet")
    meeting: Card | None = Field(
        description="the card just turned up, which each hiker matches or pays for now; null between cards"
    )
    still_to_answer: list[int] = Field(
        description="the seats still to decide on the current step (join, pay or continue), in order"
    )
    last_hike: bool = Field(description="the draw pile ran out: the game ends with this hike")


class HikeView(BaseModel, frozen=True):
    """What one seat knows at a decision of Let's Take a Hike."""

    seat: int = Field(description="your seat number")
    phase: str = Field(
        description="setup (packing), turn, hike, ending (the last turn after the draw pile ran out) or over"
    )
    to_act: list[int] = Field(description="the seats that must decide now")
    asked: str = Field(description="what you are being asked now, in words")
    first_player: int = Field(description="the seat that played the first turn")
    current_player: int = Field(description="whose turn it is; during a hike, the lead hiker")
    actions_left: int = Field(description="actions left in the current turn (3 at its start by default)")
    hand: list[Card] = Field(description="your hand, sorted by kind (hand limit 7 by default)")
    draw_size: int = Field(description="cards left in the draw pile; the game ends when it runs out")
    draw_contents: list[Card] | None = Field(
        description="the draw pile's cards, sorted, once it is the reshuffled discard pile; null while unknown"
    )
    discard: list[Card] = Field(description="the discard pile, face up, oldest first")
    seats: list[SeatView] = Field(description="every player, by seat number from 0, you included")
    hike: TrailView | None = Field(description="the hike in progress; null outside a hike")

    @classmethod
    def plain(cls, state: HikeState, seat: int, pending: Pending) -> dict[str, Any]:
        """This view as plain data, without the model (PlainView: what the environments' vectors read)."""
        return view_data(state, seat, pending)


def view(state: HikeState, seat: int, pending: Pending) -> HikeView:
    """Built as plain data and validated once, so that the environments can take the data alone."""
    return HikeView.model_validate(view_data(state, seat, pending))
