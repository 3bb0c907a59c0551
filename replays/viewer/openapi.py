"""`/openapi.json`: every route of the app, described from the pydantic models of what it takes and answers.

Each route of the app has one entry in OPERATIONS; an entry missing, or left over, is a KeyError at the first
request, so the document cannot drift from the routes silently. A JSON answer's schema is its model's; pages are
HTML, streams their media type (the agent stream's line is a model of its own, `AgentStreamLine`). Every error
under /api/ is an `ErrorAnswer` (`{"error": "..."}`); elsewhere an HTML page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib.metadata import version
from typing import Any

from pydantic import BaseModel, Field, TypeAdapter
from pydantic.json_schema import models_json_schema
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route

from meeplog.players.http_agent import AgentObservation
from meeplog.replays.viewer.agents import CommandSent, Me, Played, StreamLine

REF = "#/components/schemas/{model}"


class ErrorAnswer(BaseModel):
    error: str = Field(description="what was wrong, and what to do, in one line")


class StepAnswer(BaseModel):
    frame: dict[str, Any] = Field(description="the step as the game page draws it")
    html: str = Field(description="the step's board, drawn")


class TableAsked(BaseModel):
    game: str = Field(description="the game's id, e.g. forest")
    seats: list[str] = Field(description="a player spec per seat, or `person` (`NAME=agent` for a registered agent)")
    options: dict[str, Any] = Field(default_factory=dict, description="the game's options")
    turn_seconds: float | None = Field(None, description="the turn timer, in seconds")
    pace_seconds: float = Field(0.0, description="the pause after each bot's or model's move, so people follow them")
    seed: int | None = None


class SeatLink(BaseModel):
    seat: int
    player: str
    link: str | None = Field(description="a person's seat page, with its token: handed out only here")


class TableStarted(BaseModel):
    game_id: str
    game: str
    seats: list[SeatLink]
    debugger: str


class SeatCommand(BaseModel):
    token: str = Field(description="the seat's token, from its link")
    version: int = Field(description="the sheet's version")
    command: dict[str, Any] = Field(description="one of the sheet's commands")


class AnyJson(BaseModel):
    """A JSON document (the leaderboard as `meeplog leaderboard --json` writes it, this document)."""


MODELS = [
    ErrorAnswer,
    StepAnswer,
    TableAsked,
    SeatLink,
    TableStarted,
    SeatCommand,
    AnyJson,
    Me,
    Played,
    CommandSent,
    AgentObservation,
]


@dataclass(frozen=True)
class Operation:
    summary: str
    answer: str = "text/html"  # the media type of its 2xx answer
    model: type[BaseModel] | None = None  # its JSON answer's model
    status: int = 200
    body: type[BaseModel] | None = None
    query: tuple[str, ...] = ()
    bearer: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


OPERATIONS: dict[tuple[str, str], Operation] = {
    ("GET", "/"): Operation("the games list (a redirect)"),
    ("GET", "/games"): Operation("the stored games", query=("game", "player", "tournament", "after")),
    ("GET", "/games/{game_id}"): Operation("a game, step by step", query=("step", "as")),
    ("GET", "/games/{game_id}/verify"): Operation("a game replayed against its stored record"),
    ("GET", "/tournaments"): Operation("the stored tournaments"),
    ("GET", "/tournaments/{tournament_id}"): Operation("a tournament's standings"),
    ("GET", "/tournaments/{tournament_id}/plot.png"): Operation("a tournament's ratings, drawn", answer="image/png"),
    ("GET", "/leaderboard"): Operation("every game's leaderboard", query=("model", "include_forfeits")),
    ("GET", "/leaderboard/{game}"): Operation("one game's leaderboard", query=("model", "include_forfeits")),
    ("GET", "/api/games/{game_id}/steps/{step}"): Operation(
        "one step of a game", "application/json", StepAnswer, query=("as",)
    ),
    ("GET", "/api/games/{game_id}/live"): Operation("a game as it grows", "text/event-stream"),
    ("GET", "/api/tournaments/{tournament_id}/live"): Operation("a tournament as it grows", "text/event-stream"),
    ("GET", "/api/leaderboard"): Operation(
        "the leaderboard", "application/json", AnyJson, query=("model", "include_forfeits")
    ),
    ("GET", "/api/leaderboard/{game}"): Operation(
        "one game's leaderboard", "application/json", AnyJson, query=("model", "include_forfeits")
    ),
    ("GET", "/lobby"): Operation("start a game, see the tables"),
    ("GET", "/play/{game_id}/{seat}"): Operation("a seat's page", query=("token",)),
    ("POST", "/api/tables"): Operation("lay a table", "application/json", TableStarted, 201, TableAsked),
    ("POST", "/api/play/{game_id}/{seat}"): Operation("a seat's command", "application/json", Played, 202, SeatCommand),
    ("GET", "/api/play/events"): Operation(
        "many seats' sheets as they change, on one stream (a browser's seat pages share it)",
        "text/event-stream",
        query=("follow",),
    ),
    ("GET", "/api/play/{game_id}/{seat}/events"): Operation(
        "a seat's sheet as it changes", "text/event-stream", query=("token",)
    ),
    ("GET", "/api/agent/me"): Operation("the agent the token names", "application/json", Me, bearer=True),
    ("GET", "/api/agent/stream"): Operation(
        "the agent's games, turns and results, one JSON line each",
        "application/x-ndjson",
        bearer=True,
        query=("determinisation",),
    ),
    ("POST", "/api/agent/games/{game_id}/commands"): Operation(
        "the agent's command in a game", "application/json", Played, 202, CommandSent, bearer=True
    ),
    ("GET", "/openapi.json"): Operation("this document", "application/json", AnyJson),
    ("GET", "/static/{path}"): Operation("the pages' scripts and styles", "*/*"),
}
INTEGERS = {"step", "seat", "after"}


async def document(request: Request) -> Response:
    return JSONResponse(build(request.app.routes))


def build(routes: list[Any]) -> dict[str, Any]:
    _, defs = models_json_schema([(model, "serialization") for model in MODELS], ref_template=REF)
    schemas = defs["$defs"]
    schemas["AgentStreamLine"] = TypeAdapter(StreamLine).json_schema(ref_template=REF)
    schemas["AgentStreamLine"].pop("$defs", None)
    paths: dict[str, dict[str, Any]] = {}
    routed = _routes(routes)
    for method, path in routed:
        paths.setdefault(path, {})[method.lower()] = _operation(path, OPERATIONS[(method, path)])
    if left := set(OPERATIONS) - set(routed):
        raise KeyError(f"described but not routed: {sorted(left)}")
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Meeplog",
            "version": version("meeplog"),
            "description": "The viewer, the tables and the agent API (docs/agents.md).",
        },
        "paths": paths,
        "components": {"schemas": schemas, "securitySchemes": {"agentToken": {"type": "http", "scheme": "bearer"}}},
    }


def _routes(routes: list[Any]) -> list[tuple[str, str]]:
    found = []
    for route in routes:
        if isinstance(route, Route):
            methods = sorted((route.methods or {"GET"}) - {"HEAD"})
            found += [(method, route.path_format) for method in methods]
        elif isinstance(route, Mount):
            found.append(("GET", f"{route.path}/{{path}}"))
    return found


def _operation(path: str, operation: Operation) -> dict[str, Any]:
    api = path.startswith("/api/") or operation.answer == "application/json"
    error = (
        {"application/json": {"schema": {"$ref": REF.format(model="ErrorAnswer")}}}
        if api
        else {"text/html": {"schema": {"type": "string"}}}
    )
    names = [part[1:-1] for part in path.split("/") if part.startswith("{")]
    parameters = [
        {"name": name, "in": "path", "required": True, "schema": {"type": "integer" if name in INTEGERS else "string"}}
        for name in names
    ]
    parameters += [
        {
            "name": name,
            "in": "query",
            "required": False,
            "schema": {"type": "integer" if name in INTEGERS else "string"},
        }
        for name in operation.query
    ]
    content: dict[str, Any] = {"schema": {"type": "string"}}
    if operation.model is not None:
        content = {"schema": {"$ref": REF.format(model=operation.model.__name__)}}
    elif operation.answer == "application/x-ndjson":
        content = {"schema": {"$ref": REF.format(model="AgentStreamLine")}}
    described: dict[str, Any] = {
        "summary": operation.summary,
        "parameters": parameters,
        "responses": {
            str(operation.status): {"description": operation.summary, "content": {operation.answer: content}},
            "default": {"description": "a refusal: what was wrong, what to do", "content": error},
        },
    }
    if path == "/":
        described["responses"]["302"] = {"description": "to the games list"}
    if operation.body is not None:
        described["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": {"$ref": REF.format(model=operation.body.__name__)}}},
        }
    if operation.bearer:
        described["security"] = [{"agentToken": []}]
    return described
