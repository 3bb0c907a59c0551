"""How each player behaved, beyond winning: decisions, answers refused by class, fallbacks, retries, tokens,
latency and cost. A worker reads it off each finished game's log, seat by seat (SeatReport, carried by
GameRecorded); the standings sum it per player (PlayerReport).

A seat is one game, so a player's requests per game are its requests over its seats: a model that answers a
whole turn at once (players/llm.py) makes fewer than it has decisions. A decision is legal at the first
answer when the seat's first answer to it was played: no command of it refused by the runner, and no answer
the player itself had to ask again (empty, truncated, unparsable, illegal). A request that failed and was
retried (a timeout, a 429) is no bad answer: it counts in `retries` and in its failure class. Cost needs
prices: a spec that gives `input_price` and `output_price` (currency units per million prompt and completion
tokens) is priced, others are not.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from meeplog.core.audit import ANSWER_FAILURES, DECISIONS, CommandAccepted, CommandRejected, LlmExchange, PlayerFellBack
from meeplog.core.game import Recorded
from meeplog.core.specs import NamedSpec
from meeplog.core.spending import TOKENS_PER_PRICE

PRICES = ("input_price", "output_price")  # spec options: per million prompt and completion tokens


@dataclass(frozen=True)
class SeatReport:
    """One seat of one game."""

    decisions: int = 0
    first_legal: int = 0  # decisions whose first answer was played
    fallbacks: int = 0  # decisions made by the fallback
    rejected: int = 0  # commands the runner refused
    failures: dict[str, int] = field(default_factory=dict)  # exchanges by failure class
    requests: int = 0  # HTTP attempts (exchanges)
    retries: int = 0  # attempts that repeated a failed one
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latencies_ms: tuple[int, ...] = ()  # of every attempt, for percentiles over a whole tournament
    reasoning_tokens: int = 0  # of completion_tokens (a field added later: stored reports without it read as 0)


REPORTED = (CommandRejected, LlmExchange, *DECISIONS)  # the events a report reads (each names its seat)


def seat_reports(log: Sequence[Recorded], seats: int) -> tuple[SeatReport, ...]:
    """Each seat's report, from a game's log, in one pass over it (a bot game's log is mostly game events)."""
    by_seat: list[list[object]] = [[] for _ in range(seats)]
    for recorded in log:
        if isinstance(event := recorded.event, REPORTED):
            by_seat[event.seat].append(event)
    return tuple(map(_seat_report, by_seat))


def _seat_report(events: list[object]) -> SeatReport:
    decisions = first_legal = fallbacks = rejected = 0
    exchanges: list[LlmExchange] = []
    clean = True  # nothing refused since the seat's last decision
    for event in events:  # one pass: a bot seat's events are nearly all decisions
        if isinstance(event, CommandAccepted):
            decisions += 1
            first_legal += clean
            clean = True
        elif isinstance(event, PlayerFellBack):
            decisions += 1
            fallbacks += 1
            clean = True
        elif isinstance(event, CommandRejected):
            rejected += 1
            clean = False
        elif isinstance(event, LlmExchange):
            exchanges.append(event)
            clean = clean and event.failure not in ANSWER_FAILURES
    return SeatReport(
        decisions=decisions,
        first_legal=first_legal,
        fallbacks=fallbacks,
        rejected=rejected,
        failures=dict(Counter(e.failure for e in exchanges if e.failure)),
        requests=len(exchanges),
        retries=sum(e.retries > 0 for e in exchanges),
        prompt_tokens=sum(e.prompt_tokens for e in exchanges),
        completion_tokens=sum(e.completion_tokens for e in exchanges),
        latencies_ms=tuple(e.latency_ms for e in exchanges),
        reasoning_tokens=sum(e.reasoning_tokens for e in exchanges),
    )


@dataclass
class PlayerReport:
    """One player over a tournament: its seats' reports summed, with shares, percentiles and cost."""

    decisions: int
    legal_first: float | None  # share of decisions legal at the first answer
    fallbacks: int
    rejected: int
    failures: dict[str, int]
    requests: int
    retries: int
    prompt_tokens: int
    completion_tokens: int
    latency_p50_ms: int | None
    latency_p95_ms: int | None
    cost: float | None  # None: the spec gives no prices
    reasoning_tokens: int = 0  # of completion_tokens
    requests_per_game: float | None = None  # requests over the games it played (None: no game)
    played: int = 0  # games recorded with the player seated, rated or not
    requests_per_decision: float | None = None  # requests over its decisions (under 1: whole turns answered at once)


def player_report(spec: str, seats: Iterable[SeatReport]) -> PlayerReport:
    seats = list(seats)
    decisions = sum(s.decisions for s in seats)
    failures: Counter[str] = Counter()
    for seat in seats:
        failures.update(seat.failures)
    latencies = sorted(ms for seat in seats for ms in seat.latencies_ms)
    prompt_tokens = sum(s.prompt_tokens for s in seats)
    completion_tokens = sum(s.completion_tokens for s in seats)
    return PlayerReport(
        decisions=decisions,
        legal_first=sum(s.first_legal for s in seats) / decisions if decisions else None,
        fallbacks=sum(s.fallbacks for s in seats),
        rejected=sum(s.rejected for s in seats),
        failures=dict(sorted(failures.items())),
        requests=sum(s.requests for s in seats),
        retries=sum(s.retries for s in seats),
        prompt_tokens=prompt_tokens,
        completion_tokens=completion_tokens,
        latency_p50_ms=percentile(latencies, 0.50),
        latency_p95_ms=percentile(latencies, 0.95),
        cost=cost(spec, prompt_tokens, completion_tokens),
        reasoning_tokens=sum(s.reasoning_tokens for s in seats),
        requests_per_game=sum(s.requests for s in seats) / len(seats) if seats else None,
        played=len(seats),
        requests_per_decision=sum(s.requests for s in seats) / decisions if decisions else None,
    )


def percentile(ordered: Sequence[int], share: float) -> int | None:
    """The nearest-rank percentile of sorted values: the smallest value with `share` of them at or below it."""
    if not ordered:
        return None
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def cost(spec: str, prompt_tokens: int, completion_tokens: int) -> float | None:
    """What the tokens cost at the spec's prices, or None when it gives none."""
    options = NamedSpec.parse(spec).spec.options
    if not any(price in options for price in PRICES):
        return None
    prompt_price, completion_price = (float(options.get(price, 0)) for price in PRICES)
    return (prompt_tokens * prompt_price + completion_tokens * completion_price) / TOKENS_PER_PRICE
