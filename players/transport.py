"""One JSON POST to a remote player, tried until it gets an answer: a transport failure is never a move.

Timeouts, dropped or refused connections, 408, 429 and 5xx are transport failures (DESIGN.md section 11): the
request is tried again, with exponential backoff and jitter (a Retry-After header, in seconds or as an HTTP
date, replacing the backoff) while its endpoint answers other requests, and behind the endpoint's circuit
breaker (players/breaker.py) once it fails them all, until it gets through or the outage bound passes
(EndpointDown). The seat's turn clock is stopped meanwhile (core/turns.py), and the time of a failed attempt
given back, so that no decision falls back for an outage. Other HTTP errors are final, and so is an error the
player's `diagnose` recognises (a refused response format, a prompt over the model's context): sending the
same request again would get the same answer, whatever the status. Every failed attempt is reported to
`on_failure`, so the player can record it: nothing sent or received is lost, and nothing is logged with the
headers (the API key lives only in them).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager, nullcontext
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any
from weakref import WeakKeyDictionary

import httpx
import orjson
from pydantic import BaseModel, ConfigDict, Field, model_validator
from tenacity import AsyncRetrying, RetryCallState, retry_if_exception, stop_after_delay, wait_exponential_jitter
from tenacity.wait import wait_base

from meeplog.core.turns import clock_stopped, give_back
from meeplog.players.breaker import Breaker, State, breaker_for, endpoint_down, outage_wait

# Failure classes of a request (answer classes are in players/answers.py); an HTTP error is `http-<status>`.
TIMEOUT, CONNECTION, CANCELLED, BAD_RESPONSE = "timeout", "connection", "cancelled", "bad-response"
TOO_LARGE = "too-large"  # the request was over meeplog.core.limits.MAX_OBSERVATION_BYTES and never sent
RETRIED_STATUSES = frozenset({408, 429}) | frozenset(range(500, 600))
ACCESS_DENIED = frozenset({401, 403})  # a key that is wrong or missing: no move will go better

Diagnose = Callable[[int, str], str | None]  # (status, body) -> a failure class that makes the error final


def no_diagnosis(status: int, body: str) -> str | None:
    return None
BODY_KEPT = 4000  # characters of an error response kept in the audit
MESSAGE_SHOWN = 300  # characters of a server's error message quoted in a failure's detail
JSON_CONTENT = {"Content-Type": "application/json"}


class RetryOptions(BaseModel):
    """How long one attempt may take and how retrying is bounded (seconds); spec options of remote players."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    timeout: float = Field(60.0, gt=0, description="seconds one HTTP attempt may take")
    attempts: int = Field(
        3, ge=1, description="transport failures in a row at the endpoint that open its breaker (the games pause)"
    )
    backoff: float = Field(1.0, ge=0, description="first backoff wait, doubling, plus up to as much jitter")
    max_backoff: float = Field(20.0, ge=0, description="longest backoff wait, and between two probes of an outage")
    max_requests: int | None = Field(None, ge=1, description="requests at once to this URL, at most, per process")

    @model_validator(mode="before")
    @classmethod
    def _retry_time_retired(cls, data: Any) -> Any:
        """`retry_time` once bounded a request's retries, which the endpoint's breaker and the outage bound do now:
        a seat stored with it still plays (a resumed tournament, a forked game), and it changes nothing."""
        if isinstance(data, dict) and "retry_time" in data:
            return {name: value for name, value in data.items() if name != "retry_time"}
        return data


class RemoteFailed(Exception):
    """A request that got no usable answer; `failure` is its class ("timeout", "http-404", ...).

    `retryable` failures may pass (a timeout, a dropped connection, 429 or 5xx); `retry_after` is the
    server's own word on when to try again.
    """

    def __init__(self, failure: str, detail: str, status: int | None = None, body: str | None = None, *,
                 retryable: bool = False, retry_after: float | None = None) -> None:
        super().__init__(detail)
        self.failure = failure
        self.status = status
        self.body = body
        self.retryable = retryable
        self.retry_after = retry_after


@dataclass(frozen=True)
class Attempt:
    """What one HTTP attempt gave; `retries` counts the attempts before it for the same request."""

    failure: str | None
    body: str | None
    latency_ms: int
    retries: int


