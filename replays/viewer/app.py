"""The viewer's ASGI app: routes, static files, and errors a reader can act on.

Every failure a visitor can cause (an unknown game, a step out of range, a damaged file or a bad query) is a
short page, or JSON under /api/, with a 4xx status, never a stack trace. Static files come from this package's
static/ folder only (Starlette's StaticFiles refuses paths that leave it), and the library reads nothing but
its store or its one replay file.
"""

from __future__ import annotations

import logging

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from meeplog.replays.viewer import api, pages, play
from meeplog.replays.viewer.frames import StepOutOfRange
from meeplog.replays.viewer.library import Damaged, Library, NotFound, StoreLibrary
from meeplog.replays.viewer.rendering import HERE, templates
from meeplog.replays.viewer.tables import Refused, Tables

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
    Route("/api/play/{game_id}/{seat:int}", play.command, methods=["POST"], name="api_command"),
    Route("/api/play/{game_id}/{seat:int}/events", play.seat_events, name="seat_events"),
    Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
]

STATUS = {NotFound: 404, StepOutOfRange: 404, Damaged: 422, ValueError: 400}
TITLES = {
    400: "Bad request",
    403: "Not your seat",
    404: "Not found",
    405: "Not allowed",
    409: "Not now",
    422: "Cannot read it",
    500: "Viewer error",
}


def create_app(library: Library, tables: Tables | None = None) -> Starlette:
    """The viewer over `library`: a store's games and tournaments, or one replay file; `tables` plays the games
    started from its lobby (by default into the library's store, which a replay file has not)."""
    handlers = {kind: _refusal for kind in STATUS} | {
        Refused: _refused,
        HTTPException: _http_error,
        Exception: _crash,
    }
    app = Starlette(routes=ROUTES, exception_handlers=handlers)  # type: ignore[arg-type]
    app.state.library = library
    app.state.tables = tables or Tables(library.store if isinstance(library, StoreLibrary) else None)
    return app


async def _refused(request: Request, error: Exception) -> Response:
    assert isinstance(error, Refused)
    return _error(request, error.status, str(error))


async def _refusal(request: Request, error: Exception) -> Response:
    status = next(code for kind, code in STATUS.items() if isinstance(error, kind))
    return _error(request, status, str(error))


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
