"""The event stream itself (replays/viewer/streams.py), apart from what its feeds send."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import orjson

from meeplog.replays.viewer.streams import _stream

ENDS_WITHIN_SECONDS = 10  # a stream kept open sends a comment line each KEEPALIVE_SECONDS, for ever


class Connected:
    """A request whose client stays connected, as far as the stream asks."""

    async def is_disconnected(self) -> bool:
        return False


def test_a_feed_that_fails_ends_the_stream_so_that_its_client_connects_again():
    async def failing() -> AsyncIterator[dict[str, Any]]:
        yield {"seat": "g/0", "sheet": 1}
        raise RuntimeError("the store could not be read")

    async def everything_sent() -> list[bytes]:
        response = _stream(Connected(), [failing()], orjson.dumps)  # type: ignore[arg-type]
        return [bytes(chunk) async for chunk in response.body_iterator]  # type: ignore[arg-type]

    sent = asyncio.run(asyncio.wait_for(everything_sent(), ENDS_WITHIN_SECONDS))
    assert sent[0].startswith(b"retry: ")
    assert sent[1:] == [b'data: {"seat":"g/0","sheet":1}\n\n']
