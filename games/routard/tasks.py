"""The agenda's tasks: what is left to do, as small immutable records on a stack (top = last).

A task is either a decision (someone must send a command), an active step (the kernel makes exactly
one event for it, drawing the die or a card if needed), or pure bookkeeping that `evolve` expands at
once (an `if_has`, a space to play). Which is which can depend on the state (a charge the payer can
afford is simply paid; one he cannot opens his raise-funds window): see games/routard/legal.py and
automatic.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from meeplog.core.kernel import fields_of
from meeplog.games.routard.data import Effect


@dataclass(frozen=True, slots=True)
class Task:
    seat: int

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return fields_of(self)


@dataclass(frozen=True, slots=True)
class Start(Task):
    """The seat's turn begins: a queued instruction is taken first (R30)."""


@dataclass(frozen=True, slots=True)
class TurnEnd(Task):
    pass


@dataclass(frozen=True, slots=True)
class Capped(Task):
    """The safety cap on rounds is reached (R51)."""


@dataclass(frozen=True, slots=True)
class ArrivalCheck(Task):
    """Does anyone stand on the arrival airport with a complete collection (R48)?"""


@dataclass(frozen=True, slots=True)
class Prep(Task):
    """A stage-1 turn: a sheet line or the departure (§5.4)."""


@dataclass(frozen=True, slots=True)
class SheetOutcome(Task):
    line: str
    roll: int


@dataclass(frozen=True, slots=True)
class Act(Task):
    """S1 and S2 of a travel turn: sales, the shop on an airport, then the movement (§5.5)."""

    forced: int = 0  # a forced move's spaces, from a queued instruction
    may_fly: bool = True


@dataclass(frozen=True, slots=True)
class Charge(Task):
    """A payment that cannot be refused (R39); `seat` pays `amount` to `creditor`."""

    amount: int
    creditor: int
    reason: str


@dataclass(frozen=True, slots=True)
class SaleMenu(Task):
    """The seat picks the lot to auction, or changes his mind."""


@dataclass(frozen=True, slots=True)
class AuctionTask(Task):
    """The lot in `state.auction` is on sale; `seat` is the seller."""


@dataclass(frozen=True, slots=True)
class Draw(Task):
    deck: str
    job_assistance: bool = False  # a hotel card drawn in a Job Assistance turn (R41)


@dataclass(frozen=True, slots=True)
class HotelPay(Task):
    due: int
    job_assistance: bool = False


@dataclass(frozen=True, slots=True)
class ChequeTopUp(Task):
    """Hotel Assistance (R44) or the Job-Assistance hotel (R41): buy the missing cheques, pay the card."""

    due: int
    job_assistance: bool = False


@dataclass(frozen=True, slots=True)
class Play(Task):
    """S5: play the space the seat stands on (§5.8)."""


@dataclass(frozen=True, slots=True)
class Unplayable(Task):
    reason: str


@dataclass(frozen=True, slots=True)
class IllegalOffer(Task):
    """illegal_play="fined": play a reportage/aventure space anyway and pay the fine (R38)?"""

    deck: str


@dataclass(frozen=True, slots=True)
class ChequeWindow(Task):
    """Buying cheques on a chance or poste restante space the seat plays (R18)."""


@dataclass(frozen=True, slots=True)
class Shop(Task):
    """An airport shop window opened by playing the airport (R21)."""


@dataclass(frozen=True, slots=True)
class Purchase(Task):
    """A drawn achat card to pay for (a mandatory purchase, R19)."""

    card: int
    price: int


@dataclass(frozen=True, slots=True)
class Resolve(Task):
    """One effect of a card, applied to `seat`. `target` is the other player, once known."""

    effect: Effect
    deck: str = ""
    card: int = -1
    alone: bool = False  # a targeted effect: the player moves without passengers (R33)
    target: int = -1


@dataclass(frozen=True, slots=True)
class TargetChoice(Task):
    """The drawer picks the other player an effect with counterpart `choice` applies to (R33)."""

    effect: Effect
    deck: str
    card: int


@dataclass(frozen=True, slots=True)
class LoseCard(Task):
    deck: str


@dataclass(frozen=True, slots=True)
class Replay(Task):
    alone: bool


@dataclass(frozen=True, slots=True)
class FormalitesLoss(Task):
    """The last formalités is gone: back to the nearest airport at or behind (R37)."""


@dataclass(frozen=True, slots=True)
class Regain(Task):
    item: str


# Shared instances of the tasks every turn stacks (tasks are immutable, and a frozen dataclass costs more to
# build than to look up). Typed where a task holds a flag beside a count, so True is never taken for 1.
start_task, turn_end_task, play_task = cache(Start), cache(TurnEnd), cache(Play)
arrival_check_task = cache(ArrivalCheck)
draw_task = lru_cache(maxsize=1024, typed=True)(Draw)
act_task = lru_cache(maxsize=1024, typed=True)(Act)
hotel_pay_task = lru_cache(maxsize=1024, typed=True)(HotelPay)
cheque_top_up_task = lru_cache(maxsize=1024, typed=True)(ChequeTopUp)
sale_menu_task, auction_task, cheque_window_task = cache(SaleMenu), cache(AuctionTask), cache(ChequeWindow)
# Resolve is built afresh: a cache would hash its Effect, a pydantic model whose hash is Python-level and
# recursive, which costs twice the build.
