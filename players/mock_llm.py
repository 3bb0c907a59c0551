"""A local OpenAI-compatible chat-completions server that plays by a configurable policy, without a model.

It serves POST .../chat/completions (the LLM seat) and POST /agent (the HTTP agent seat). A legal answer
is one of the commands listed in the prompt (players/prompts.py), in a response schema narrowed to the legal
commands (`legal=schema`), or in the observation's `legal`, with a `reasoning` text first when the response
schema has room for one (`reasoning=field`); where a prompt lists none (`legal=off` or `count`), a command that
fits the game's schema, read from the view and the game's reasons as players/mock_guess.py reads them. It is
chosen at random with a generator seeded by the server's seed and the request itself, so the same request gets
the same command whatever came before (runs compare, games in flight or not); the policy makes some
answers bad, slow, failing or missing, so that every failure class can be produced on purpose. A request
whose client has gone by the time its answer is ready is not answered, and is not counted in `answered`.
The tests run it on 127.0.0.1 in a thread (`serving`); `meeplog mock-llm` runs it in the foreground until Ctrl-C.

A profile makes it answer as a kind of server does: `reasoning` as OpenAI's reasoning models (HTTP 400 with
their documented bodies for `max_tokens` and for a `temperature` other than 1, reasoning tokens in the usage,
no reasoning text), `thinking` as DeepSeek's reasoner, vLLM or llama.cpp with a reasoning parser
(`reasoning_content` beside the answer).
"""

from __future__ import annotations

import hashlib
import json
import random
import select
import socket
import threading
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Annotated, Any, Literal

import typer
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from meeplog.players.mock_guess import guessed_command
from meeplog.players.preflight import PREFLIGHT_HEADER
from meeplog.players.prompts import PLAN_TEXT, VIEW_MARK, ahead_in, legal_in


class Behaviour(StrEnum):
    LEGAL = "legal"  # one of the listed commands
    ILLEGAL = "illegal"  # a listed command with a number changed to 999 (a listed one if it has no number)
    ILLEGAL_STEP = "illegal-step"  # a plan whose last step is spoiled so (the first, if no later step is shown)
    UNPARSABLE = "unparsable"  # prose without JSON
    EMPTY = "empty"  # an empty message
    TRUNCATED = "truncated"  # half of a legal answer, finish_reason "length"
    RATE_LIMITED = "429"  # HTTP 429 with Retry-After
    SERVER_ERROR = "500"  # HTTP 500
    HANG = "hang"  # no answer until the client gives up (at most `hang_limit` seconds)
    UNAUTHORIZED = "401"  # HTTP 401: the key is wrong
    FORBIDDEN = "403"  # HTTP 403: the key may not use this model
    BAD_REQUEST = "400"  # HTTP 400 for a reason no retry mends
    OVER_CONTEXT = "context"  # HTTP 400: the prompt is longer than the model's context


MALFORMED = (Behaviour.ILLEGAL, Behaviour.UNPARSABLE, Behaviour.EMPTY, Behaviour.TRUNCATED)
FAILING = (Behaviour.RATE_LIMITED, Behaviour.SERVER_ERROR)
ERROR_MESSAGES = {  # each as the servers people run word it
    Behaviour.RATE_LIMITED: "mock failure 429",
    Behaviour.SERVER_ERROR: "mock failure 500",
    Behaviour.UNAUTHORIZED: "Incorrect API key provided",
    Behaviour.FORBIDDEN: "You do not have access to this model",
    Behaviour.BAD_REQUEST: "'temperature' is not valid here",
    Behaviour.OVER_CONTEXT: "This model's maximum context length is 4096 tokens; your messages resulted in 9000",
}
FORMATS = ("json_schema", "json_object_schema", "json_object", "off")  # as players/llm.py names them
Profile = Literal["plain", "reasoning", "thinking"]
PROFILES: tuple[Profile, ...] = ("plain", "reasoning", "thinking")
PARAMETER_ERRORS = {  # OpenAI's reasoning models' 400 bodies, word for word
    "max_tokens": {
        "message": "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens'"
        " instead.",
        "type": "invalid_request_error",
        "param": "max_tokens",
        "code": "unsupported_parameter",
    },
    "temperature": {
        "message": "Unsupported value: 'temperature' does not support {value} with this model. Only the default (1)"
        " value is supported.",
        "type": "invalid_request_error",
        "param": "temperature",
        "code": "unsupported_value",
    },
}
REASONING_TOKENS_PER_WORD = 8  # what the mock says it spent reasoning, for each word of its answer
CHARS_PER_TOKEN = 4  # an answer longer than its request's max_tokens of these is cut there


