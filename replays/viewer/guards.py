"""What every JSON request to the server is held to: a body of at most MAX_BODY_BYTES (413 past it, counted as it
arrives, so a body without Content-Length is cut off too), and the agent API's per-token rate (429 with
Retry-After). A token bucket per token's hash: RATE requests a second, BURST at once; the token itself is never
kept, logged or printed."""

from __future__ import annotations

import math
import threading
import time
from typing import Any

import orjson
from starlette.requests import Request

MAX_BODY_BYTES = 64 * 1024
RATE = 100.0  # requests a second a token may send, on average
BURST = 200.0  # requests a token may send at once


class TooLarge(ValueError):
    """The request's body is over MAX_BODY_BYTES."""


class TooMany(PermissionError):
    """The token sent more requests than its rate allows; `retry_after` is how many seconds to wait."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"too many requests for this token: wait {retry_after} s (at most {RATE:g} a second)")
        self.retry_after = retry_after


async def read_json(request: Request) -> Any:
    """The request's body as JSON; TooLarge past MAX_BODY_BYTES, ValueError if it is not JSON."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise TooLarge(f"the body is {declared} bytes; at most {MAX_BODY_BYTES} are read")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY_BYTES:
            raise TooLarge(f"the body is over {MAX_BODY_BYTES} bytes; at most that many are read")
    try:
        return orjson.loads(bytes(body))
    except orjson.JSONDecodeError as error:
        raise ValueError(f"the body is not JSON: {error}") from None


class RateLimit:
    """A token bucket per key (a token's hash)."""

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate = rate
        self.burst = burst
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens left, when counted)
        self._lock = threading.Lock()

    def take(self, key: str) -> None:
        """Count one request for `key`; TooMany when its bucket is empty."""
        now = time.monotonic()
        with self._lock:
            left, then = self._buckets.get(key, (self.burst, now))
            left = min(self.burst, left + (now - then) * self.rate)
            if left < 1:
                self._buckets[key] = (left, now)
                raise TooMany(max(1, math.ceil((1 - left) / self.rate)))
            self._buckets[key] = (left - 1, now)
            if len(self._buckets) > 10_000:  # keys of tokens long gone (or guessed): full buckets forget nothing
                self._buckets = {k: v for k, v in self._buckets.items() if v[0] < self.burst - 1}
