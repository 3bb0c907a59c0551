"""The mutable state of a game of Le Jeu du Routard; `clone` is hand-written because search copies it a lot.

What is left to do this turn lives in `agenda`, a stack of small immutable tasks (games/routard/tasks.py):
only `evolve` changes it, so folding the events rebuilds the exact point a game was paused at.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from meeplog.core.kernel import fields_of
from meeplog.games.routard.config import RoutardConfig
from meeplog.games.routard.data import DECKS, RoutardData
from meeplog.games.routard.table import Table
from meeplog.games.routard.tasks import Task

HOME: Final = -1  # the off-track "Préparez votre sac" space: a player there is in stage 1
BANK: Final = -1  # the creditor or buyer that is not a player
NOT_BROKE: Final = -1


@dataclass(eq=True, slots=True)
class Traveller:
    """One player's belongings and pawn. Elements are counts: copies beyond the first are spares (R35).

    Collections, instructions and debts are tuples, replaced when they change, so a clone can share them.
    """

    money: int = 0
    cheques: int = 0
    tickets: int = 0
    elements: dict[str, int] = field(default_factory=dict)
    achat: tuple[int, ...] = ()  # card indices, kept face up
    reportage: tuple[int, ...] = ()
    aventure: tuple[int, ...] = ()
    pos: int = HOME
    height: int = 0  # arrival stamp: the lowest stamp on a space is the bottom of its stack
    instructions: tuple[tuple[str, int], ...] = ()  # ("skip", 0) or ("forced", k), FIFO
    broke_since: int = NOT_BROKE  # the turn number when `fauche` was set (R39-R40)
    prep_turns: int = 0
    debts: tuple[tuple[int, int], ...] = ()  # (creditor, amount), only with unpaid_charge="debt"
    announced: str = ""  # the last sheet line he announced aloud (§5.4)
    picked: int = -1  # the last player he chose as a card's target (R33)

    @property
    def travelling(self) -> bool:
        return self.pos != HOME

    @property
    def fauche(self) -> bool:
        return self.broke_since != NOT_BROKE

    def collection(self, deck: str) -> tuple[int, ...]:
        return getattr(self, deck)  # type: ignore[no-any-return]

    def set_collection(self, deck: str, cards: tuple[int, ...]) -> None:
        setattr(self, deck, cards)

    def clone(self) -> Traveller:
        return Traveller(
            self.money,
            self.cheques,
            self.tickets,
            dict(self.elements),
            self.achat,
            self.reportage,
            self.aventure,
            self.pos,
            self.height,
            self.instructions,
            self.broke_since,
            self.prep_turns,
            self.debts,
            self.announced,
            self.picked,
        )


@dataclass(frozen=True, slots=True)
class Auction:
    """A lot on sale. Sealed bids: `bids[seat]` is None until that bidder decides, 0 for a pass.

    Ascending: `price` and `high` are the standing bid, `active` the bidders still in, `to_bid` whose say it is.
    Its `__init__` is written out, as the tasks' are (tasks.py says why), and `but` makes a changed copy.
    """

    seller: int
    lot: str
    card: int
    quantity: int  # how many of the lot
    floor: int
    bidders: tuple[int, ...]
    bids: tuple[int | None, ...] = ()
    price: int = 0
    high: int = BANK
    active: tuple[int, ...] = ()
    to_bid: int = BANK

    def __init__(  # noqa: PLR0917 - its fields in order, as the dataclass's own (pickled as a call with them)
        self, seller: int, lot: str, card: int, quantity: int, floor: int, bidders: tuple[int, ...],
        bids: tuple[int | None, ...] = (), price: int = 0, high: int = BANK, active: tuple[int, ...] = (),
        to_bid: int = BANK,
    ) -> None:
        object.__setattr__(self, "seller", seller)
        object.__setattr__(self, "lot", lot)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "quantity", quantity)
        object.__setattr__(self, "floor", floor)
        object.__setattr__(self, "bidders", bidders)
        object.__setattr__(self, "bids", bids)
        object.__setattr__(self, "price", price)
        object.__setattr__(self, "high", high)
        object.__setattr__(self, "active", active)
        object.__setattr__(self, "to_bid", to_bid)

    def but(self, *, bids: tuple[int | None, ...] | None = None, price: int | None = None, high: int | None = None,
            active: tuple[int, ...] | None = None, to_bid: int | None = None) -> Auction:
        """A copy with the fields given changed (the bidding's fields; None leaves one as it is)."""
        return Auction(self.seller, self.lot, self.card, self.quantity, self.floor, self.bidders,
                       self.bids if bids is None else bids, self.price if price is None else price,
                       self.high if high is None else high, self.active if active is None else active,
                       self.to_bid if to_bid is None else to_bid)

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return fields_of(self)


@dataclass(eq=True)
class RoutardState:
    config: RoutardConfig
    data: RoutardData
    table: Table = field(compare=False, repr=False)  # what a step reads most of the two above (table.py)
    players: list[Traveller] = field(default_factory=list)
    draw: dict[str, tuple[int, ...]] = field(default_factory=dict)  # face-down draw piles, top = last
    discard: dict[str, tuple[int, ...]] = field(default_factory=dict)
    agenda: list[Task] = field(default_factory=list)  # what is left to do, top = last
    turn: int = 0  # whose turn it is
    first_player: int = 0
    round: int = 1
    turn_count: int = 0
    stamp: int = 0
    carried: tuple[int, ...] = ()  # the passengers the turn's driver carried this turn (R29)
    window_tickets: int = 0  # tickets bought in the open shop window (R21)
    auction: Auction | None = None
    narrowed: dict[int, tuple[tuple[int, int], ...]] = field(default_factory=dict)  # seat -> brackets of its amount
    qualified: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    capped: bool = False
    over: bool = False
    memo: dict[int, tuple[Any, ...]] = field(default_factory=dict, compare=False, repr=False)  # legal commands

    @classmethod
    def empty(cls, config: RoutardConfig, data: RoutardData) -> RoutardState:
        return cls(
            config,
            data,
            Table(config, data),
            players=[Traveller() for _ in range(config.players)],
            draw=dict.fromkeys(DECKS, ()),
            discard=dict.fromkeys(DECKS, ()),
        )

    @property
    def count(self) -> int:
        return self.table.players

    @property
    def arrival(self) -> int:
        return self.table.arrival

    def clone(self) -> RoutardState:
        return RoutardState(
            config=self.config,
            data=self.data,
            table=self.table,
            players=[p.clone() for p in self.players],
            draw=dict(self.draw),
            discard=dict(self.discard),
            agenda=list(self.agenda),
            turn=self.turn,
            first_player=self.first_player,
            round=self.round,
            turn_count=self.turn_count,
            stamp=self.stamp,
            carried=self.carried,
            window_tickets=self.window_tickets,
            auction=self.auction,
            narrowed=dict(self.narrowed),
            qualified=self.qualified,
            winners=self.winners,
            capped=self.capped,
            over=self.over,
        )
