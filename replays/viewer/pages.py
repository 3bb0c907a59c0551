"""The HTML pages: the games list, the game page (the debugger), its verify page, the tournaments and the
leaderboard."""

from __future__ import annotations

import tempfile
import uuid
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from meeplog.core.analysis.losses import tournament_losses
from meeplog.core.leaderboard.board import PROVISIONAL_GAMES
from meeplog.core.leaderboard.render import MODEL_NOTES
from meeplog.core.registry import game_names
from meeplog.core.tournament.report import write_plot
from meeplog.core.tournament.standings import Standings, standings
from meeplog.replays.steps import Timeline
from meeplog.replays.verify import verify
from meeplog.replays.viewer import play
from meeplog.replays.viewer.annotations import annotations
from meeplog.replays.viewer.frames import frame
from meeplog.replays.viewer.library import GameFilter, Library, NotFound, StoreLibrary
from meeplog.replays.viewer.queries import leaderboard_settings, perspective, whole_number
from meeplog.replays.viewer.rendering import templates
from meeplog.replays.viewer.verdicts import divergence_rows


async def home(request: Request) -> Response:
    return RedirectResponse(request.url_for("games"), status_code=302)


async def games(request: Request) -> Response:
    library: Library = request.app.state.library
    params = request.query_params
    chosen = GameFilter(params.get("game", ""), params.get("player", "").strip(), params.get("tournament", "").strip())
    if chosen.game and chosen.game not in game_names():
        raise ValueError(f"game={chosen.game!r} is not an installed game; pick one of {', '.join(game_names())}")
    cursor = whole_number(request, "after", 1)
    if cursor < 1:
        raise ValueError(f"after={cursor}: the cursor starts at 1")
    page = await run_in_threadpool(library.page, chosen, cursor)
    context = {"page": page, "chosen": chosen, "game_names": game_names(), "where": library.where}
    return templates.TemplateResponse(request, "games.html", context)


async def game(request: Request) -> Response:
    library: Library = request.app.state.library
    game_id = request.path_params["game_id"]
    found = str(await run_in_threadpool(library.resolve, game_id))
    if found != game_id:  # a unique prefix, as the command line takes: the page lives at the full id
        return RedirectResponse(request.url.replace(path=request.url_for("game", game_id=found).path), 302)
    await play.guard(request, uuid.UUID(found))
    history = await run_in_threadpool(library.history, game_id)
    step = whole_number(request, "step", Timeline.of(history).last)
    shown = await run_in_threadpool(frame, history, step, perspective(request))
    notes = annotations(history, await run_in_threadpool(library.analyses, uuid.UUID(found)))
    note = notes.shown_to(step, shown.seat) if notes else None
    return templates.TemplateResponse(request, "game.html", {"frame": shown, "notes": notes, "note": note})


async def game_verify(request: Request) -> Response:
    library: Library = request.app.state.library
    game_id = request.path_params["game_id"]
    await play.guard(request, await run_in_threadpool(library.resolve, game_id))
    history = await run_in_threadpool(library.history, game_id)
    verdict = await run_in_threadpool(verify, history)
    rows = divergence_rows(verdict)
    return templates.TemplateResponse(request, "verify.html", {"verdict": verdict, "rows": rows, "game_id": game_id})


async def tournaments(request: Request) -> Response:
    library: Library = request.app.state.library
    found = await run_in_threadpool(library.tournaments)
    table = [(t, standings(t)) for t in found]
    return templates.TemplateResponse(request, "tournaments.html", {"table": table, "where": library.where})


async def tournament(request: Request) -> Response:
    library: Library = request.app.state.library
    found = await run_in_threadpool(library.tournament, request.path_params["tournament_id"])
    store = library.store if isinstance(library, StoreLibrary) else None  # a replay file holds no analyses
    losses = None if store is None else await run_in_threadpool(tournament_losses, store, found)
    context = {"tournament": found, "standings": standings(found, losses)}
    return templates.TemplateResponse(request, "tournament.html", context)


async def tournament_plot(request: Request) -> Response:
    """The standings' plot, the PNG `meeplog tournament` writes, drawn afresh for the games recorded so far."""
    library: Library = request.app.state.library
    found = await run_in_threadpool(library.tournament, request.path_params["tournament_id"])
    table = standings(found)
    if not table.rated:
        raise NotFound("no rated game yet: the plot is drawn once the tournament has rated a game")
    png = await run_in_threadpool(_plot, table)
    return Response(png, media_type="image/png", headers={"Cache-Control": "no-store"})


def _plot(table: Standings) -> bytes:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "plot.png"
        write_plot(table, path)
        return path.read_bytes()


LIVE_SECONDS = 5  # how often the leaderboard page reads itself again while games are being played (a ladder)


async def leaderboard(request: Request) -> Response:
    """Every game's leaderboard and the one across games, or one game's (/leaderboard/{game}); while games are being
    played it reads itself again every LIVE_SECONDS, so a ladder's ratings are followed live."""
    library: Library = request.app.state.library
    game = request.path_params.get("game")
    if game is not None and game not in game_names():
        raise NotFound(f"no game {game!r} is installed; the leaderboard lists the stored games")
    settings = leaderboard_settings(request)
    board = await run_in_threadpool(library.leaderboard, settings, game)
    context = {"board": board, "game": game, "game_names": game_names(), "note": MODEL_NOTES[board.model],
               "provisional_games": PROVISIONAL_GAMES, "live_seconds": LIVE_SECONDS}
    return templates.TemplateResponse(request, "leaderboard.html", context)
