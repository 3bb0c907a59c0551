"""Choosing an amount (a bid, a number of hotel cheques) from at most AMOUNTS_PER_DECISION commands.

Bids run in steps of 10 € up to the bidder's cash and cheque counts up to what cash buys, so a rich player
would face hundreds or thousands of commands, and DESIGN.md section 2 bounds every decision. A longer range
is chosen in steps: first a bracket (`Narrow(low, high)`, the amounts sharing their quotient by a power of
ten), then an amount in it, or a narrower bracket. The brackets chosen are the seat's own until the amount
is chosen (`AmountNarrowed` hides them, as `BidSealed` hides a bid), and how many steps a range takes
depends only on public facts (the range itself), so taking them gives nothing away.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Final

from meeplog.core.kernel import Command
from meeplog.games.routard import commands as cmd
from meeplog.games.routard.state import RoutardState

AMOUNTS_PER_DECISION: Final = 100


def amount_options(state: RoutardState, seat: int, amounts: range, make: Callable[[int], Command],
                   passing: Command | None = None) -> list[Command]:
    """`make(amount)` for each of `amounts` (ascending) inside the seat's bracket, after `passing` (the amount 0,
    below the range) if there is one; or, when they are more than one decision lists, the brackets to narrow them to.
    A range, not a list of the amounts: it is its own key for `_made`, where a list had to be copied and hashed."""
    chosen = state.narrowed.get(seat)
    if chosen:
        low, high = chosen[-1]
        amounts = amounts[bisect_left(amounts, low):bisect_right(amounts, high)]
        if low > 0:
            passing = None
    if passing is None:
        if len(amounts) <= AMOUNTS_PER_DECISION:
            return list(_made(make, amounts))
        return _narrowing(amounts)
    if len(amounts) < AMOUNTS_PER_DECISION:
        return [passing, *_made(make, amounts)]
    return _narrowing([0, *amounts])


def _narrowing(amounts: Sequence[int]) -> list[Command]:
    return [cmd.narrow(low, high) for low, high in brackets(amounts)]


@lru_cache(maxsize=1 << 12)
def _made(make: Callable[[int], Command], amounts: range) -> tuple[Command, ...]:
    """`make(amount)` for each amount, remembered: a window or a sale lists the same amounts turn after turn, and
    one lookup for the whole range costs less than one for each amount."""
    return tuple(make(amount) for amount in amounts)


def brackets(amounts: Sequence[int]) -> list[tuple[int, int]]:
    """The amounts (ascending, not negative) grouped by their quotient by the smallest power of ten that leaves at
    most AMOUNTS_PER_DECISION groups, each group as (its least amount, its greatest). Being ascending, a group
    ends where the quotient changes: one pass, with no set or lists of the amounts."""
    width = 10
    while _quotients(amounts, width) > AMOUNTS_PER_DECISION:
        width *= 10
    groups: list[tuple[int, int]] = []
    low = high = amounts[0]
    for amount in amounts:
        if amount // width != low // width:
            groups.append((low, high))
            low = amount
        high = amount
    groups.append((low, high))
    return groups


def _quotients(amounts: Sequence[int], width: int) -> int:
    """How many quotients by `width` the amounts (ascending, not negative) make."""
    count, previous = 0, -1
    for amount in amounts:
        quotient = amount // width
        if quotient != previous:
            count, previous = count + 1, quotient
    return count


def aim(legal: Sequence[Command], wanted: Command, amount: int) -> Command:
    """`wanted` if it is legal now, else the bracket that holds its amount (for players that know the amount)."""
    if wanted in legal:
        return wanted
    return next(c for c in legal if isinstance(c, cmd.Narrow) and c.low <= amount <= c.high)


def redraw_brackets(state: RoutardState, seat: int, options: Callable[[RoutardState, int], list[Command]],
                    rng: random.Random) -> None:
    """Replace `seat`'s hidden brackets by as many drawn at random from the brackets it was offered."""
    steps = len(state.narrowed.pop(seat))
    for _ in range(steps):
        state.memo.clear()
        bracket = rng.choice([c for c in options(state, seat) if isinstance(c, cmd.Narrow)])
        state.narrowed[seat] = (*state.narrowed.get(seat, ()), (bracket.low, bracket.high))
    state.memo.clear()
