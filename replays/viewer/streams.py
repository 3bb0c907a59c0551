"""One event stream for many seats: every seat page of a browser shares it (static/seats-worker.js, a SharedWorker,
holds it and hands each page its seat's sheets), so the number of pages a browser has open never meets the six
connections to a host HTTP/1.1 allows it. Without SharedWorker a page opens this stream for its one seat.

`GET /api/play/events?follow=GAME/SEAT/TOKEN&follow=...` sends `data: {"seat": "GAME/SEAT", "sheet": SHEET}` for each
seat at once and each time its sheet changes; a seat's token is checked as its page's is (403 without it)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import orjson
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from meeplog.core.tables.table import Table
from meeplog.replays.viewer.play import KEEPALIVE_SECONDS, RECONNECT_MS, seat_sheet, tables_of

MOST_SEATS = 64  # the seats one stream may follow (one browser's pages)


async def seats_events(request: Request) -> Response:
    asked = request.query_params.getlist("follow")
    if not asked or len(asked) > MOST_SEATS:
        raise ValueError(f"give 1 to {MOST_SEATS} follow=GAME/SEAT/TOKEN parameters")
    followed = [await _checked(request, spec) for spec in asked]

    async def changes() -> AsyncIterator[bytes]:
        yield f"retry: {RECONNECT_MS}\n\n".encode()
        heard: asyncio.Queue[tuple[str, Table, int]] = asyncio.Queue()
        feeds = [asyncio.create_task(_feed(request, key, table, seat, heard)) for key, table, seat in followed]
        try:
            while True:
                try:
                    key, now, seat = await asyncio.wait_for(heard.get(), KEEPALIVE_SECONDS)
                except TimeoutError:
                    yield b": waiting\n\n"  # a comment line, which EventSource ignores
                    continue
                if await request.is_disconnected():
                    return
                drawn = await run_in_threadpool(seat_sheet, request, now, seat)
                yield b"data: " + orjson.dumps({"seat": key, "sheet": drawn}) + b"\n\n"
        finally:
            for feed in feeds:
                feed.cancel()

    return StreamingResponse(changes(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})


async def _feed(
    request: Request, key: str, table: Table, seat: int, heard: asyncio.Queue[tuple[str, Table, int]]
) -> None:
    async for now in tables_of(request).follow(table.id, KEEPALIVE_SECONDS):
        if now is not None:
            await heard.put((key, now, seat))


async def _checked(request: Request, spec: str) -> tuple[str, Table, int]:
    """`GAME/SEAT/TOKEN` as (`GAME/SEAT`, its table, the seat), once the token is the seat's."""
    game_id, _, rest = spec.partition("/")
    seat, _, token = rest.partition("/")
    if not seat.isdigit():
        raise ValueError(f"follow={spec!r}: give follow=GAME/SEAT/TOKEN, SEAT a number")
    table = await run_in_threadpool(tables_of(request).check, game_id, int(seat), token)
    return f"{game_id}/{seat}", table, int(seat)
