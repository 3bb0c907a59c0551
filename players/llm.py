"""A seat played by a language model behind any OpenAI-compatible chat-completions server.

Hosted APIs, vLLM, llama.cpp, Ollama and `meeplog mock-llm` all speak the protocol. Each decision sends
the conversation of players/prompts.py and asks for structured output, stepping down as the server
refuses: a `json_schema` response format with the game's command schema; `json_object` with the schema
inside (llama.cpp's servers constrain the answer to it); plain `json_object`; then none, the JSON asked for
in words. A refusal is a 400 or 422, or any error whose body names the response format (llama-cpp-python
answers 500): servers do not agree on a status. What an endpoint accepted is remembered for the rest of the
process, and every LlmExchange records the format it asked for, so the step shows in the audit trail.

Servers also differ in the sampling parameters they take. OpenAI's reasoning models answer 400 to
`max_tokens` ("Use 'max_completion_tokens' instead") and to a `temperature` other than their default; the
seat then sends `max_completion_tokens` instead, or leaves `temperature` out, and asks again. What a model
at an endpoint refused is remembered for the rest of the process, and LlmExchange.adapted records the change.
Reasoning text (`reasoning_content`, as DeepSeek, llama.cpp and vLLM return it, or vLLM's newer `reasoning`)
and reasoning tokens (`usage.completion_tokens_details.reasoning_tokens`) are kept in the exchange.

A prompt over the model's context (a `context-length` error) is asked again with half the feed, down to
none, and the shorter feed is kept for the next decisions. Limits and audit: players/remote.py.

Harness settings change what the model is given (players/prompts.py): `legal` (the legal commands listed,
only their number, nothing, or listed and the response schema narrowed to them), `reasoning` (a `reasoning`
text before the command, kept in the exchange, never read as a command) and `plans` (on by default: where
the game chains the seat's own decisions, Rules.continues, the prompt says so and shows what is legal at the
later steps, and the answer may be a plan, `{"command": ..., "then": [...]}`, played step by step without
asking again, players/remote.py; not with `legal=schema`, whose answer is held to one legal command). They
are part of the seat's spec, so the same model with other settings is another player in the standings, and
every exchange records them (`harness`).

Spec: `llm:base_url=http://127.0.0.1:8000/v1,model=NAME,api_key_env=VAR` plus the options below.
"""

from __future__ import annotations

import re
from typing import Any, Literal

import httpx
import orjson
from pydantic import Field

from meeplog.core.players import Observation, PreflightFailed
from meeplog.players import preflight
from meeplog.players.answers import command_schema, legal_schema
from meeplog.players.prompts import FEED_LINES, Harness, Legal, Message, Reasoning, prompt, refusal, render
from meeplog.players.remote import RemoteOptions, RemotePlayer, Reply, Request
from meeplog.players.transport import BAD_RESPONSE, Attempt, RemoteFailed

Structured = Literal["json_schema", "json_object_schema", "json_object", "off"]
WEAKER: dict[Structured, Structured] = {
    "json_schema": "json_object_schema",
    "json_object_schema": "json_object",
    "json_object": "off",
}
FORMAT_REFUSED, CONTEXT_LENGTH = "format-refused", "context-length"  # failure classes of a request
PARAMETER_REFUSED = "parameter-refused"  # a sampling parameter this model does not take: asked again without
ADAPTED = {  # a refused parameter -> what the seat sends instead, as LlmExchange.adapted says it
    "max_tokens": "max_completion_tokens instead of max_tokens",
    "temperature": "temperature left out",
}
_UNSUPPORTED = re.compile(r"Unsupported (?:parameter|value): '(max_tokens|temperature)'", re.IGNORECASE)
REFUSAL_STATUSES = frozenset({400, 422})
_NAMES_FORMAT = re.compile(r"response_format|json_schema|json_object", re.IGNORECASE)
_OVER_CONTEXT = re.compile(
    r"context.?(length|window|size)|maximum context|context_length_exceeded|too many tokens|n_ctx"
    r"|prompt is too long|maximum model length|exceeds? the (model|available)",
    re.IGNORECASE,
)

PREFLIGHT_QUESTION = 'Meeplog checks this endpoint before its games. Answer with the JSON object {"ok": true}.'
PREFLIGHT_SCHEMA = {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}

accepted: dict[str, Structured] = {}  # endpoint URL -> the strongest format it accepted, for this process
refused_parameters: dict[tuple[str, str], frozenset[str | None]] = {}  # (URL, model) -> the parameters refused


