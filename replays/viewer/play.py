"""Playing from the browser: the lobby, the seat pages, and the JSON API and event stream behind them. The tables
themselves are core's (core/tables: laying, credentials, commands, who plays what, the debugger's lock); this
module routes to them and draws what a seat is shown (sheets.py).

A seat's page, its stream and its commands all carry the seat's token (`?token=` on the page, in the stream's
`follow=`, in the body of a command); without it each is refused with 403. The stream (streams.py, shared by a
browser's pages) sends the seat's sheet as server-sent events each time it changes, and a comment line now and then
while nothing does, so that a proxy does not close a stream that waits long. It asks the browser to reconnect
within a second when it drops (`retry:`): a server that restarts, or another process of the same store, answers
the same stream.
"""

from __future__ import annotations

import threading
import uuid
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from meeplog.core.agents.registry import Agents
from meeplog.core.options import described
from meeplog.core.players import player_names
from meeplog.core.registry import game_names, load_rules
from meeplog.core.tables.service import Tables
from meeplog.core.tables.setup import PERSON, TERMINAL_PLAYER, Setup
from meeplog.core.tables.table import Table
from meeplog.replays.viewer.guards import read_json
from meeplog.replays.viewer.library import NotFound
from meeplog.replays.viewer.rendering import templates
from meeplog.replays.viewer.rulebook import rulebook
from meeplog.replays.viewer.sheets import sheet

FEED_EVENTS = 200  # the latest records a sheet's feed is read from
KEEPALIVE_SECONDS = 15.0  # the longest a stream stays silent while the game waits (on a person, a model)
RECONNECT_MS = 1000  # how soon a page's EventSource tries again after its stream dropped


async def lobby(request: Request) -> Response:
    """The lobby: choose a game, its seats and options, and start it; the games being played here."""
    games = []
    for name in game_names():
        rules = load_rules(name)
        games.append({"name": name, "title": rules.title, "min": rules.min_players, "max": rules.max_players,
                      "options": list(described(rules.Config))})
    players = [PERSON, *(name for name in player_names() if name != TERMINAL_PLAYER)]
    playing = await run_in_threadpool(tables_of(request).unfinished)
    context = {"games": games, "players": players, "playing": playing}
    return templates.TemplateResponse(request, "lobby.html", context)


async def start(request: Request) -> Response:
    """`{"game", "seats": [spec...], "options": {name: value}, "turn_seconds", "seed"}` starts a game; the answer
    gives its id and each person seat's link, the only time the links are handed out. A `NAME=agent` seat is
    registered agent NAME's, played with its own token (docs/agents.md)."""
    asked = await read_json(request)
    if (
        not isinstance(asked, dict)
        or not isinstance(asked.get("game"), str)
        or not isinstance(asked.get("seats"), list)
    ):
        raise ValueError('give {"game": NAME, "seats": [a player spec or "person" per seat], "options": {...}}')
    options = asked.get("options") or {}
    turn = asked.get("turn_seconds")
    seats = tuple(str(spec).strip() for spec in asked["seats"])
    agents: Agents | None = request.app.state.agents
    setup = Setup(
        game=asked["game"],
        seats=seats,
        holders=await run_in_threadpool(agents.holders, seats) if agents is not None else {},
        options={str(name): str(value) for name, value in dict(options).items()},
        turn_seconds=float(turn) if turn not in (None, "") else None,
        pace_seconds=float(asked.get("pace_seconds") or 0),
        seed=int(asked["seed"]) if asked.get("seed") not in (None, "") else None,
    )
    laid = await run_in_threadpool(tables_of(request).lay, setup)
    game_id = str(laid.game_id)
    links = {seat: f"{request.base_url}play/{game_id}/{seat}?token={token}" for seat, token in laid.credentials.items()}
    request.app.state.announce(f"{laid.title}, game {game_id}:")
    for seat, link in links.items():
        request.app.state.announce(f"  seat {seat}: {link}")
    seats = [{"seat": seat, "player": spec, "link": links.get(seat)} for seat, spec in enumerate(laid.seats)]
    game_url = str(request.url_for("game", game_id=game_id))
    return JSONResponse({"game_id": game_id, "game": setup.game, "seats": seats, "debugger": game_url},
                        status_code=201)


async def seat_page(request: Request) -> Response:
    table, seat, token = await seat_of(request)
    drawn = await run_in_threadpool(seat_sheet, request, table, seat)
    book = await run_in_threadpool(rulebook, drawn["game"])
    context = {"sheet": drawn, "token": token, "game_id": str(table.id), "rulebook": book}
    return templates.TemplateResponse(request, "seat.html", context, headers={"Cache-Control": "no-store"})


async def command(request: Request) -> Response:
    """`{"token", "version", "command"}`: the seat plays `command` (its JSON, as the sheet lists it)."""
    sent = await read_json(request)
    if not isinstance(sent, dict) or not isinstance(sent.get("version"), int) or "command" not in sent:
        raise ValueError('give {"token": ..., "version": the sheet\'s version, "command": one of its commands}')
    game_id, seat = request.path_params["game_id"], request.path_params["seat"]
    token = str(sent.get("token") or "")
    await run_in_threadpool(tables_of(request).command, game_id, seat, token, sent["version"], sent["command"])
    return JSONResponse({"played": True}, status_code=202)


class Sheets:
    """The last sheet drawn of each seat, kept while its table has not changed: every stream of a seat sends it."""

    def __init__(self) -> None:
        self._drawn: dict[tuple[str, int], tuple[tuple[int, str | None], dict[str, Any]]] = {}
        self._lock = threading.Lock()

    def of(self, table: Table, seat: int) -> dict[str, Any]:
        with table.reading() as game:
            ended = table.ended.why if table.ended is not None else None
            key = (game.version, ended)
            kept = self._drawn.get((str(table.id), seat))
            if kept is not None and kept[0] == key:
                return kept[1]
            events = [recorded.event for recorded in game.log[-FEED_EVENTS:]]
            drawn = sheet(game.rules, game.state, seat, seats=game.started.seats, events=events, version=game.version)
        if ended:
            drawn |= {"status": f"the game stopped: {ended}", "over": True, "yours": False, "commands": []}
        drawn["turn_seconds"] = table.laid.turn_seconds
        with self._lock:
            self._drawn[(str(table.id), seat)] = (key, drawn)
        return drawn


def seat_sheet(request: Request, table: Table, seat: int) -> dict[str, Any]:
    sheets: Sheets = request.app.state.sheets
    return sheets.of(table, seat)


async def guard(request: Request, game_id: uuid.UUID) -> None:
    """Locked (403) while people play the game at a table of this store: its debugger shows every hand."""
    tables: Tables | None = request.app.state.tables
    if tables is not None:
        await run_in_threadpool(tables.guard, game_id)


def tables_of(request: Request) -> Tables:
    tables: Tables | None = request.app.state.tables
    if tables is None:
        raise NotFound("a replay file has no tables; serve a store to play (`meeplog serve --db ...`)")
    return tables


async def seat_of(request: Request) -> tuple[Table, int, str]:
    token = request.query_params.get("token", "")
    seat = request.path_params["seat"]
    table = await run_in_threadpool(tables_of(request).check, request.path_params["game_id"], seat, token)
    return table, seat, token