@dataclass
class Transport:
    options: RetryOptions
    endpoint: str  # who answers, as the breaker and its log lines name it (`model at URL`, an agent's URL)
    sleep: Callable[[float], Awaitable[None]] = field(default=asyncio.sleep)  # tests record the waits here

    async def post(self, client: httpx.AsyncClient, url: str, payload: bytes, headers: dict[str, str], *,
                   on_failure: Callable[[Attempt], None], diagnose: Diagnose = no_diagnosis) -> Attempt:
        """The first attempt that is no transport failure; a final error raises its RemoteFailed at once, and a
        request that cannot get through within the outage bound raises EndpointDown."""
        o = self.options
        breaker = breaker_for(self.endpoint, opens_after=o.attempts, backoff=o.backoff, max_backoff=o.max_backoff)
        retrying = AsyncRetrying(
            stop=stop_after_delay(outage_wait()),
            wait=WaitRetryAfter(
                wait_exponential_jitter(multiplier=o.backoff, max=o.max_backoff, jitter=o.backoff), breaker
            ),
            retry=retry_if_exception(lambda error: isinstance(error, RemoteFailed) and error.retryable),
            sleep=self._paused,
            reraise=True,
        )
        try:
            async for attempt in retrying:
                with attempt:
                    await breaker.admit()
                    retries = attempt.retry_state.attempt_number - 1
                    return await self._once(client, url, payload, headers, breaker, retries=retries,
                                            on_failure=on_failure, diagnose=diagnose)
        except RemoteFailed as error:
            if not error.retryable:
                raise
            raise endpoint_down(self.endpoint, outage_wait(), error.failure) from None
        raise AssertionError("tenacity returns or raises")  # pragma: no cover

    async def _paused(self, seconds: float) -> None:
        """A backoff between two attempts: the seat is not thinking, so its clock stops."""
        with clock_stopped():
            await self.sleep(seconds)

    async def _once(self, client: httpx.AsyncClient, url: str, payload: bytes, headers: dict[str, str],
                    breaker: Breaker, *, retries: int, on_failure: Callable[[Attempt], None],
                    diagnose: Diagnose) -> Attempt:
        started = time.perf_counter()

        def failed(error: RemoteFailed) -> RemoteFailed:
            spent = time.perf_counter() - started
            on_failure(Attempt(error.failure, error.body, round(spent * 1000), retries))
            if error.retryable:  # a transport failure: not the seat's thinking, and the endpoint's count
                give_back(spent)
                breaker.failed(error.failure, error.retry_after)
            else:
                breaker.answered()
            return error

        try:
            async with endpoint_limit(url, self.options.max_requests), asyncio.timeout(self.options.timeout):
                response = await client.post(url, content=payload, headers={**headers, **JSON_CONTENT})
        except (TimeoutError, httpx.TimeoutException):
            raise failed(RemoteFailed(TIMEOUT, f"no answer from {url} within {self.options.timeout:g}s",
                                      retryable=True)) from None
        except httpx.TransportError as error:
            raise failed(RemoteFailed(CONNECTION, f"{url}: {type(error).__name__}: {error}", retryable=True)) from None
        except asyncio.CancelledError:  # the runner's own timeout: record the request it cut short
            on_failure(Attempt(CANCELLED, None, _ms_since(started), retries))
            breaker.abandoned()
            raise
        if response.is_success:
            breaker.answered()
            return Attempt(None, response.text, _ms_since(started), retries)
        status, body = response.status_code, response.text[:BODY_KEPT]
        detail = f"{url}: HTTP {status} {response.reason_phrase}" + (f": {message_of(body)}" if body.strip() else "")
        if status not in ACCESS_DENIED and (diagnosed := diagnose(status, body)):
            raise failed(RemoteFailed(diagnosed, detail, status, body))
        if status in RETRIED_STATUSES:
            after = retry_after(response.headers.get("retry-after"))
            raise failed(RemoteFailed(f"http-{status}", detail, status, body, retryable=True, retry_after=after))
        raise failed(RemoteFailed(f"http-{status}", detail, status, body))


_limits: WeakKeyDictionary[asyncio.AbstractEventLoop, dict[tuple[str, int], asyncio.Semaphore]] = (
    WeakKeyDictionary()
)


def endpoint_limit(url: str, most: int | None) -> AbstractAsyncContextManager[object]:
    """Room for one request to `url` among at most `most` at once in this process (all its games and seats
    that give the same limit for the URL share it); no limit when `most` is None. Semaphores belong to an
    event loop, so each loop has its own."""
    if most is None:
        return nullcontext()
    limits = _limits.setdefault(asyncio.get_running_loop(), {})
    return limits.setdefault((url, most), asyncio.Semaphore(most))


class WaitRetryAfter(wait_base):
    """The server's Retry-After when it gave one, else the fallback backoff; no wait of its own while the
    endpoint's breaker is open (the breaker says when to try again)."""

    def __init__(self, fallback: wait_base, breaker: Breaker) -> None:
        self.fallback = fallback
        self.breaker = breaker

    def __call__(self, retry_state: RetryCallState) -> float:
        if self.breaker.state is not State.CLOSED:
            return 0.0
        error = retry_state.outcome.exception() if retry_state.outcome else None
        if isinstance(error, RemoteFailed) and error.retry_after is not None:
            return error.retry_after
        return self.fallback(retry_state)


def retry_after(value: str | None) -> float | None:
    """Seconds to wait from a Retry-After header (a number of seconds or an HTTP date), if usable."""
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


def message_of(body: str) -> str:
    """The error message in an error body (OpenAI's `{"error": {"message": ...}}` and its variants), short."""
    try:
        data = orjson.loads(body)
    except orjson.JSONDecodeError:
        return body[:MESSAGE_SHOWN]
    error = data.get("error", data) if isinstance(data, dict) else data
    message = error.get("message", error) if isinstance(error, dict) else error
    return str(message)[:MESSAGE_SHOWN]


def _ms_since(started: float) -> int:
    return round((time.perf_counter() - started) * 1000)
