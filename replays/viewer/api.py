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
    library: Library = request.app.state.library
    game_id = request.path_params["game_id"]
    await play.guard(request, await run_in_threadpool(library.resolve, game_id))
    await run_in_threadpool(library.history, game_id, 1)  # an unknown game is a 404, not an empty stream

    def progress() -> dict[str, Any]:
        history = library.history(game_id)
        finished = isinstance(history[-1].event, GameFinished)
        return {"events": len(history), "last": Timeline.of(history).last, "finished": finished}

    return _stream(request, lambda: library.version(game_id), progress)


async def tournament_live(request: Request) -> Response:
    """`data: {"recorded", "scheduled", "finished"}` each time the tournament records a game, until it ends."""
    library: Library = request.app.state.library
    wanted = request.path_params["tournament_id"]
    await run_in_threadpool(library.tournament, wanted)

    def progress() -> dict[str, Any]:
        tournament = library.tournament(wanted)
        recorded = len(tournament.results)
        return {"recorded": recorded, "scheduled": len(tournament.plan.fixtures), "finished": tournament.finished}

    return _stream(request, lambda: library.tournament(wanted).version, progress)


async def leaderboard(request: Request) -> Response:
    """The leaderboard as `meeplog leaderboard --json` writes it (one game's with /api/leaderboard/{game})."""
    library: Library = request.app.state.library
    game = request.path_params.get("game")
    if game is not None and game not in game_names():
        raise NotFound(f"no game {game!r} is installed")
    board = await run_in_threadpool(library.leaderboard, leaderboard_settings(request), game)
    return Response(orjson.dumps(document(board)), media_type="application/json")


def _stream(request: Request, version: Callable[[], int], progress: Callable[[], dict[str, Any]]) -> Response:
    async def changes() -> AsyncIterator[bytes]:
        seen = None
        while not await request.is_disconnected():
            now = await run_in_threadpool(version)
            if now != seen:
                seen = now
                news = await run_in_threadpool(progress)
                yield b"data: " + orjson.dumps(news) + b"\n\n"
                if news["finished"]:
                    return
            await asyncio.sleep(POLL_SECONDS)

    return StreamingResponse(changes(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})
