"""The agent API against one real `meeplog serve`: the token is the only key (401 without it, and from the next
request once revoked), a turn holds the seat's observation as the `http:` seat is sent it and nothing of the other
seats' hands, a command goes through the seat contract (202, then 409 for the same turn, 403 at a table without the
agent), bodies over 64 KB are 413, a token past its rate is 429 with Retry-After, and schemathesis finds every
answer of the whole API in /openapi.json and no 5xx."""

from __future__ import annotations

import base64
import pickle
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import orjson
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)
from starlette.testclient import TestClient

from meeplog.core.agents.registry import Agents
from meeplog.core.game import Game
from meeplog.core.registry import load_rules
from meeplog.core.store import open_store
from meeplog.players.http_agent import AgentObservation, observe
from meeplog.replays.viewer.app import create_app
from meeplog.replays.viewer.guards import RateLimit
from meeplog.replays.viewer.library import StoreLibrary
from tests.viewer.servers import Server


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Iterator[tuple[Server, Agents]]:
    db = str(tmp_path_factory.mktemp("agents") / "agents.db")
    agents = Agents(open_store(db))
    with Server(db) as server:
        yield server, agents


# What the issue asks of the API: no 5xx, every answer (status, media type, body) in the document. Whether a request
# the schema allows is answered 2xx is not asked: a game id of the right form that names no game is a 404.
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def first_events(server: Server, token: str, count: int, query: str = "") -> list[dict[str, Any]]:
    """The first `count` events of the agent's stream (keepalive lines skipped)."""
    found: list[dict[str, Any]] = []
    url = f"{server.url}/api/agent/stream{query}"
    with httpx.stream("GET", url, headers=bearer(token), timeout=60) as stream:
        assert stream.status_code == 200
        for line in stream.iter_lines():
            if line.strip():
                found.append(orjson.loads(line))
                if len(found) == count:
                    return found
    raise AssertionError(f"the stream ended after {found}")


def test_a_missing_or_unknown_token_is_401_and_a_revoked_one_is_refused_from_its_next_request(served):
    server, agents = served
    token = agents.add("leaving")
    assert httpx.get(f"{server.url}/api/agent/me", headers=bearer(token)).json() == {"name": "leaving"}
    for headers in ({}, bearer("not-a-token"), {"Authorization": f"Basic {token}"}):
        refused = httpx.get(f"{server.url}/api/agent/stream", headers=headers, timeout=10)
        assert refused.status_code == 401 and refused.headers["WWW-Authenticate"] == "Bearer"
        assert "meeplog agents add" in refused.json()["error"]
    agents.revoke("leaving")  # what `meeplog agents revoke` does, from another process than the server's
    assert httpx.get(f"{server.url}/api/agent/me", headers=bearer(token)).status_code == 401


def test_a_turn_is_the_http_seats_observation_and_the_command_goes_through_the_seat_contract(served):
    server, agents = served
    token = agents.add("seated")
    other = agents.add("elsewhere")
    laid = httpx.post(
        f"{server.url}/api/tables",
        json={"game": "forest", "seed": 5, "seats": ["seated=agent", "random", "random"]},
        timeout=30,
    )
    assert laid.status_code == 201, laid.text
    game_id = laid.json()["game_id"]
    assert [seat["link"] for seat in laid.json()["seats"]] == [None, None, None]  # the agent's key is its token
    started, turn = first_events(server, token, 2, "?determinisation=true")
    assert started == {
        "type": "started",
        "game_id": game_id,
        "game": "forest",
        "seat": 0,
        "seats": ["seated=agent", "random", "random"],
    }
    assert turn["type"] == "turn" and turn["seat"] == 0
    sent = AgentObservation.model_validate(turn["observation"])
    # The seat's own view, exactly as the http: seat is sent it at that moment; not another seat's hand.
    game = Game.rebuild(agents.store.history(uuid.UUID(game_id), upto=turn["version"]))
    assert sent.model_dump(mode="json") == observe(game.observation(0), None).model_dump(mode="json")
    rules = load_rules("forest")
    for seat in (1, 2):
        assert sent.view != rules.view(game.state, seat).model_dump(mode="json")
    drawn = pickle.loads(base64.b64decode(turn["determinisation"]))
    assert rules.view(drawn, 0).model_dump(mode="json") == sent.view  # drawn from what seat 0 knows
    _, plain = first_events(server, token, 2)  # a stream that does not ask is sent the same turn without one
    assert plain["version"] == turn["version"] and plain["determinisation"] is None
    command = {"version": turn["version"], "command": sent.legal[0]}
    url = f"{server.url}/api/agent/games/{game_id}/commands"
    assert httpx.post(url, json=command, headers=bearer(token)).status_code == 202
    again = httpx.post(url, json=command, headers=bearer(token))
    assert again.status_code == 409 and again.json()["error"]
    assert httpx.post(url, json=command, headers=bearer(other)).status_code == 403


def test_a_body_over_64_kb_is_413_and_a_token_past_its_rate_is_429_with_retry_after(served):
    server, agents = served
    token = agents.add("flooding")
    url = f"{server.url}/api/agent/games/{'0' * 32}/commands"
    huge = orjson.dumps({"version": 1, "command": {"type": "x" * 70_000}})
    assert httpx.post(url, content=huge, headers=bearer(token)).status_code == 413
    # The rate, one request a second and two at once, is this app's (the server's is 100 and 200): 30 requests in
    # a row pass it however slow the machine is.
    store = open_store("memory")
    hurried = Agents(store).add("hurried")
    with TestClient(create_app(StoreLibrary(store, "memory"), rate_limit=RateLimit(rate=1, burst=2))) as client:
        answers = [client.get("/api/agent/me", headers=bearer(hurried)) for _ in range(30)]
    assert answers[0].status_code == 200
    limited = [answer for answer in answers if answer.status_code == 429]
    assert len(limited) >= 20
    assert int(limited[0].headers["Retry-After"]) >= 1 and "too many requests" in limited[0].json()["error"]


def test_schemathesis_finds_every_answer_of_the_whole_api_in_its_openapi_document_and_no_5xx(served):
    server, agents = served
    token = agents.add("fuzzer")
    schema = schemathesis.openapi.from_url(f"{server.url}/openapi.json")
    described = schema.raw_schema["paths"]
    assert "/api/agent/stream" in described and "/api/tables" in described and "/games/{game_id}" in described
    failures = []
    for result in schema.get_all_operations():
        operation = result.ok()
        if operation.path == "/api/agent/stream":  # a stream with a live token never ends; its refusal is tested
            continue

        @settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        @given(case=operation.as_strategy())
        def check(case: Any) -> None:
            case.call_and_validate(headers=bearer(token), timeout=30, checks=CHECKS)

        try:
            check()
        except Exception as error:  # gather every operation's failure, then report them all
            failures.append(f"{operation.method.upper()} {operation.path}: {error}")
    assert not failures, "\n\n".join(failures)
