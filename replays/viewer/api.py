"""The JSON API the game page steps through, and which tests call directly: a frame per step and perspective,
live updates as server-sent events while a game or a tournament is being played, and the leaderboard."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

import orjson
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from meeplog.core.audit import GameFinished
from meeplog.core.leaderboard.render import document
from meeplog.core.registry import game_names
from meeplog.replays.steps import Timeline
from meeplog.replays.viewer import play
from meeplog.replays.viewer.annotations import annotations
from meeplog.replays.viewer.frames import frame
from meeplog.replays.viewer.library import Library, NotFound
from meeplog.replays.viewer.queries import leaderboard_settings, perspective
from meeplog.replays.viewer.rendering import render_frame

POLL_SECONDS = 0.5


async def step(request: Request) -> Response:
    library: Library = request.app.state.library
    game_id = request.path_params["game_id"]
    number = request.path_params["step"]
    found = await run_in_threadpool(library.resolve, game_id)
    await play.guard(request, found)
    history = await run_in_threadpool(library.history, game_id)
    shown = await run_in_threadpool(frame, history, number, perspective(request))
    notes = annotations(history, await run_in_threadpool(library.analyses, found))
    note = notes.shown_to(number, shown.seat) if notes else None
    return JSONResponse({"frame": shown.document(), "html": render_frame(shown, note)})


async def game_live(request: Request) -> Response:
    """`data: {"events", "last", "finished"}` each time the game grows, until it is over."""
    return _stream(request, await game_news(request, request.path_params["game_id"]))


async def tournament_live(request: Request) -> Response:
    """`data: {"recorded", "scheduled", "finished"}` each time the tournament records a game, until it ends."""
    return _stream(request, await tournament_news(request, request.path_params["tournament_id"]))


async def game_news(request: Request, game_id: str) -> AsyncIterator[dict[str, Any]]:
    """A game's progress each time it grows, until it is over: a debugger page's own stream or the shared one's.
    The checks (the debugger's lock, an unknown game's 404) are made before the first news is asked for."""
    library: Library = request.app.state.library
    await play.guard(request, await run_in_threadpool(library.resolve, game_id))
    await run_in_threadpool(library.history, game_id, 1)  # an unknown game is a 404, not an empty stream

    def progress() -> dict[str, Any]:
        history = library.history(game_id)
        finished = isinstance(history[-1].event, GameFinished)
        return {"events": len(history), "last": Timeline.of(history).last, "finished": finished}

    return _news(request, lambda: library.version(game_id), progress)


async def tournament_news(request: Request, wanted: str) -> AsyncIterator[dict[str, Any]]:
    """A tournament's progress each time it records a game, until it ends (its 404 checked first)."""
    library: Library = request.app.state.library
    await run_in_threadpool(library.tournament, wanted)

    def progress() -> dict[str, Any]:
        tournament = library.tournament(wanted)
        recorded = len(tournament.results)
        return {"recorded": recorded, "scheduled": len(tournament.plan.fixtures), "finished": tournament.finished}

    return _news(request, lambda: library.tournament(wanted).version, progress)


async def leaderboard(request: Request) -> Response:
    """The leaderboard as `meeplog leaderboard --json` writes it (one game's with /api/leaderboard/{game})."""
    library: Library = request.app.state.library
    game = request.path_params.get("game")
    if game is not None and game not in game_names():
        raise NotFound(f"no game {game!r} is installed")
    board = await run_in_threadpool(library.leaderboard, leaderboard_settings(request), game)
    return Response(orjson.dumps(document(board)), media_type="application/json")


async def _news(
    request: Request, version: Callable[[], int], progress: Callable[[], dict[str, Any]]
) -> AsyncIterator[dict[str, Any]]:
    """`progress()` each time `version()` changes, polled, until it says finished or the client left."""
    seen = None
    while not await request.is_disconnected():
        now = await run_in_threadpool(version)
        if now != seen:
            seen = now
            news = await run_in_threadpool(progress)
            yield news
            if news["finished"]:
                return
        await asyncio.sleep(POLL_SECONDS)


def _stream(request: Request, news: AsyncIterator[dict[str, Any]]) -> Response:
    async def changes() -> AsyncIterator[bytes]:
        async for item in news:
            yield b"data: " + orjson.dumps(item) + b"\n\n"

    return StreamingResponse(changes(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})
