"""A game played again after an interruption replays the decisions it stored, not the attempts (DESIGN.md
section 10).

A game's stored prefix is the truth for the decisions it holds. Played again from its seed, each stored
decision is made again the way it was made: a seat that pays for its answers (a model, an HTTP agent, a
person) is not asked, its stored exchanges and refusals are recorded again as they were and its stored
command played; a deterministic player (a seeded bot, a fallback) is asked again, so that its generator
moves on as it did, and must answer what it answered then. An exchange that produced no decision (a
transport failure, a refused format, a cancelled request) is only an attempt: what the prefix holds after its
last decision is recorded again and the seat is asked anew. Only a decision that the rules or a
deterministic player now make differently is a divergence, and the error says which decision and why.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from meeplog.core.audit import DECISIONS, SEAT_AUDIT, CommandAccepted, LlmExchange, PlayerFellBack
from meeplog.core.codec import Codec
from meeplog.core.game import Recorded
from meeplog.core.kernel import Command


class Diverged(RuntimeError):
    """A game played again did not go the way its stored part went."""


@dataclass(frozen=True)
class StoredDecision:
    """One decision of the stored prefix: the seat's audit records before it, and what was played."""

    number: int  # counted from 1 over the game's decisions, for messages
    seat: int
    audit: tuple[Recorded, ...]  # the seat's exchanges and refusals that led to it, as stored
    decision: CommandAccepted | PlayerFellBack

    @property
    def command(self) -> Command | None:
        return self.decision.command

    @property
    def fell_back(self) -> str | None:
        """Why the fallback moved, if it did."""
        return self.decision.why if isinstance(self.decision, PlayerFellBack) else None


class StoredDecisions:
    """The decisions of a stored prefix, handed out in the order the game asks for them."""

    def __init__(self, stored: Sequence[Recorded]) -> None:
        self._decisions: deque[StoredDecision] = deque()
        waiting: dict[int, list[Recorded]] = {}  # each seat's audit records since its last decision
        for record in stored:
            event = record.event
            if isinstance(event, DECISIONS):
                audit = tuple(waiting.pop(event.seat, ()))
                self._decisions.append(StoredDecision(len(self._decisions) + 1, event.seat, audit, event))
            elif isinstance(event, SEAT_AUDIT):
                waiting.setdefault(event.seat, []).append(record)
        self.attempts = sorted((r for records in waiting.values() for r in records), key=_version)
        """The audit records after each seat's last decision: attempts that decided nothing."""

    def __bool__(self) -> bool:
        return bool(self._decisions)

    def take(self, seats: Sequence[int]) -> dict[int, StoredDecision]:
        """The stored decisions of the `seats` the game now asks, one each; Diverged if the stored game went on
        with other seats (the rules now ask someone else)."""
        taken = [self._decisions.popleft() for _ in seats if self._decisions]
        if any(d.seat not in seats for d in taken) or len({d.seat for d in taken}) < len(taken):
            first = taken[0]
            raise Diverged(
                f"played again from its seed, the game went another way at decision {first.number}: the stored"
                f" game had seat {first.seat} decide there, the rules now ask seat(s)"
                f" {', '.join(map(str, seats))}; it is recorded as failed"
            )
        return {decision.seat: decision for decision in taken}


def plans_left(stored: Sequence[Recorded], codec: Codec) -> dict[int, tuple[Command, ...]]:
    """Each seat's steps of a plan that its last stored answer gave and the stop cut short: the steps after those
    stored as its decisions since. A run not stopped would have played them without asking (while each decision
    carries on the last), so the resume does the same rather than ask the model again for what it answered."""
    last: dict[int, LlmExchange] = {}
    since: dict[int, list[object]] = {}  # each seat's decisions and refusals after its last exchange
    for record in stored:
        event = record.event
        if isinstance(event, LlmExchange):
            last[event.seat], since[event.seat] = event, []
        elif isinstance(event, (*DECISIONS, *SEAT_AUDIT)) and event.seat in since:
            since[event.seat].append(event)
    left = {}
    for seat, exchange in last.items():
        plan = codec.loads(exchange.parsed) if exchange.parsed and exchange.failure is None else None
        played = since[seat]
        accepted = [event.command for event in played if isinstance(event, CommandAccepted)]
        if not isinstance(plan, tuple) or len(accepted) < len(played):
            continue  # one command, no plan, or a plan given up (a refused step, a fallback)
        if accepted == list(plan[: len(accepted)]) and len(accepted) < len(plan):
            left[seat] = plan[len(accepted) :]
    return left


def _version(record: Recorded) -> int:
    return record.originator_version
