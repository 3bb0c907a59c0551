"""Playing from the browser: the lobby, the seat pages, and the JSON API and event stream behind them
(tables.py plays the games, sheets.py says what a seat is shown).

A seat's page, its stream and its commands all carry the seat's token (`?token=` on the page and the stream, in
the body of a command); without it each is refused with 403. The stream sends the seat's sheet, as server-sent
events (a StreamingResponse of `text/event-stream`, which the page reads with EventSource), each time it changes,
and a comment line now and then while nothing does, so that a proxy does not close a stream that waits long.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import orjson
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from meeplog.core.options import described
from meeplog.core.players import player_names
from meeplog.core.registry import game_names, load_rules
from meeplog.replays.viewer.rendering import templates
from meeplog.replays.viewer.tables import PERSON, Setup, Table, Tables

SEAT_POLL_SECONDS = 0.1  # how often a seat's stream looks for a new sheet (an in-memory check)
KEEPALIVE_SECONDS = 15.0  # the longest a stream stays silent while the game waits (on a person, a model)


async def lobby(request: Request) -> Response:
    """The lobby: choose a game, its seats and options, and start it; the games being played here."""
    games = []
    for name in game_names():
        rules = load_rules(name)
        games.append({"name": name, "title": rules.title, "min": rules.min_players, "max": rules.max_players,
                      "options": list(described(rules.Config))})
    players = [PERSON, *player_names()]
    context = {"games": games, "players": players, "playing": _tables(request).playing()}
    return templates.TemplateResponse(request, "lobby.html", context)


async def start(request: Request) -> Response:
    """`{"game", "seats": [spec...], "options": {name: value}, "turn_seconds", "seed"}` starts a game; the answer
    gives its id and each person seat's link, the only time the links are handed out."""
    asked = await _json(request)
    if (
        not isinstance(asked, dict)
        or not isinstance(asked.get("game"), str)
        or not isinstance(asked.get("seats"), list)
    ):
        raise ValueError('give {"game": NAME, "seats": [a player spec or "person" per seat], "options": {...}}')
    options = asked.get("options") or {}
    turn = asked.get("turn_seconds")
    setup = Setup(
        game=asked["game"],
        seats=tuple(str(spec).strip() for spec in asked["seats"]),
        options={str(name): str(value) for name, value in dict(options).items()},
        turn_seconds=float(turn) if turn not in (None, "") else None,
        seed=int(asked["seed"]) if asked.get("seed") not in (None, "") else None,
    )
    if setup.turn_seconds is not None and setup.turn_seconds <= 0:
        raise ValueError(f"turn_seconds={setup.turn_seconds:g}: give a number of seconds above 0, or none")
    table, links = await run_in_threadpool(_tables(request).lay, setup, str(request.base_url))
    specs = table.game.started.seats
    seats = [{"seat": seat, "player": spec, "link": links.get(seat)} for seat, spec in enumerate(specs)]
    game_url = str(request.url_for("game", game_id=table.id))
    return JSONResponse({"game_id": table.id, "game": table.game.rules.name, "seats": seats, "debugger": game_url},
                        status_code=201)


async def seat_page(request: Request) -> Response:
    table, seat, token = _seat(request)
    drawn = table.sheet(seat, token)
    context = {"sheet": drawn, "table": table, "token": token, "game_id": table.id}
    return templates.TemplateResponse(request, "seat.html", context, headers={"Cache-Control": "no-store"})


async def seat_events(request: Request) -> Response:
    """`data: SHEET` each time the seat's sheet changes, until the game is over."""
    table, seat, token = _seat(request)
    table.check(seat, token)

    async def changes() -> AsyncIterator[bytes]:
        sent = None
        quiet = 0.0
        while not await request.is_disconnected():
            now = table.sheets[seat]
            if now is not sent:
                sent, quiet = now, 0.0
                yield b"data: " + orjson.dumps(now) + b"\n\n"
                if now["over"]:
                    return
            elif quiet >= KEEPALIVE_SECONDS:  # a comment line, which EventSource ignores
                quiet = 0.0
                yield b": waiting\n\n"
            await asyncio.sleep(SEAT_POLL_SECONDS)
            quiet += SEAT_POLL_SECONDS

    return StreamingResponse(changes(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})


async def command(request: Request) -> Response:
    """`{"token", "version", "command"}`: the seat plays `command` (its JSON, as the sheet lists it)."""
    table, seat, _ = _seat(request)
    sent = await _json(request)
    if not isinstance(sent, dict) or not isinstance(sent.get("version"), int) or "command" not in sent:
        raise ValueError('give {"token": ..., "version": the sheet\'s version, "command": one of its commands}')
    await run_in_threadpool(table.offer, seat, str(sent.get("token") or ""), sent["version"], sent["command"])
    return JSONResponse({"played": True}, status_code=202)


def _tables(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


def _seat(request: Request) -> tuple[Table, int, str]:
    table = _tables(request).get(request.path_params["game_id"])
    return table, request.path_params["seat"], request.query_params.get("token", "")


async def _json(request: Request) -> Any:
    try:
        return orjson.loads(await request.body())
    except orjson.JSONDecodeError as error:
        raise ValueError(f"the body is not JSON: {error}") from None