class MockPolicy(BaseModel):
    """How the server answers: `script` for the first requests, in order, then at random by the shares."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    delay: float = Field(0.0, ge=0, description="seconds to wait before every answer")
    malformed: float = Field(0.0, ge=0, le=1, description="share of bad answers: illegal, unparsable, empty, truncated")
    failures: float = Field(0.0, ge=0, le=1, description="share of HTTP 429 and 500 answers")
    hang: float = Field(0.0, ge=0, le=1, description="share of requests never answered")
    retry_after: float = Field(1.0, ge=0, description="the Retry-After of the 429 answers, in seconds")
    hang_limit: float = Field(30.0, ge=0, description="how long a hanging request is held at most")
    refuse: tuple[str, ...] = Field((), description=f"response formats refused, of {', '.join(FORMATS)}")
    refusal_status: int = Field(400, ge=400, le=599, description="the HTTP status of a refused response format")
    script: tuple[Behaviour, ...] = ()
    seed: int = 0
    profile: Profile = Field("plain", description=f"the kind of server answered as, of {', '.join(PROFILES)}")
    models: tuple[str, ...] = Field((), description="the model names served (404 for others); empty: any name")
    key: str | None = Field(None, description="the API key a request must bear (401 without it); None: any")

    @model_validator(mode="after")
    def _shares_fit(self) -> MockPolicy:
        if self.malformed + self.failures + self.hang > 1:
            raise ValueError("malformed + failures + hang must not exceed 1")
        if unknown := set(self.refuse) - set(FORMATS):
            raise ValueError(f"unknown response formats {sorted(unknown)}; the formats are {', '.join(FORMATS)}")
        return self


@dataclass(frozen=True)
class Received:
    """A request as the server saw it, for tests to check (the bearer token included, in memory only)."""

    path: str
    body: Any
    authorization: str | None
    behaviour: Behaviour | None


class MockServer(ThreadingHTTPServer):
    daemon_threads = True  # a hanging request must not hold up closing
    block_on_close = False

    def __init__(self, address: tuple[str, int], policy: MockPolicy, echo: Callable[[str], None] | None = None) -> None:
        super().__init__(address, _Handler)
        self.policy = policy
        self.echo = echo
        self.received: list[Received] = []
        self.answered: list[Any] = []  # the bodies of the requests answered, in order (a client gone gets none)
        self.preflights = 0  # pre-flight requests (players/preflight.py), kept out of `received` and `answered`
        self.most_at_once = 0  # the most requests it was thinking about at the same time
        self._busy = 0
        self._script = deque(policy.script)
        self._outage: Behaviour | None = None  # while set, every request is answered so (an outage, for tests)
        self._rng = random.Random(policy.seed)
        self._preflight_rng = random.Random(policy.seed)
        self._lock = threading.Lock()
        self._released = threading.Event()

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}"

    def release(self) -> None:
        """End every delay and hang, now and from now on (for tests, and when closing)."""
        self._released.set()

    def pause(self, seconds: float) -> None:
        self._released.wait(seconds)

    def think(self, seconds: float) -> None:
        """Wait before an answer, counting the requests waited on at once."""
        with self._lock:
            self._busy += 1
            self.most_at_once = max(self.most_at_once, self._busy)
        try:
            self.pause(seconds)
        finally:
            with self._lock:
                self._busy -= 1

    def outage(self, behaviour: Behaviour | None) -> None:
        """Answer every request with `behaviour` (a 500, a 429, a hang) from now on, until called with None."""
        with self._lock:
            self._outage = behaviour

    def preflight_behaviour(self) -> Behaviour:
        """A pre-flight request meets the outage, or the shares of failures and hangs (its own draw), never the
        script, which is for the games' requests."""
        with self._lock:
            if self._outage is not None:
                return self._outage
            roll, p = self._preflight_rng.random(), self.policy
            if roll < p.hang:
                return Behaviour.HANG
            if roll < p.hang + p.failures:
                return self._preflight_rng.choice(FAILING)
            return Behaviour.LEGAL

    def behaviour(self) -> Behaviour:
        with self._lock:
            if self._outage is not None:
                return self._outage
            if self._script:
                return self._script.popleft()
            roll, p = self._rng.random(), self.policy
            if roll < p.hang:
                return Behaviour.HANG
            if roll < p.hang + p.failures:
                return self._rng.choice(FAILING)
            if roll < p.hang + p.failures + p.malformed:
                return self._rng.choice(MALFORMED)
            return Behaviour.LEGAL

    def pick(self, commands: list[dict[str, Any]], body: Any) -> dict[str, Any]:
        """A command chosen as a function of the seed and the request alone."""
        return self.chooser(body).choice(commands)

    def chooser(self, body: Any) -> random.Random:
        """A generator seeded by the server's seed and the request alone."""
        digest = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()
        return random.Random(f"{self.policy.seed}:{digest}")

    def note(self, received: Received) -> None:
        with self._lock:
            self.received.append(received)
        if self.echo:
            self.echo(f"POST {received.path} -> {received.behaviour or 'refused'}")

    def note_preflight(self) -> None:
        with self._lock:
            self.preflights += 1
        if self.echo:
            self.echo("POST pre-flight check")

    def note_answered(self, body: Any) -> None:
        with self._lock:
            self.answered.append(body)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that gave up and closed its socket is expected here, not an error worth a traceback."""


class _Handler(BaseHTTPRequestHandler):
    server: MockServer
    preflight = False  # whether the request being answered is a pre-flight check

    def do_GET(self) -> None:
        """`.../models`: the model names it serves, as OpenAI's API lists them."""
        if not self.path.rstrip("/").endswith("/models"):
            self._send(404, {"error": {"message": "GET .../models, or POST to .../chat/completions or /agent"}})
            return
        names = self.server.policy.models or ("mock",)
        self._send(200, {"object": "list", "data": [{"id": name, "object": "model"} for name in names]})

    def do_POST(self) -> None:
        try:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"null")
        except ValueError:
            body = None
        authorization = self.headers.get("Authorization")
        self.preflight = self.headers.get(PREFLIGHT_HEADER) == "preflight"
        chat = self.path.rstrip("/").endswith("/chat/completions")
        if not isinstance(body, dict) or not (chat or self.path.rstrip("/") == "/agent"):
            self._note(Received(self.path, body, authorization, None))
            self._send(
                404 if isinstance(body, dict) else 400,
                {"error": {"message": "POST a JSON object to .../chat/completions or /agent"}},
            )
            return
        if (key := self.server.policy.key) is not None and authorization != f"Bearer {key}":
            self._note(Received(self.path, body, authorization, None))
            self._send(401, {"error": {"message": ERROR_MESSAGES[Behaviour.UNAUTHORIZED]}})
            return
        models = self.server.policy.models
        if chat and models and body.get("model") not in models:
            self._note(Received(self.path, body, authorization, None))
            message = f"The model `{body.get('model')}` does not exist or you do not have access to it."
            self._send(404, {"error": {"message": message, "type": "invalid_request_error", "code": "model_not_found"}})
            return
        if chat and (asked := format_of(body)) in self.server.policy.refuse:
            self._note(Received(self.path, body, authorization, None))
            message = f"response_format {asked} is not supported; response_format.type must be text"
            self._send(self.server.policy.refusal_status, {"error": {"message": message}})
            return
        if chat and (refused := parameter_error(self.server.policy.profile, body)):
            self._note(Received(self.path, body, authorization, None))
            self._send(400, {"error": refused})
            return
        behaviour = self.server.preflight_behaviour() if self.preflight else self.server.behaviour()
        self._note(Received(self.path, body, authorization, behaviour))
        self.server.think(self.server.policy.delay)
        if behaviour is Behaviour.HANG:
            self.server.pause(self.server.policy.hang_limit)
            return
        if self._client_left():
            return
        if not self.preflight:
            self.server.note_answered(body)
        if behaviour in ERROR_MESSAGES:
            limited = behaviour is Behaviour.RATE_LIMITED
            headers = {"Retry-After": f"{self.server.policy.retry_after:g}"} if limited else {}
            status = 400 if behaviour is Behaviour.OVER_CONTEXT else int(behaviour)
            self._send(status, {"error": {"message": ERROR_MESSAGES[behaviour]}}, headers)
            return
        commands = (_listed(body["messages"]) or _narrowed(body) or _guessed(body, self.server.chooser(body))
                    ) if chat else body.get("legal") or []
        content, finish = self._answer(behaviour, commands, body)
        if chat:
            content, finish = _within_limit(body, content, finish)
            self._send(200, _completion(body, content, finish, self.server.policy.profile))
        else:
            self._send_text(200, content)

    def _note(self, received: Received) -> None:
        """A game's request is kept in `received`; a pre-flight's is only counted."""
        if self.preflight:
            self.server.note_preflight()
        else:
            self.server.note(received)

    def _client_left(self) -> bool:
        """Whether the client closed its connection while the answer was being prepared."""
        readable, _, _ = select.select([self.connection], [], [], 0)
        try:
            return bool(readable) and not self.connection.recv(1, socket.MSG_PEEK)
        except OSError:
            return True

    def _answer(self, behaviour: Behaviour, commands: list[dict[str, Any]], body: Any) -> tuple[str, str]:
        """The answer's text and finish reason."""
        if behaviour is Behaviour.EMPTY:
            return "", "stop"
        if behaviour is Behaviour.UNPARSABLE or not commands:
            return "I would rather play the highest card I have.", "stop"
        rng = self.server.chooser(body)
        ahead = _shown_ahead(body.get("messages") or [])
        # a spoiled step is a later one where the prompt shows any: a command is picked among those it goes on from
        going_on = [n for n in range(len(commands)) if (n,) in ahead] if behaviour is Behaviour.ILLEGAL_STEP else []
        number = rng.choice(going_on) if going_on else rng.randrange(len(commands))
        planned = [commands[number], *_walk(ahead, (number,), rng)]
        if behaviour is Behaviour.ILLEGAL or (behaviour is Behaviour.ILLEGAL_STEP and len(planned) == 1):
            planned[0] = _spoiled(commands, planned[0])
        elif behaviour is Behaviour.ILLEGAL_STEP:
            planned[-1] = _spoiled([planned[-1]], planned[-1])
        properties = _answer_schema(body).get("properties") or {}
        answer: dict[str, Any] = {"reasoning": "It is listed, so it is legal."} if "reasoning" in properties else {}
        answer["command"] = planned[0]
        if "then" in properties or any(PLAN_TEXT in text for text in _user_texts(body)):
            answer["then"] = planned[1:]
        text = json.dumps(answer)
        if behaviour is Behaviour.TRUNCATED:
            return text[: len(text) // 2], "length"
        return text, "stop"

    def _send(self, status: int, data: Any, headers: dict[str, str] | None = None) -> None:
        self._send_text(status, json.dumps(data), headers)

    def _send_text(self, status: int, text: str, headers: dict[str, str] | None = None) -> None:
        body = text.encode()
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up waiting

    def log_message(self, format: str, *args: Any) -> None:
        """Requests are reported through MockServer.echo instead."""


def format_of(body: dict[str, Any]) -> str:
    """The structured output a request asks for, named as in FORMATS."""
    response_format = body.get("response_format") or {}
    kind = response_format.get("type", "off")
    return "json_object_schema" if kind == "json_object" and "schema" in response_format else kind


def parameter_error(profile: Profile, body: dict[str, Any]) -> dict[str, str] | None:
    """The error a reasoning model answers to a sampling parameter it does not take, if the request sends one."""
    if profile != "reasoning":
        return None
    if "max_tokens" in body:
        return PARAMETER_ERRORS["max_tokens"]
    if "temperature" in body and body["temperature"] != 1:
        error = PARAMETER_ERRORS["temperature"]
        return {**error, "message": error["message"].format(value=body["temperature"])}
    return None


def _user_texts(body: Any) -> list[str]:
    return [str(m.get("content")) for m in body.get("messages") or [] if m.get("role") == "user"]


def _shown_ahead(messages: list[dict[str, Any]]) -> dict[tuple[int, ...], list[dict[str, Any]]]:
    """The later steps of a chain shown in the latest user message that lists commands."""
    for message in reversed(messages):
        if message.get("role") == "user" and legal_in(text := str(message.get("content"))):
            return ahead_in(text)
    return {}


def _walk(
    ahead: dict[tuple[int, ...], list[dict[str, Any]]], path: tuple[int, ...], rng: random.Random
) -> list[dict[str, Any]]:
    """A way through the shown later steps from `path` on, a step chosen at random at each, as far as shown."""
    steps = []
    while options := ahead.get(path):
        number = rng.randrange(len(options))
        steps.append(options[number])
        path = (*path, number)
    return steps


def _listed(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The commands listed in the latest user message that lists any."""
    for message in reversed(messages):
        if message.get("role") == "user" and (commands := legal_in(str(message.get("content")))):
            return commands
    return []


def _guessed(body: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """With no command listed (legal=off or count): one read from the prompt as mock_guess.py reads it."""
    messages = body.get("messages") or []
    system = next((str(m.get("content")) for m in messages if m.get("role") == "system"), "")
    user = next((text for text in reversed(_user_texts(body)) if VIEW_MARK in text), "")
    guessed = guessed_command(system, user, _answer_schema(body), rng)
    return [guessed] if guessed is not None else []


def _answer_schema(body: dict[str, Any]) -> dict[str, Any]:
    """The schema the request asks the answer to fit, if it gives one."""
    response_format = body.get("response_format") or {}
    schema = (response_format.get("json_schema") or {}).get("schema") or response_format.get("schema") or {}
    return schema if isinstance(schema, dict) else {}


def _narrowed(body: dict[str, Any]) -> list[dict[str, Any]]:
    """The commands a schema narrowed to the legal ones (players/answers.py, legal_schema) allows: objects of
    constants, one or under `anyOf`."""
    properties = _answer_schema(body).get("properties") or {}
    command = properties.get("command") or {}
    options = command.get("anyOf", [command])
    constants = [option.get("properties") or {} for option in options]
    if not all(constants) or not all("const" in value for option in constants for value in option.values()):
        return []
    return [{name: value["const"] for name, value in option.items()} for option in constants]


def _spoiled(commands: list[dict[str, Any]], chosen: dict[str, Any]) -> dict[str, Any]:
    for command in [chosen, *commands]:
        numbers = [key for key, value in command.items() if type(value) is int]
        if numbers:
            return {**command, numbers[0]: 999}
    return chosen


def _within_limit(body: dict[str, Any], content: str, finish: str) -> tuple[str, str]:
    """The answer cut where the request's token limit ends it (CHARS_PER_TOKEN characters a token), as a model's
    server cuts it: finish_reason `length`."""
    limit = body.get("max_completion_tokens") or body.get("max_tokens")
    if isinstance(limit, int) and len(content) > limit * CHARS_PER_TOKEN:
        return content[: limit * CHARS_PER_TOKEN], "length"
    return content, finish


def _completion(body: dict[str, Any], content: str, finish: str, profile: Profile = "plain") -> dict[str, Any]:
    """A chat completion answering `content`; a reasoning profile adds what it reasoned, as its servers do."""
    prompt_words = sum(len(str(m.get("content", "")).split()) for m in body.get("messages", []))
    completion_words = len(content.split())
    message = {"role": "assistant", "content": content}
    usage: dict[str, Any] = {"prompt_tokens": prompt_words}
    if profile == "reasoning":
        reasoned = REASONING_TOKENS_PER_WORD * max(1, completion_words)
        completion_words += reasoned  # reasoning tokens are completion tokens, billed as such
        usage["completion_tokens_details"] = {"reasoning_tokens": reasoned}
    elif profile == "thinking":
        message["reasoning_content"] = f"The listed commands are all legal; I take {content or 'none'}."
    usage |= {"completion_tokens": completion_words, "total_tokens": prompt_words + completion_words}
    return {
        "id": "mock-completion",
        "object": "chat.completion",
        "model": body.get("model", "mock"),
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": usage,
    }


@contextmanager
def serving(policy: MockPolicy | None = None, host: str = "127.0.0.1", port: int = 0) -> Iterator[MockServer]:
    """A mock server answering in a background thread (port 0: any free port) until the block ends."""
    server = MockServer((host, port), policy or MockPolicy())
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.release()
        server.shutdown()
        server.server_close()
        thread.join()


def mock_llm(
    *,
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="port to listen on (0: any free port)")] = 8000,
    delay: Annotated[float, typer.Option(help="seconds to wait before every answer")] = 0.0,
    malformed: Annotated[float, typer.Option(help="share of bad answers (illegal, unparsable, empty, cut)")] = 0.0,
    failures: Annotated[float, typer.Option(help="share of HTTP 429 and 500 answers")] = 0.0,
    hang: Annotated[float, typer.Option(help="share of requests never answered")] = 0.0,
    retry_after: Annotated[float, typer.Option(help="Retry-After of the 429 answers, in seconds")] = 1.0,
    refuse: Annotated[
        str, typer.Option(help=f"response formats to refuse, comma-separated, of {', '.join(FORMATS)}")
    ] = "",
    refusal_status: Annotated[int, typer.Option(help="the HTTP status of a refusal (llama-cpp-python's is 500)")] = 400,
    script: Annotated[str, typer.Option(help="behaviours of the first requests, e.g. 429,500,unparsable")] = "",
    seed: Annotated[int, typer.Option(help="seed of the server's choices")] = 0,
    profile: Annotated[str, typer.Option(help=f"answer as a kind of server does, of {', '.join(PROFILES)}")] = "plain",
    models: Annotated[str, typer.Option(help="model names served, comma-separated (others get a 404); default: any")
                      ] = "",
) -> None:
    """Serve a mock OpenAI-compatible model (and an HTTP agent endpoint) to try LLM seats without a model."""
    try:
        policy = MockPolicy(
            delay=delay,
            malformed=malformed,
            failures=failures,
            hang=hang,
            retry_after=retry_after,
            refuse=tuple(filter(None, refuse.split(","))),
            refusal_status=refusal_status,
            script=tuple(filter(None, script.split(","))),
            seed=seed,
            profile=profile,
            models=tuple(filter(None, models.split(","))),
        )
    except ValidationError as error:
        raise typer.BadParameter("; ".join(e["msg"] for e in error.errors(include_url=False))) from None
    try:
        server = MockServer((host, port), policy, echo=typer.echo)
    except OSError as error:  # the address is taken, or not this machine's
        raise typer.BadParameter(
            f"cannot listen on {host}:{port}: {error.strerror}; give another --host or --port"
        ) from None
    typer.echo(f"mock model at {server.url}/v1 (chat completions, any model name); HTTP agent at {server.url}/agent")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        typer.echo("stopped")
    finally:
        server.release()
        server.server_close()
