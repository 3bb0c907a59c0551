"""Answers already paid for: the exchanges a seat recorded in an earlier run of the same game, found again
by the exact request, so that a game played again from its seed (a tournament resumed after a crash) asks
the model nothing it already answered (DESIGN.md section 8).

The key of a request is a SHA-256 of its URL and its exact body: the model, the whole conversation, the
sampling options and the seed. A request is sent once per decision step, and every HTTP attempt of it is
recorded as one LlmExchange carrying the key, the first attempt with `retries` 0; so the exchanges of one
sending are the run of a key's exchanges from a `retries` 0 to the next. The same request sent twice in a
game is found twice, in order.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict, deque
from collections.abc import Iterable

from core.audit import ANSWER_FAILURES, LlmExchange
from players.transport import ACCESS_DENIED, CANCELLED, CONNECTION, RETRIED_STATUSES, TIMEOUT, RemoteFailed

ANSWERED = frozenset({None, *ANSWER_FAILURES})  # the server answered, and the answer was judged


def request_key(url: str, body: bytes) -> str:
    """The cache key of a request: what it asks of whom, byte for byte (headers, and so keys, left out)."""
    return hashlib.sha256(url.encode() + b"\n" + body).hexdigest()


class AnswerCache:
    """The recorded sendings of requests, by key, each taken once."""

    def __init__(self, exchanges: Iterable[LlmExchange] = ()) -> None:
        self._sendings: defaultdict[str, deque[list[LlmExchange]]] = defaultdict(deque)
        for exchange in exchanges:
            if exchange.request is None:
                continue
            sendings = self._sendings[exchange.request]
            if exchange.retries == 0 or not sendings:
                sendings.append([])
            sendings[-1].append(exchange)
        for key, sendings in self._sendings.items():  # a refused key was no answer: it is asked again
            self._sendings[key] = deque(s for s in sendings if status_of(s[-1].failure) not in ACCESS_DENIED)

    def take(self, key: str) -> list[LlmExchange] | None:
        """The exchanges of the next recorded sending of this request, or None if there is none left."""
        sendings = self._sendings.get(key)
        return sendings.popleft() if sendings else None

    def __len__(self) -> int:
        return sum(len(sendings) for sendings in self._sendings.values())


def status_of(failure: str | None) -> int | None:
    """The HTTP status in a failure class `http-<status>`."""
    if failure is None or not failure.startswith("http-"):
        return None
    return int(failure.removeprefix("http-"))


def failure_again(exchange: LlmExchange) -> BaseException:
    """The error a recorded failed sending ended with, raised again where the live request raised it."""
    if exchange.failure == CANCELLED:
        return TimeoutError()  # the runner's time limit cut the decision short: it falls back again
    status = status_of(exchange.failure)
    retryable = exchange.failure in (TIMEOUT, CONNECTION) or status in RETRIED_STATUSES
    detail = f"recorded answer: {exchange.failure}"
    return RemoteFailed(exchange.failure or "", detail, status, exchange.answer, retryable=retryable)