class LlmOptions(RemoteOptions):
    base_url: str = Field(pattern=r"^https?://", description="the server's API root, e.g. http://127.0.0.1:8000/v1")
    model: str = Field(min_length=1)
    temperature: float = Field(0.0, ge=0, le=2, description="left out for a model that refuses it")
    max_tokens: int = Field(512, ge=1, description="longest answer; a longer one is cut and classed truncated")
    max_completion_tokens: int | None = Field(
        None, ge=1, description="sent instead of max_tokens (a reasoning model's limit, its reasoning included)"
    )
    reasoning_effort: Literal["none", "minimal", "low", "medium", "high", "xhigh"] | None = Field(
        None, description="how much a reasoning model thinks (OpenAI's reasoning_effort); not sent if unset"
    )
    structured: Structured = Field("json_schema", description="the response format to ask for first")
    feed_lines: int = Field(FEED_LINES, ge=0, description="at most this many events of what happened since")
    legal: Legal = Field("list", description="the legal commands: listed, their number, nothing, or the schema too")
    reasoning: Reasoning = Field("off", description="field: the answer holds a reasoning text before its command")
    plans: bool = Field(True, description="where the game chains the seat's decisions, ask for them all at once")
    input_price: float | None = Field(None, ge=0, description="price per million prompt tokens (tournament cost)")
    output_price: float | None = Field(None, ge=0, description="price per million completion tokens (tournament cost)")


