"""The public record of a finished round, which a seat's view carries.

It lives apart from the state because the state is compiled (core/compiled.py) and mypyc keeps only
the outer type of a compiled dataclass's annotations (`tuple`, not `tuple[tuple[int, ...], ...]`),
while pydantic reads them to validate a view: a record from a compiled module fails its round trip.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RoundRecord:
    """The public account of a finished round, kept so a seat's view holds all the public history.

    `favour8` lists (seat, given card or None, taken or picked card or None); `draws` are the random
    packet draws, which the view blanks for other seats when scored piles are private (D28).
    """

    round: int
    donkey: str
    plays_as: str
    returning: bool
    leader: int
    limit: int
    favours: tuple[tuple[int, ...], ...]
    peeks: tuple[tuple[int, int, int], ...]
    contracts: tuple[bool | None, ...]
    swaps: tuple[tuple[int, int], ...]
    adjustments: tuple[tuple[int, int], ...]
    ending: str  # "set aside", "balked" or "revealed"
    cards: tuple[tuple[int, ...], ...] | None
    removed: tuple[tuple[int, int], ...]
    overloaded: bool | None
    favour8: tuple[tuple[int, tuple[int, int] | None, tuple[int, int] | None], ...]
    gains: tuple[tuple[int, ...], ...]
    draws: tuple[tuple[int, ...] | None, ...]
