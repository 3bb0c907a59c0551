"""A seat played by a language model behind any OpenAI-compatible chat-completions server.

Hosted APIs, vLLM, llama.cpp, Ollama and `meeplog mock-llm` all speak the protocol. Each decision sends
the conversation of players/prompts.py and asks for structured output, stepping down as the server
refuses: a `json_schema` response format with the game's command schema; `json_object` with the schema
inside (llama.cpp's servers constrain the answer to it); plain `json_object`; then none, the JSON asked for
in words. A refusal is a 400 or 422, or any error whose body names the response format (llama-cpp-python
answers 500): servers do not agree on a status. What an endpoint accepted is remembered for the rest of the
process, and every LlmExchange records the format it asked for, so the step shows in the audit trail.

A prompt over the model's context (a `context-length` error) is asked again with half the feed, down to
none, and the shorter feed is kept for the next decisions. Limits and audit: players/remote.py.

Spec: `llm:base_url=http://127.0.0.1:8000/v1,model=NAME,api_key_env=VAR` plus the options below.
"""

from __future__ import annotations

import re
from typing import Any, Literal

import httpx
import orjson
from pydantic import Field

from meeplog.core.players import Observation
from meeplog.players.answers import command_schema
from meeplog.players.prompts import FEED_LINES, conversation, refusal, render
from meeplog.players.remote import RemoteOptions, RemotePlayer, Reply, Request
from meeplog.players.transport import BAD_RESPONSE, Attempt, RemoteFailed

Structured = Literal["json_schema", "json_object_schema", "json_object", "off"]
WEAKER: dict[Structured, Structured] = {
    "json_schema": "json_object_schema",
    "json_object_schema": "json_object",
    "json_object": "off",
}
FORMAT_REFUSED, CONTEXT_LENGTH = "format-refused", "context-length"  # failure classes of a request
REFUSAL_STATUSES = frozenset({400, 422})
_NAMES_FORMAT = re.compile(r"response_format|json_schema|json_object", re.IGNORECASE)
_OVER_CONTEXT = re.compile(
    r"context.?(length|window|size)|maximum context|context_length_exceeded|too many tokens|n_ctx"
    r"|prompt is too long|maximum model length|exceeds? the (model|available)",
    re.IGNORECASE,
)

accepted: dict[str, Structured] = {}  # endpoint URL -> the strongest format it accepted, for this process


class LlmOptions(RemoteOptions):
    base_url: str = Field(pattern=r"^https?://", description="the server's API root, e.g. http://127.0.0.1:8000/v1")
    model: str = Field(min_length=1)
    temperature: float = Field(0.0, ge=0, le=2)
    max_tokens: int = Field(512, ge=1, description="longest answer; a longer one is cut and classed truncated")
    structured: Structured = Field("json_schema", description="the response format to ask for first")
    feed_lines: int = Field(FEED_LINES, ge=0, description="at most this many events of what happened since")
    input_price: float | None = Field(None, ge=0, description="price per million prompt tokens (tournament cost)")
    output_price: float | None = Field(None, ge=0, description="price per million completion tokens (tournament cost)")


class LlmPlayer(RemotePlayer):
    Options = LlmOptions

    def __init__(self, options: LlmOptions, seed: int) -> None:
        super().__init__(options, seed)
        self.options: LlmOptions = options
        self.url = options.base_url.rstrip("/") + "/chat/completions"
        self.feed_lines = options.feed_lines  # halved for good when a prompt is over the model's context

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

    def request(self, obs: Observation, refused: list[tuple[str, str]], previous: str | None) -> Request:
        o = self.options
        messages = conversation(obs, feed_lines=self.feed_lines, previous=previous)
        for answer, reason in refused:
            messages += refusal(answer, reason)
        payload: dict[str, Any] = {
            "model": o.model,
            "messages": [m.as_json() for m in messages],
            "temperature": o.temperature,
            "max_tokens": o.max_tokens,
            "seed": self.seed,
        }
        structured = self.structured
        if structured != "off":
            payload["response_format"] = response_format(structured, command_schema(type(obs.rules)).json_schema())
        return Request(self.url, payload, render(messages), structured)

    async def exchange(self, client: httpx.AsyncClient, obs: Observation, refused: list[tuple[str, str]],
                       previous: str | None) -> tuple[Request, Attempt, Reply | None]:
        while True:
            try:
                return await super().exchange(client, obs, refused, previous)
            except RemoteFailed as error:
                if error.failure == FORMAT_REFUSED:
                    accepted[self.url] = WEAKER[self.structured]
                elif error.failure == CONTEXT_LENGTH and self.feed_lines > 0:
                    self.feed_lines //= 2
                else:
                    raise

    def diagnose(self, status: int, body: str) -> str | None:
        if _OVER_CONTEXT.search(body):
            return CONTEXT_LENGTH
        asked = self.structured != "off"
        if asked and (status in REFUSAL_STATUSES or _NAMES_FORMAT.search(body)):
            return FORMAT_REFUSED
        return None

    def read(self, attempt: Attempt) -> Reply:
        try:
            data = orjson.loads(attempt.body or "")
            choice = data["choices"][0]
            content = choice["message"].get("content")
            usage = data.get("usage") or {}
            return Reply(
                text=content if isinstance(content, str) else None,
                truncated=choice.get("finish_reason") == "length",
                prompt_tokens=int(usage.get("prompt_tokens") or 0),
                completion_tokens=int(usage.get("completion_tokens") or 0),
            )
        except (KeyError, IndexError, TypeError, AttributeError, ValueError):  # ValueError: not JSON
            raise RemoteFailed(BAD_RESPONSE, "the server's answer is not a chat completion") from None


_STRENGTH: tuple[Structured, ...] = ("json_schema", "json_object_schema", "json_object", "off")


def response_format(structured: Structured, schema: dict[str, Any]) -> dict[str, Any]:
    """The `response_format` of a request that asks for `structured` output of this schema."""
    if structured == "json_schema":
        return {"type": "json_schema", "json_schema": {"name": "command", "schema": schema, "strict": False}}
    if structured == "json_object_schema":
        return {"type": "json_object", "schema": schema}
    return {"type": "json_object"}
