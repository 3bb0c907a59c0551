"""What a player may say on its turn: a bid, "dudo" (I doubt it) or "calza" (exactly right).

A bid is taken in two steps, so that no decision lists every quantity on every face (up to 180 bids):
first `BidOn` a face, then `Bid` how many dice show it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import Field

from meeplog.core.kernel import Command

Face = Annotated[int, Field(description="the face bid on, 1-6 (1: aces)")]


@dataclass(frozen=True)
class BidOn(Command):
    """The first step of a bid: the face it is about; the quantity is chosen next."""

    face: Face


@dataclass(frozen=True)
class Bid(Command):
    """At least `quantity` dice on the table show `face` (aces counting as any face while they are wild)."""

    quantity: Annotated[int, Field(description="how many dice, of all the dice on the table, show the face at least")]
    face: Face


@dataclass(frozen=True)
class Dudo(Command):
    """The standing bid is too high: every cup is lifted, and whoever was wrong loses a die."""


@dataclass(frozen=True)
class Calza(Command):
    """The standing bid is exactly right: the caller wins a die back if so, and loses one if not."""


COMMANDS = (BidOn, Bid, Dudo, Calza)
DUDO, CALZA = Dudo(), Calza()
