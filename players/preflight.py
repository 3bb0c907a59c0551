"""How a remote seat's endpoint is asked before a run's first game (core/preflight.py says when and why).

One request, marked with the PREFLIGHT_HEADER (so that a server may tell it from a game's, as the mock server
does to keep its scripted answers for the games), asked again at most PREFLIGHT_TRIES times in all for a 429 or a
5xx, a few seconds apart. What it must not do is as important as what it does: a server that accepts the connection
but is slow to answer (a local model loading) is up, and passes; only what no game could get past fails: no
connection, a refused key, a missing model or path, a server that answers every try with an error.
"""

from __future__ import annotations

import asyncio
import socket

import httpx
import orjson

from meeplog.core.players import PreflightFailed
from meeplog.players.transport import ACCESS_DENIED, JSON_CONTENT, RETRIED_STATUSES, message_of, retry_after

PREFLIGHT_HEADER = "X-Meeplog-Check"  # its value: "preflight"
PREFLIGHT_TRIES = 3
PREFLIGHT_TIMEOUT = httpx.Timeout(8.0, connect=4.0)  # a connection within 4 s; an answer slower than 8 s passes
LONGEST_WAIT = 2.0  # seconds between two tries, at most (a longer Retry-After is not waited for)


async def post(client: httpx.AsyncClient, url: str, payload: object, headers: dict[str, str],
               key_fix: str) -> httpx.Response | None:
    """The endpoint's answer to one pre-flight request, or None when it is up but slow; PreflightFailed when no
    connection is made, the key is refused (`key_fix` says what to do), or every try gets a 429 or 5xx."""
    body = orjson.dumps(payload)
    sent = {**headers, **JSON_CONTENT, PREFLIGHT_HEADER: "preflight"}
    for tried in range(1, PREFLIGHT_TRIES + 1):
        try:
            response = await client.post(url, content=body, headers=sent, timeout=PREFLIGHT_TIMEOUT)
        except httpx.ReadTimeout:
            return None  # connected and asked: the server is there, only slow
        except httpx.TimeoutException:
            raise PreflightFailed(f"{url}: no connection within {PREFLIGHT_TIMEOUT.connect:g}s") from None
        except httpx.TransportError as error:
            raise PreflightFailed(f"{url}: cannot connect ({_cause(error)})") from None
        if response.status_code in ACCESS_DENIED:
            raise PreflightFailed(f"{failure(url, response)}; {key_fix}")
        if response.status_code not in RETRIED_STATUSES or tried == PREFLIGHT_TRIES:
            return response
        wait = retry_after(response.headers.get("retry-after"))
        await asyncio.sleep(min(LONGEST_WAIT, wait if wait is not None else 0.5 * tried))
    raise AssertionError("the last try returns")  # pragma: no cover


def failure(url: str, response: httpx.Response) -> str:
    """An error answer in one line: the URL, the status and the server's message."""
    message = message_of(response.text) if response.text.strip() else ""
    return f"{url}: HTTP {response.status_code} {response.reason_phrase}" + (f": {message}" if message else "")


def _cause(error: BaseException) -> str:
    """Why a connection failed, in words: the operating system's reason where the library wraps it."""
    inner: BaseException | None = error
    while inner is not None:
        if isinstance(inner, ConnectionRefusedError):
            return "connection refused: is the server running, on this port?"
        if isinstance(inner, socket.gaierror):
            return f"unknown host ({inner.strerror})"
        inner = inner.__cause__ or inner.__context__
    return str(error) or type(error).__name__
