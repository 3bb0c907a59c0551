"""The public record of a finished round, which a seat's view carries.

It lives apart from the state because the state is compiled (core/compiled.py) and mypyc keeps only
the outer type of a compiled dataclass's annotations (`tuple`, not `tuple[tuple[int, ...], ...]`),
while pydantic reads them to validate a view: a record from a compiled module fails its round trip.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import Field


@dataclass(frozen=True)
class RoundRecord:
    """The public account of a finished round, kept so a seat's view holds all the public history.

    `draws` are the random packet draws, which the view blanks for other seats when scored piles are private
    (D28).
    """

    round: Annotated[int, Field(description="the round's number")]
    donkey: Annotated[str, Field(description="the donkey card of the round")]
    plays_as: Annotated[str, Field(description="how it played: its kind, or normal")]
    returning: Annotated[bool, Field(description="a lost donkey that returned after the deck")]
    leader: Annotated[int, Field(description="the seat that started the round")]
    limit: Annotated[int, Field(description="the capacity, or the precision threshold, after any favour 6")]
    favours: Annotated[tuple[tuple[int, ...], ...], Field(description="the favours each seat used, by seat")]
    peeks: Annotated[
        tuple[tuple[int, int, int], ...],
        Field(description="every peek as [peeker, seat, slot] (the value stays the peeker's)"),
    ]
    contracts: Annotated[
        tuple[bool | None, ...],
        Field(description="each seat's contract, by seat: true accept, false refuse, null none (a lost donkey)"),
    ]
    swaps: Annotated[tuple[tuple[int, int], ...], Field(description="the cards replaced by favour 4, as [seat, slot]")]
    adjustments: Annotated[tuple[tuple[int, int], ...], Field(description="favour 6 uses, as [seat, change]")]
    ending: Annotated[str, Field(description="set aside (a lost donkey), balked (stubborn: buried unseen) or revealed")]
    cards: Annotated[
        tuple[tuple[int, ...], ...] | None,
        Field(description="the values each seat played, by seat; null when they were not revealed"),
    ]
    removed: Annotated[
        tuple[tuple[int, int], ...],
        Field(description="the cards the attacked or picky donkey removed, as [seat, slot]"),
    ]
    overloaded: Annotated[bool | None, Field(description="the verdict; null when the loads were not revealed")]
    favour8: Annotated[
        tuple[tuple[int, tuple[int, int] | None, tuple[int, int] | None], ...],
        Field(description="favour 8 uses, as [seat, card given, card taken or picked], cards as [seat, slot] or null"),
    ]
    gains: Annotated[
        tuple[tuple[int, ...], ...],
        Field(
            description="the values each seat scored from the loads, by seat (own cards, or a favour 8 pick or swap)"
        ),
    ]
    draws: Annotated[
        tuple[tuple[int, ...] | None, ...],
        Field(
            description="the values each right refuser drew at random from the packet, by seat; null when hidden from "
            "you (private scored piles)"
        ),
    ]
