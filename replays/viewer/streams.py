"""One event stream for all of a browser's Meeplog pages: a SharedWorker (static/pages-worker.js) holds it and hands
each page what it follows (a seat's sheets, a game's or a tournament's progress), so the number of pages a browser
has open never meets the six connections to a host HTTP/1.1 allows it. Without SharedWorker a page opens this
stream for itself alone.

`GET /api/play/events?follow=...&follow=...` follows each of:
- `GAME/SEAT/TOKEN`: a seat, `data: {"seat": "GAME/SEAT", "sheet": SHEET}` at once and each time its sheet
  changes; its token is checked as its page's is (403 without it);
- `game:GAME`: a game the debugger shows, `data: {"game": GAME, "news": {"events", "last", "finished"}}` each time
  it grows (api.game_live's news; locked as the debugger is while people play it);
- `tournament:ID`: `data: {"tournament": ID, "news": {"recorded", "scheduled", "finished"}}` each time it records
  a game.
`GET /api/play/{game_id}/{seat}/events?token=` is the same stream for one seat, sending each `SHEET` bare.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import AsyncIterator, Callable
from typing import Any

import orjson
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from meeplog.replays.viewer.api import game_news, tournament_news
from meeplog.replays.viewer.play import KEEPALIVE_SECONDS, RECONNECT_MS, seat_of, seat_sheet, tables_of

log = logging.getLogger(__name__)

MOST_FOLLOWED = 64  # what one stream may follow (one browser's pages)

Message = dict[str, Any]


async def seats_events(request: Request) -> Response:
    asked = request.query_params.getlist("follow")
    if not asked or len(asked) > MOST_FOLLOWED:
        raise ValueError(f"give 1 to {MOST_FOLLOWED} follow=GAME/SEAT/TOKEN, follow=game:GAME or "
                         "follow=tournament:ID parameters")
    feeds = [await _feed(request, spec) for spec in asked]
    return _stream(request, feeds, orjson.dumps)


async def seat_events(request: Request) -> Response:
    """One seat's stream (`data: SHEET` each time the sheet changes), for a client that follows one seat."""
    table, seat, _ = await seat_of(request)
    feed = _seat_feed(request, f"{table.id}/{seat}", table.id, seat)
    return _stream(request, [feed], lambda message: orjson.dumps(message["sheet"]))


def _stream(request: Request, feeds: list[AsyncIterator[Message]], encode: Callable[[Message], bytes]) -> Response:
    """The feeds' messages as server-sent events, in the order they come, with a comment line while all are quiet.

    A feed that fails ends the stream: its client connects again (after `retry`) and each feed starts anew from
    what the store holds, where a stream kept open would only say it is waiting, and a page would wait for ever."""

    async def changes() -> AsyncIterator[bytes]:
        yield f"retry: {RECONNECT_MS}\n\n".encode()
        heard: asyncio.Queue[Message | None] = asyncio.Queue()  # None: a feed failed

        async def pump(feed: AsyncIterator[Message]) -> None:
            try:
                async for message in feed:
                    await heard.put(message)
            except Exception:
                log.exception("a followed feed failed; its stream ends, and its client connects again")
                await heard.put(None)

        pumps = [asyncio.create_task(pump(feed)) for feed in feeds]
        try:
            while True:
                try:
                    message = await asyncio.wait_for(heard.get(), KEEPALIVE_SECONDS)
                except TimeoutError:
                    yield b": waiting\n\n"  # a comment line, which EventSource ignores
                    continue
                if message is None or await request.is_disconnected():
                    return
                yield b"data: " + encode(message) + b"\n\n"
        finally:
            for task in pumps:
                task.cancel()

    return StreamingResponse(changes(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})


async def _feed(request: Request, spec: str) -> AsyncIterator[Message]:
    """What `follow=spec` sends, once checked (a wrong token, an unknown or locked game is refused at once)."""
    kind, colon, name = spec.partition(":")
    if colon and kind == "game":
        return _tagged("game", name, await game_news(request, name))
    if colon and kind == "tournament":
        return _tagged("tournament", name, await tournament_news(request, name))
    game_id, _, rest = spec.partition("/")
    seat, _, token = rest.partition("/")
    if not seat.isdigit():
        raise ValueError(f"follow={spec!r}: give follow=GAME/SEAT/TOKEN (SEAT a number), game:GAME or tournament:ID")
    table = await run_in_threadpool(tables_of(request).check, game_id, int(seat), token)
    return _seat_feed(request, f"{game_id}/{seat}", table.id, int(seat))


async def _tagged(kind: str, name: str, news: AsyncIterator[Message]) -> AsyncIterator[Message]:
    async for item in news:
        yield {kind: name, "news": item}


async def _seat_feed(request: Request, key: str, table_id: uuid.UUID, seat: int) -> AsyncIterator[Message]:
    async for now in tables_of(request).follow(table_id, KEEPALIVE_SECONDS):
        if now is not None:
            yield {"seat": key, "sheet": await run_in_threadpool(seat_sheet, request, now, seat)}
