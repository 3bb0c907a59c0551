"""The mutable state of a game of Perudo; `clone` is written by hand because search copies it on every simulation.

`counts` says how many dice each seat has (0 once it is out), `cups` which faces it rolled this round
(sorted; tuples, so a clone shares them). The standing bid is `quantity`
dice showing `face`, made by `bidder`; `quantity` is 0 before a round's opening bid. The last round's
lifted cups stay in `last_reveal`: public from the moment they were shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .config import PerudoConfig
from .data import Dice
from .events import CalzaCalled, CupsLifted, DudoCalled

NO_BID = 0


@dataclass(eq=True)
class PerudoState:
    config: PerudoConfig
    dice: Dice
    counts: list[int]
    cups: list[tuple[int, ...]]
    round: int = 0
    turn: int = 0  # the seat to bid or call now
    quantity: int = NO_BID
    face: int = 0
    bidder: int = -1
    bidding_on: int = 0
    palifico: bool = False  # this round: aces are not wild and the opening face stays (P11)
    had_palifico: list[bool] = field(default_factory=list)  # seats whose palifico round was played
    out: list[int] = field(default_factory=list)  # seats with no dice left, in the order they went out
    last_call: DudoCalled | CalzaCalled | None = None
    last_reveal: CupsLifted | None = None

    @classmethod
    def new(cls, config: PerudoConfig, dice: Dice) -> PerudoState:
        """Before the first roll: every cup empty (the first round's DiceRolled events fill them)."""
        players = config.players
        return cls(config, dice, counts=[dice.per_player] * players, cups=[()] * players,
                   had_palifico=[False] * players)

    def clone(self) -> PerudoState:
        return PerudoState(
            config=self.config,
            dice=self.dice,
            counts=list(self.counts),
            cups=list(self.cups),
            round=self.round,
            turn=self.turn,
            quantity=self.quantity,
            face=self.face,
            bidder=self.bidder,
            bidding_on=self.bidding_on,
            palifico=self.palifico,
            had_palifico=list(self.had_palifico),
            out=list(self.out),
            last_call=self.last_call,
            last_reveal=self.last_reveal,
        )

    @property
    def players(self) -> int:
        return len(self.counts)

    @property
    def over(self) -> bool:
        return len(self.out) >= self.players - 1

    @property
    def in_play(self) -> int:
        """Dice on the table, every cup together: what bids are about."""
        return sum(self.counts)

    @property
    def wild(self) -> int | None:
        """The face that counts as any other in this round, if any (aces, unless the round is palifico)."""
        return self.dice.wild if self.config.aces_wild and not self.palifico else None
