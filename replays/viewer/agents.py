"""The agent API (docs/agents.md): a registered agent's one stream of its games, and its commands, with its token
as a bearer token. The registry, the seats and the ladder are core's (core/agents); this module routes to them.

- `GET /api/agent/me`: the agent the token names (a client checks its token with it before anything else).
- `GET /api/agent/stream`: newline-delimited JSON, one `AgentStreamEvent` a line (`started`, `turn` with the seat's
  observation and legal commands as the `http:` seat is sent them, `over`), and an empty line every
  KEEPALIVE_SECONDS while nothing happens. A stream that drops is opened again: what is pending is sent again.
  `?determinisation=true` asks for each turn's determinisation too (bots that search); it is null otherwise.
- `POST /api/agent/games/{game_id}/commands`: `{"version", "command"}` plays the seat's command, through the
  tables as a browser seat's (the same checks: the seat's credential is the agent's token).

A token missing, unknown or revoked is a 401 (read from the store at each request, so a revoked token is refused
from its next one); past the token's rate, a 429 with Retry-After.
"""

from __future__ import annotations

import base64
import pickle
from collections.abc import AsyncIterator
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from meeplog.core.agents.registry import Agent, Agents, token_hash
from meeplog.core.agents.seats import AgentEvent, Over, Presence, Started, Turn, agent_events, seat_of
from meeplog.core.tables.service import Tables
from meeplog.core.tables.table import NotYourSeat
from meeplog.players.http_agent import AgentObservation, observe
from meeplog.replays.viewer import play
from meeplog.replays.viewer.guards import RateLimit, read_json
from meeplog.replays.viewer.library import NotFound

KEEPALIVE_SECONDS = 10.0


class Unauthorized(PermissionError):
    """No live agent's token came with the request."""


class Me(BaseModel):
    name: str = Field(description="the agent's name, as standings and the leaderboard show it")


class StartedEvent(BaseModel):
    type: Literal["started"]
    game_id: str
    game: str = Field(description="the game's id, e.g. forest")
    seat: int = Field(description="the agent's seat, from 0")
    seats: list[str] = Field(description="every seat's player, as stored")


class TurnEvent(BaseModel):
    type: Literal["turn"]
    game_id: str
    seat: int
    version: int = Field(description="the game's version: send it back with the command")
    observation: AgentObservation
    determinisation: str | None = Field(
        description="a state drawn from what the seat knows, pickled and base64-encoded, for meeplog's own bots"
        " (`meeplog agent`), sent only to a stream opened with `?determinisation=true`; null otherwise"
    )


class OverEvent(BaseModel):
    type: Literal["over"]
    game_id: str
    seat: int
    ranks: list[int] | None = Field(description="each seat's rank, 1 best; null for a game with no result")
    why: str = Field(description="why a game with no result ended")


StreamLine = Annotated[StartedEvent | TurnEvent | OverEvent, Field(discriminator="type")]
"""One line of the stream: one of `started`, `turn`, `over`."""


class CommandSent(BaseModel):
    version: int = Field(description="the `version` of the turn the command answers")
    command: dict[str, Any] = Field(description="one of the turn's `legal` commands, as sent")


class Played(BaseModel):
    played: bool


async def me(request: Request) -> Response:
    agent = await holder(request)
    return JSONResponse(Me(name=agent.name).model_dump())


async def stream(request: Request) -> Response:
    agent = await holder(request)
    tables = play.tables_of(request)
    presence: Presence = request.app.state.presence
    determinisations = request.query_params.get("determinisation", "").lower() in ("true", "1")

    async def lines() -> AsyncIterator[bytes]:
        with presence.connected(agent.name):
            events = agent_events(tables, agent.name, KEEPALIVE_SECONDS, determinisations=determinisations)
            async for event in events:
                if await request.is_disconnected():
                    return
                if event is None:
                    yield b"\n"
                else:
                    line = await run_in_threadpool(encode, event)
                    yield line.model_dump_json().encode() + b"\n"

    return StreamingResponse(lines(), media_type="application/x-ndjson", headers={"Cache-Control": "no-store"})


async def command(request: Request) -> Response:
    agent = await holder(request)
    sent = await read_json(request)
    if not isinstance(sent, dict) or not isinstance(sent.get("version"), int) or "command" not in sent:
        raise ValueError('give {"version": the turn\'s version, "command": one of its legal commands}')
    token = bearer(request)
    game_id = request.path_params["game_id"]
    tables = play.tables_of(request)
    await run_in_threadpool(_send, tables, agent.name, token, game_id, version=sent["version"], command=sent["command"])
    return JSONResponse(Played(played=True).model_dump(), status_code=202)


def _send(tables: Tables, name: str, token: str, game_id: str, *, version: int, command: Any) -> None:
    """Agent `name`'s command, sent through the tables for its seat (one trip to a worker thread, not two)."""
    table = tables.table(game_id)
    seat = seat_of(table, name)
    if seat is None:
        raise NotYourSeat(f"agent {name} has no seat in game {table.id}")
    tables.command(table.id, seat, token, version, command)


def encode(event: AgentEvent) -> StartedEvent | TurnEvent | OverEvent:
    game_id = str(event.table.id)
    if isinstance(event, Started):
        return StartedEvent(
            type="started",
            game_id=game_id,
            game=event.table.game.rules.name,
            seat=event.seat,
            seats=list(event.table.laid.seats),
        )
    if isinstance(event, Turn):
        return TurnEvent(
            type="turn",
            game_id=game_id,
            seat=event.seat,
            version=event.version,
            observation=observe(event.observation, None),
            determinisation=None
            if event.determinisation is None
            else base64.b64encode(pickle.dumps(event.determinisation)).decode(),
        )
    assert isinstance(event, Over)
    return OverEvent(
        type="over", game_id=game_id, seat=event.seat, ranks=list(event.ranks) if event.ranks else None, why=event.why
    )


def bearer(request: Request) -> str:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


async def holder(request: Request) -> Agent:
    """The live agent whose token the request carries, once the token's rate allows the request."""
    token = bearer(request)
    limit: RateLimit = request.app.state.rate_limit
    limit.take(token_hash(token))
    agents: Agents | None = request.app.state.agents
    if agents is None:
        raise NotFound("a replay file has no agents; serve a store (`meeplog serve --db ...`)")
    agent = await run_in_threadpool(agents.holder, token) if token else None
    if agent is None:
        raise Unauthorized(
            "no live agent holds this token: send `Authorization: Bearer TOKEN` with the token"
            " `meeplog agents add NAME` printed"
        )
    return agent