class LlmPlayer(RemotePlayer):
    Options = LlmOptions

    def __init__(self, options: LlmOptions, seed: int) -> None:
        super().__init__(options, seed)
        self.options: LlmOptions = options
        self.url = options.base_url.rstrip("/") + "/chat/completions"
        self.feed_lines = options.feed_lines  # halved for good when a prompt is over the model's context
        # a schema narrowed to the legal commands holds the answer to one: a plan's later steps could not be
        self.plans = options.plans and options.legal != "schema"
        self.harness = Harness(options.legal, options.reasoning, self.plans)

    @property
    def label(self) -> str:
        return self.options.model

    def describe(self) -> str:
        return f"{self.options.model} at {self.options.base_url}"

    @property
    def structured(self) -> Structured:
        """The format to ask for: the spec's, unless this endpoint already refused it."""
        known = accepted.get(self.url, self.options.structured)
        return max(known, self.options.structured, key=_STRENGTH.index)

    def answer_schema(self, obs: Observation, *, plan: bool = False) -> dict[str, Any]:
        """The schema the answer must fit: the game's, or with `legal=schema` this decision's legal commands;
        with `plan`, the commands of the later steps too (`then`)."""
        reasoning = self.options.reasoning == "field"
        if self.options.legal == "schema":
            return legal_schema(type(obs.rules), obs.legal, reasoning=reasoning)
        return command_schema(type(obs.rules)).json_schema(reasoning=reasoning, plan=plan)

    def prices(self) -> tuple[float, float] | None:
        o = self.options
        if o.input_price is None and o.output_price is None:
            return None
        return o.input_price or 0.0, o.output_price or 0.0

    @property
    def _endpoint(self) -> tuple[str, str]:
        return self.url, self.options.model

    @property
    def _left_out(self) -> frozenset[str | None]:
        """The sampling parameters this model at this endpoint refused, as the spec gives them."""
        return refused_parameters.get(self._endpoint, frozenset())

    def request(self, obs: Observation, answers_refused: list[tuple[str, str]], previous: str | None) -> Request:
        messages, plan = prompt(obs, feed_lines=self.feed_lines, previous=previous, harness=self.harness)
        for answer, reason in answers_refused:
            messages += refusal(answer, reason)
        payload = self.payload(messages, self.answer_schema(obs, plan=plan))
        adapted = "; ".join(text for name, text in ADAPTED.items() if name in self._left_out) or None
        return Request(self.url, payload, render(messages), self.structured, adapted=adapted, harness=str(self.harness))

    def payload(self, messages: list[Message], schema: dict[str, Any]) -> dict[str, Any]:
        """The request's body: the conversation, the spec's sampling parameters but those this model refused, and
        the structured output this endpoint takes."""
        o = self.options
        payload: dict[str, Any] = {"model": o.model, "messages": [m.as_json() for m in messages], "seed": self.seed}
        left_out = self._left_out
        if "temperature" not in left_out:
            payload["temperature"] = o.temperature
        if o.max_completion_tokens is not None or "max_tokens" in left_out:
            payload["max_completion_tokens"] = o.max_completion_tokens or o.max_tokens
        else:
            payload["max_tokens"] = o.max_tokens
        if o.reasoning_effort is not None:
            payload["reasoning_effort"] = o.reasoning_effort
        if self.structured != "off":
            payload["response_format"] = response_format(self.structured, schema)
        return payload

    async def exchange(
        self, client: httpx.AsyncClient, obs: Observation, refused: list[tuple[str, str]], previous: str | None
    ) -> tuple[Request, Attempt]:
        while True:
            try:
                return await super().exchange(client, obs, refused, previous)
            except RemoteFailed as error:
                if not self._adapted(error.failure, error.body or ""):
                    raise

    def _adapted(self, failure: str, body: str) -> bool:
        """Change what the next request sends after a refusal the server explained: a weaker response format, a
        sampling parameter left out, half the feed; whether anything changed."""
        if failure == FORMAT_REFUSED:
            accepted[self.url] = WEAKER[self.structured]
        elif failure == PARAMETER_REFUSED:
            refused_parameters[self._endpoint] = self._left_out | {refused_parameter(body)}
        elif failure == CONTEXT_LENGTH and self.feed_lines > 0:
            self.feed_lines //= 2
        else:
            return False
        return True

    async def check(self, client: httpx.AsyncClient, obs: Observation) -> None:
        """One tiny chat request in the seat's response format (negotiated as a game's would be); a 404 names the
        models the server lists."""
        messages = [Message("user", PREFLIGHT_QUESTION)]
        while True:
            response = await preflight.post(client, self.url, self.payload(messages, PREFLIGHT_SCHEMA),
                                            self._headers(), self.key_fix())
            if response is None:
                return
            if response.is_success:
                try:
                    self.read(Attempt(None, response.text, 0, 0))
                except RemoteFailed:
                    raise PreflightFailed(f"{self.url}: the answer is not a chat completion") from None
                return
            diagnosed = self.diagnose(response.status_code, response.text)
            if diagnosed is not None and self._adapted(diagnosed, response.text):
                continue
            failed = preflight.failure(self.url, response)
            if response.status_code == 404:
                listed = await self._models(client)
                serves = f"; it serves {', '.join(listed[:8])}" if listed else ""
                raise PreflightFailed(f"no model {self.options.model!r} there? {failed}{serves}")
            raise PreflightFailed(failed)

    async def _models(self, client: httpx.AsyncClient) -> list[str]:
        """The model names the server lists (`GET <base_url>/models`), or none if it lists none."""
        try:
            answer = await client.get(self.options.base_url.rstrip("/") + "/models", headers=self._headers(),
                                      timeout=preflight.PREFLIGHT_TIMEOUT)
            return [str(model["id"]) for model in answer.json()["data"]]
        except (httpx.HTTPError, ValueError, KeyError, TypeError):
            return []

    def diagnose(self, status: int, body: str) -> str | None:
        if _OVER_CONTEXT.search(body):
            return CONTEXT_LENGTH
        if refused_parameter(body) not in {None, *self._left_out}:
            return PARAMETER_REFUSED
        asked = self.structured != "off"
        if asked and (status in REFUSAL_STATUSES or _NAMES_FORMAT.search(body)):
            return FORMAT_REFUSED
        return None

    def read(self, attempt: Attempt) -> Reply:
        try:
            data = orjson.loads(attempt.body or "")
            choice = data["choices"][0]
            message = choice["message"]
            content = message.get("content")
            reasoning = message.get("reasoning_content") or message.get("reasoning")
            usage = data.get("usage") or {}
            details = usage.get("completion_tokens_details") or {}
            return Reply(
                text=content if isinstance(content, str) else None,
                truncated=choice.get("finish_reason") == "length",
                prompt_tokens=int(usage.get("prompt_tokens") or 0),
                completion_tokens=int(usage.get("completion_tokens") or 0),
                reasoning=reasoning if isinstance(reasoning, str) and reasoning else None,
                reasoning_tokens=int(details.get("reasoning_tokens") or 0),
            )
        except (KeyError, IndexError, TypeError, AttributeError, ValueError):  # ValueError: not JSON
            raise RemoteFailed(BAD_RESPONSE, "the server's answer is not a chat completion") from None


_STRENGTH: tuple[Structured, ...] = ("json_schema", "json_object_schema", "json_object", "off")


def refused_parameter(body: str) -> str | None:
    """The sampling parameter an error body says the model does not take (`max_tokens` or `temperature`): by
    OpenAI's `param` and `code` fields, else by its message ("Unsupported parameter: 'max_tokens' ...")."""
    try:
        error = orjson.loads(body).get("error")
    except (orjson.JSONDecodeError, AttributeError):
        error = None
    if isinstance(error, dict) and error.get("param") in ADAPTED and error.get("code") in _UNSUPPORTED_CODES:
        return str(error["param"])
    match = _UNSUPPORTED.search(body)
    return match.group(1).lower() if match else None


_UNSUPPORTED_CODES = ("unsupported_parameter", "unsupported_value")


def response_format(structured: Structured, schema: dict[str, Any]) -> dict[str, Any]:
    """The `response_format` of a request that asks for `structured` output of this schema."""
    if structured == "json_schema":
        return {"type": "json_schema", "json_schema": {"name": "command", "schema": schema, "strict": False}}
    if structured == "json_object_schema":
        return {"type": "json_object", "schema": schema}
    return {"type": "json_object"}
