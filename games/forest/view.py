"""What one seat of Old Man of the Forest may know."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from meeplog.core.kernel import Pending
from meeplog.games.forest.plain_view import view_data
from meeplog.games.forest.state import ForestState


class Card(BaseModel, frozen=True):
    """A player card."""

    id: int = Field(description="the card's id, the number commands name it by: suit * 10 + value - 1")
    suit: str = Field(description="red, blue, yellow, green or deforestation (which never pays a requirement)")
    value: int = Field(description="1-10: the highest card played ranks first, ties to the earlier card")


class OrangutanCard(BaseModel, frozen=True):
    """An orangutan card: points for the player who cashes in its requirement."""

    id: int = Field(description="the orangutan's id, the number `CashIn` names it by")
    name: str = Field(description="the orangutan's name in the data file")
    points: int = Field(description="the points it scores at the end")
    requires: list[str] = Field(
        description="the suits that pay it, one card each; `any`: a card of any suit but deforestation"
    )


class Played(BaseModel, frozen=True):
    """A card in this round's trick."""

    seat: int = Field(description="the seat that played it")
    card: Card = Field(description="the card played")


class SeatPublic(BaseModel, frozen=True):
    """What the table knows of one player."""

    hand_size: int = Field(description="cards left in the player's hand")
    won: list[Card] = Field(description="the won pile: cards taken and not yet cashed in (-1 point each at the end)")
    orangutans: list[OrangutanCard] = Field(description="the orangutans the player saved this game")
    cards_under_orangutans: int = Field(description="won cards that went under orangutans (-1 point each)")
    deforestation_taken: int = Field(
        description="deforestation cards the player took this game (-2 points each by default, wherever they are now)"
    )
    banked_score: int = Field(description="points from the finished games of a match (0 in a one-game match)")


class ForestView(BaseModel, frozen=True):
    """What one seat knows at a decision of Old Man of the Forest."""

    seat: int = Field(description="your seat number")
    game: int = Field(description="the game of the match being played, from 0")
    round: int = Field(description="the round of this game, 1-10; everyone plays one card a round")
    phase: str = Field(description="play, take-first, cash-first, take-second, cash-second or over")
    to_act: list[int] = Field(description="the seats that must decide now")
    leader: int = Field(description="the seat that plays first this round")
    first: int | None = Field(
        description="the seat that played the highest card this round; null until all cards are played"
    )
    second: int | None = Field(
        description="the seat that played the second highest card; null until all cards are played"
    )
    hand: list[Card] = Field(description="your cards")
    trick: list[Played] = Field(description="the cards played this round, in play order")
    display: list[OrangutanCard] = Field(
        description="the orangutans that can be cashed in (players + 1 while the deck lasts)"
    )
    orangutan_deck_size: int = Field(description="orangutans left in the hidden deck that refills the display")
    set_aside_size: int = Field(description="player cards set aside unseen at the deal, out of the game")
    discard: list[Card] = Field(
        description="the discard pile, face up: untaken trick cards and cards paid to orangutans"
    )
    seats: list[SeatPublic] = Field(description="every player, by seat number from 0, you included")

    @classmethod
    def plain(cls, state: ForestState, seat: int, pending: Pending) -> dict[str, Any]:
        """This view as plain data, without the model (PlainView: what the environments' vectors read)."""
        return view_data(state, seat, pending)


def view(state: ForestState, seat: int, pending: Pending) -> ForestView:
    """Built as plain data and validated once, so that the environments can take the data alone."""
    return ForestView.model_validate(view_data(state, seat, pending))
