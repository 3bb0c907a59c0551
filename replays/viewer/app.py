"""The viewer's ASGI app: routes, static files, and errors a reader can act on.

Every failure a visitor can cause (an unknown game, a step out of range, a damaged file or a bad query) is a
short page, or JSON under /api/, with a 4xx status, never a stack trace. Static files come from this package's
static/ folder only (Starlette's StaticFiles refuses paths that leave it), and the library reads nothing but
its store or its one replay file.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from meeplog.core.agents.ladder import Ladder, Rung
from meeplog.core.agents.registry import Agents
from meeplog.core.agents.seats import Presence
from meeplog.core.tables.service import Locked, Tables
from meeplog.core.tables.table import NoTable, NotNow, NotYourSeat
from meeplog.replays.viewer import agents, api, openapi, pages, play, streams
from meeplog.replays.viewer.agents import Unauthorized
from meeplog.replays.viewer.frames import StepOutOfRange
from meeplog.replays.viewer.guards import RateLimit, TooLarge, TooMany
from meeplog.replays.viewer.library import Damaged, Library, NotFound, StoreLibrary
from meeplog.replays.viewer.rendering import HERE, templates

log = logging.getLogger(__name__)

ROUTES = [
    Route("/", pages.home),
    Route("/games", pages.games, name="games"),
    Route("/games/{game_id}", pages.game, name="game"),
    Route("/games/{game_id}/verify", pages.game_verify, name="verify"),
    Route("/tournaments", pages.tournaments, name="tournaments"),
    Route("/tournaments/{tournament_id}", pages.tournament, name="tournament"),
    Route("/tournaments/{tournament_id}/plot.png", pages.tournament_plot, name="plot"),
    Route("/leaderboard", pages.leaderboard, name="leaderboard"),
    Route("/leaderboard/{game}", pages.leaderboard, name="game_leaderboard"),
    Route("/api/games/{game_id}/steps/{step:int}", api.step, name="api_step"),
    Route("/api/games/{game_id}/live", api.game_live, name="game_live"),
    Route("/api/tournaments/{tournament_id}/live", api.tournament_live, name="tournament_live"),
    Route("/api/leaderboard", api.leaderboard, name="api_leaderboard"),
    Route("/api/leaderboard/{game}", api.leaderboard, name="api_game_leaderboard"),
    Route("/lobby", play.lobby, name="lobby"),
    Route("/play/{game_id}/{seat:int}", play.seat_page, name="seat"),
    Route("/api/tables", play.start, methods=["POST"], name="api_start"),
    Route("/api/play/events", streams.seats_events, name="seats_events"),
    Route("/api/play/{game_id}/{seat:int}", play.command, methods=["POST"], name="api_command"),
    Route("/api/play/{game_id}/{seat:int}/events", streams.seat_events, name="seat_events"),
    Route("/api/agent/me", agents.me, name="agent_me"),
    Route("/api/agent/stream", agents.stream, name="agent_stream"),
    Route("/api/agent/games/{game_id}/commands", agents.command, methods=["POST"], name="agent_command"),
    Route("/openapi.json", openapi.document, name="openapi"),
    Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
]

STATUS = {Unauthorized: 401, TooMany: 429, TooLarge: 413,
          NotFound: 404, StepOutOfRange: 404, NoTable: 404, NotYourSeat: 403, Locked: 403, NotNow: 409, Damaged: 422,
          ValueError: 400}
TITLES = {
    400: "Bad request",
    401: "No agent",
    403: "Not your seat",
    404: "Not found",
    405: "Not allowed",
    409: "Not now",
    413: "Too large",
    422: "Cannot read it",
    429: "Too many requests",
    500: "Viewer error",
}


def create_app(library: Library, tables: Tables | None = None, announce: Callable[[str], None] = lambda _: None,
               ladder: Sequence[Rung] = (), rate_limit: RateLimit | None = None) -> Starlette:
    """The viewer over `library`: a store's games and tournaments, or one replay file. `tables` are the store's
    (core/tables; by default the library's store's, which a replay file has not): the app opens them as it starts,
    which resumes every table that has not ended, and closes them as it stops. `announce` prints a line on the
    server's terminal (the seat links of a game started from the lobby). `ladder` names the games the ladder seats
connected agents at (core/agents/ladder.py), while the app runs."""
    handlers = {kind: _refusal for kind in STATUS} | {HTTPException: _http_error, Exception: _crash}
    if tables is None and isinstance(library, StoreLibrary):
        tables = Tables(library.store)
    registry = Agents(library.store) if isinstance(library, StoreLibrary) else None
    presence = Presence()
    seating = Ladder(tables, registry, presence, list(ladder)) if ladder and tables and registry else None

    @asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        if tables is not None:
            await run_in_threadpool(tables.open)
        if seating is not None:
            seating.start()
        try:
            yield
        finally:
            if seating is not None:
                seating.stop()
            if tables is not None:
                await run_in_threadpool(tables.close)

    app = Starlette(routes=ROUTES, exception_handlers=handlers, lifespan=lifespan)  # type: ignore[arg-type]
    app.state.library = library
    app.state.tables = tables
    app.state.sheets = play.Sheets()
    app.state.announce = announce
    app.state.agents = registry
    app.state.presence = presence
    app.state.ladder = seating
    app.state.rate_limit = rate_limit or RateLimit()
    return app


async def _refusal(request: Request, error: Exception) -> Response:
    status = next(code for kind, code in STATUS.items() if isinstance(error, kind))
    answer = _error(request, status, str(error))
    if isinstance(error, TooMany):
        answer.headers["Retry-After"] = str(error.retry_after)
    if isinstance(error, Unauthorized):
        answer.headers["WWW-Authenticate"] = "Bearer"
    return answer


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    message = "no page here; start from the games list" if error.status_code == 404 else str(error.detail)
    return _error(request, error.status_code, message)


async def _crash(request: Request, error: Exception) -> Response:
    log.exception("the viewer failed on %s", request.url.path)
    return _error(request, 500, f"the viewer failed: {type(error).__name__}: {error}")


def _error(request: Request, status: int, message: str) -> Response:
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": message}, status_code=status)
    context = {"status": status, "title": TITLES.get(status, "Error"), "message": message}
    return templates.TemplateResponse(request, "error.html", context, status_code=status)
