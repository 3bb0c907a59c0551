"""What one seat of the Donkey game may know (digest section 2.6), as a pydantic model.

A load card shows its value to its owner, to everyone once face up or revealed, and to a seat that
peeked at it (until a favour-4 swap replaces it); which cards were peeked or swapped is public.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from meeplog.core.kernel import Pending
from meeplog.games.donkey.plain_view import view_data
from meeplog.games.donkey.records import RoundRecord
from meeplog.games.donkey.state import DonkeyState


class LoadCard(BaseModel, frozen=True):
    """A load card played this round."""

    slot: int = Field(
        description="its place among the seat's cards this round (0, or 1 on a double donkey): commands name it "
        "[seat, slot]"
    )
    value: int | None = Field(description="its value, 1-10; null: face down and not seen by you")
    face_up: bool = Field(description="played face up (difficult donkey: the first and last player's cards)")
    peeked_by: list[int] = Field(description="the seats that peeked at it")
    swapped: bool = Field(description="replaced by its owner's favour 4 this round")
    removed: bool = Field(
        description="taken by the bandits (attacked donkey) or the picky donkey at the reveal: it does not count and "
        "its owner scores nothing this round"
    )
    scored_by: int | None = Field(description="the seat that scores it, once decided; null before")


class SeatInfo(BaseModel, frozen=True):
    """What you know of one player."""

    seat: int = Field(description="the player's seat number")
    hand_size: int = Field(description="load cards left in the player's hand")
    committed: bool = Field(description="the player has loaded the donkey this round")
    load: list[LoadCard] = Field(description="the cards the player loaded this round, by slot")
    favours_used: int = Field(description="favours the player used this game (2 at most by default)")
    favours_this_round: list[int] = Field(description="the favours (2, 4, 6, 8, 10) the player used this round")
    contract: Literal["accept", "refuse"] | None = Field(
        description="the player's contract this round: accept (not overloaded) or refuse (overloaded); null before "
        "deciding"
    )
    cards_with_lost_donkeys: int = Field(
        description="the player's cards set aside with lost donkeys, waiting for them to return"
    )
    cards_removed_unseen: int = Field(description="the player's cards buried unrevealed by stubborn donkeys")
    known_removed_unseen: list[int] = Field(
        description="the values of those buried cards that you know (your own, or peeked at)"
    )
    returned_to_hand: list[int] = Field(
        description="values you saw go back to this hand by favour 4: still in hand, or played since"
    )
    scored: list[int] | None = Field(
        description="the values of the cards the player scored, sorted; null when scored piles are private (an "
        "option) until the end"
    )
    scored_cards: int = Field(description="how many cards the player scored (always public)")
    score: int | None = Field(
        description="the sum of the scored values: the player's points; null when scored piles are private"
    )


class DonkeyView(BaseModel, frozen=True):
    """What one seat knows at a decision of the Donkey game."""

    seat: int = Field(description="your seat number")
    round: int = Field(description="the round being played, from 1 (one donkey a round)")
    phase: str = Field(
        description="load, favour, contract, post-contract favours, favour 8 pick, favour 8 swap or over"
    )
    to_act: list[int] = Field(description="the seats that must decide now")
    first_player: int = Field(description="the holder of the first-player card")
    leader: int = Field(
        description="the seat that starts this round: the first player, or a returning lost donkey's original first "
        "player (an option)"
    )
    donkey: str = Field(
        description="this round's donkey card: normal, giant, puny, precision, hasty, holey, attacked, lost, double, "
        "stubborn, difficult or picky"
    )
    plays_as: str = Field(
        description="how it plays this round: its kind, or normal for a double revealed last or a returning lost donkey"
    )
    returning_lost_donkey: bool = Field(description="a lost donkey set aside earlier, resolved now")
    capacity: int | None = Field(
        description="the load sum above which the donkey is overloaded (5 per player; giant 6, puny 4, double 10 per "
        "player); null on the precision donkey"
    )
    precision_threshold: int | None = Field(
        description="precision donkey only: overloaded when the highest card minus the lowest is above this (5)"
    )
    cards_each: int = Field(description="load cards each player commits this round: 1, or 2 on a double")
    favours_allowed: bool = Field(description="favours may be used this round (not on the hasty donkey)")
    donkeys_left_in_deck: int = Field(description="donkeys still to come from the deck")
    lost_donkeys_waiting: int = Field(description="lost donkeys set aside, to be resolved after the deck")
    donkeys_removed_by_doubles: int = Field(description="donkeys a double removed from the deck unseen")
    removed_donkeys: list[str] | None = Field(
        description="which donkeys those were; null unless an option reveals them"
    )
    hand: list[int] = Field(description="the values of your load cards in hand, sorted")
    my_lost_loads: list[list[int]] = Field(description="your cards set aside with each waiting lost donkey")
    peeks_left: int = Field(
        description="face-down cards you may still peek at before deciding (holey donkey, favour 10)"
    )
    overloaded: bool | None = Field(description="the donkey's verdict after the reveal; null before")
    right: list[int] = Field(description="after the reveal, the seats whose contract was right and who may score")
    packet: list[tuple[int, int]] = Field(
        description="overloaded: the kept cards still to share among the right refusers, as [seat, slot]"
    )
    limit_changes: list[tuple[int, int]] = Field(description="favour 6 this round: [seat, change] for each use")
    favour8_moves: list[tuple[int, tuple[int, int] | None, tuple[int, int] | None]] = Field(
        description="favour 8 this round: [seat, card given, card taken or picked], cards as [seat, slot] or null"
    )
    seats: list[SeatInfo] = Field(description="every player, by seat number from 0, you included")
    history: list[RoundRecord] = Field(description="every finished round, as the table saw it")
    final_scores: list[int] | None = Field(
        description="each seat's total, by seat number, once the game is over; null before"
    )

    @classmethod
    def plain(cls, state: DonkeyState, seat: int, pending: Pending) -> dict[str, Any]:
        """This view as plain data, without the model (PlainView: what the environments' vectors read)."""
        return view_data(state, seat, pending)


def view(state: DonkeyState, seat: int, pending: Pending) -> DonkeyView:
    """Built as plain data and validated once, so that the environments can take the data alone."""
    return DonkeyView.model_validate(view_data(state, seat, pending))
