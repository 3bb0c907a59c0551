"""The agenda's tasks: what is left to do, as small immutable records on a stack (top = last).

A task is either a decision (someone must send a command), an active step (the kernel makes exactly
one event for it, drawing the die or a card if needed), or pure bookkeeping that `evolve` expands at
once (an `if_has`, a space to play). Which is which can depend on the state (a charge the payer can
afford is simply paid; one he cannot opens his raise-funds window): see games/routard/legal.py and
automatic.py.

Each task with fields of its own writes its `__init__` out, and the others take Task's (`init=False`): the
compiled build runs a written `__init__` as C, about 20 ns (`object.__setattr__` on a compiled class is a
plain store), where the one `dataclass` writes for a frozen class stays interpreted, 300-400 ns. So tasks
are built afresh, never looked up in a cache.
"""

from __future__ import annotations

from dataclasses import dataclass

from meeplog.core.kernel import fields_of
from meeplog.games.routard.data import Effect


@dataclass(frozen=True, slots=True)
class Task:
    seat: int

    def __init__(self, seat: int) -> None:
        object.__setattr__(self, "seat", seat)

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return fields_of(self)


@dataclass(frozen=True, slots=True, init=False)
class Start(Task):
    """The seat's turn begins: a queued instruction is taken first (R30)."""


@dataclass(frozen=True, slots=True, init=False)
class TurnEnd(Task):
    pass


@dataclass(frozen=True, slots=True, init=False)
class Capped(Task):
    """The safety cap on rounds is reached (R51)."""


@dataclass(frozen=True, slots=True, init=False)
class ArrivalCheck(Task):
    """Does anyone stand on the arrival airport with a complete collection (R48)?"""


@dataclass(frozen=True, slots=True, init=False)
class Prep(Task):
    """A stage-1 turn: a sheet line or the departure (§5.4)."""


@dataclass(frozen=True, slots=True)
class SheetOutcome(Task):
    line: str
    roll: int

    def __init__(self, seat: int, line: str, roll: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "roll", roll)


@dataclass(frozen=True, slots=True)
class Act(Task):
    """S1 and S2 of a travel turn: sales, the shop on an airport, then the movement (§5.5)."""

    forced: int = 0  # a forced move's spaces, from a queued instruction
    may_fly: bool = True

    def __init__(self, seat: int, forced: int = 0, may_fly: bool = True) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "forced", forced)
        object.__setattr__(self, "may_fly", may_fly)


@dataclass(frozen=True, slots=True)
class Charge(Task):
    """A payment that cannot be refused (R39); `seat` pays `amount` to `creditor`."""

    amount: int
    creditor: int
    reason: str

    def __init__(self, seat: int, amount: int, creditor: int, reason: str) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "creditor", creditor)
        object.__setattr__(self, "reason", reason)


@dataclass(frozen=True, slots=True, init=False)
class SaleMenu(Task):
    """The seat picks the lot to auction, or changes his mind."""


@dataclass(frozen=True, slots=True, init=False)
class AuctionTask(Task):
    """The lot in `state.auction` is on sale; `seat` is the seller."""


@dataclass(frozen=True, slots=True)
class Draw(Task):
    deck: str
    job_assistance: bool = False  # a hotel card drawn in a Job Assistance turn (R41)

    def __init__(self, seat: int, deck: str, job_assistance: bool = False) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "job_assistance", job_assistance)


@dataclass(frozen=True, slots=True)
class HotelPay(Task):
    due: int
    job_assistance: bool = False

    def __init__(self, seat: int, due: int, job_assistance: bool = False) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "due", due)
        object.__setattr__(self, "job_assistance", job_assistance)


@dataclass(frozen=True, slots=True)
class ChequeTopUp(Task):
    """Hotel Assistance (R44) or the Job-Assistance hotel (R41): buy the missing cheques, pay the card."""

    due: int
    job_assistance: bool = False

    def __init__(self, seat: int, due: int, job_assistance: bool = False) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "due", due)
        object.__setattr__(self, "job_assistance", job_assistance)


@dataclass(frozen=True, slots=True, init=False)
class Play(Task):
    """S5: play the space the seat stands on (§5.8)."""


@dataclass(frozen=True, slots=True)
class Unplayable(Task):
    reason: str

    def __init__(self, seat: int, reason: str) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "reason", reason)


@dataclass(frozen=True, slots=True)
class IllegalOffer(Task):
    """illegal_play="fined": play a reportage/aventure space anyway and pay the fine (R38)?"""

    deck: str

    def __init__(self, seat: int, deck: str) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "deck", deck)


@dataclass(frozen=True, slots=True, init=False)
class ChequeWindow(Task):
    """Buying cheques on a chance or poste restante space the seat plays (R18)."""


@dataclass(frozen=True, slots=True, init=False)
class Shop(Task):
    """An airport shop window opened by playing the airport (R21)."""


@dataclass(frozen=True, slots=True)
class Purchase(Task):
    """A drawn achat card to pay for (a mandatory purchase, R19)."""

    card: int
    price: int

    def __init__(self, seat: int, card: int, price: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "price", price)


@dataclass(frozen=True, slots=True)
class Resolve(Task):
    """One effect of a card, applied to `seat`. `target` is the other player, once known."""

    effect: Effect
    deck: str = ""
    card: int = -1
    alone: bool = False  # a targeted effect: the player moves without passengers (R33)
    target: int = -1

    def __init__(  # noqa: PLR0917 - positional, as the dataclass's own: pickled as a call with its fields
        self, seat: int, effect: Effect, deck: str = "", card: int = -1, alone: bool = False, target: int = -1
    ) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "effect", effect)
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "alone", alone)
        object.__setattr__(self, "target", target)


@dataclass(frozen=True, slots=True)
class TargetChoice(Task):
    """The drawer picks the other player an effect with counterpart `choice` applies to (R33)."""

    effect: Effect
    deck: str
    card: int

    def __init__(self, seat: int, effect: Effect, deck: str, card: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "effect", effect)
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "card", card)


@dataclass(frozen=True, slots=True)
class LoseCard(Task):
    deck: str

    def __init__(self, seat: int, deck: str) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "deck", deck)


@dataclass(frozen=True, slots=True)
class Replay(Task):
    alone: bool

    def __init__(self, seat: int, alone: bool) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "alone", alone)


@dataclass(frozen=True, slots=True, init=False)
class FormalitesLoss(Task):
    """The last formalités is gone: back to the nearest airport at or behind (R37)."""


@dataclass(frozen=True, slots=True)
class Regain(Task):
    item: str

    def __init__(self, seat: int, item: str) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "item", item)
