"""A seat played by a language model behind any OpenAI-compatible chat-completions server.

Hosted APIs, vLLM, llama.cpp, Ollama and `meeplog mock-llm` all speak the protocol. Each decision sends
the conversation of players/prompts.py and asks for structured output: a `json_schema` response format
with the game's command schema, else (when the server answers 400 to it) `json_object`, else plain JSON
asked for in words; the player remembers what the server accepted. Limits and audit: players/remote.py.

Spec: `llm:base_url=http://127.0.0.1:8000/v1,model=NAME,api_key_env=VAR` plus the options below.
"""

from __future__ import annotations

from typing import Any, Literal

import httpx
import orjson
from pydantic import Field

from core.players import Observation
from players.answers import command_schema
from players.prompts import FEED_LINES, conversation, refusal, render
from players.remote import RemoteOptions, RemotePlayer, Reply, Request
from players.transport import BAD_RESPONSE, Attempt, RemoteFailed

Structured = Literal["json_schema", "json_object", "off"]
WEAKER: dict[Structured, Structured] = {"json_schema": "json_object", "json_object": "off"}


class LlmOptions(RemoteOptions):
    base_url: str = Field(pattern=r"^https?://", description="the server's API root, e.g. http://127.0.0.1:8000/v1")
    model: str = Field(min_length=1)
    temperature: float = Field(0.0, ge=0, le=2)
    max_tokens: int = Field(512, ge=1, description="longest answer; a longer one is cut and classed truncated")
    structured: Structured = Field("json_schema", description="the response format to ask for first")
    feed_lines: int = Field(FEED_LINES, ge=0, description="at most this many events of what happened since")


class LlmPlayer(RemotePlayer):
    Options = LlmOptions

    def __init__(self, options: LlmOptions, seed: int) -> None:
        super().__init__(options, seed)
        self.options: LlmOptions = options
        self.structured: Structured = options.structured  # lowered for good when the server refuses it

    @property
    def label(self) -> str:
        return self.options.model

    def request(self, obs: Observation, refused: list[tuple[str, str]], previous: str | None) -> Request:
        o = self.options
        messages = conversation(obs, feed_lines=o.feed_lines, previous=previous)
        for answer, reason in refused:
            messages += refusal(answer, reason)
        payload: dict[str, Any] = {
            "model": o.model,
            "messages": [m.as_json() for m in messages],
            "temperature": o.temperature,
            "max_tokens": o.max_tokens,
            "seed": self.seed,
        }
        if self.structured == "json_schema":
            schema = command_schema(type(obs.rules)).json_schema()
            payload["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "command", "schema": schema, "strict": False},
            }
        elif self.structured == "json_object":
            payload["response_format"] = {"type": "json_object"}
        return Request(o.base_url.rstrip("/") + "/chat/completions", payload, render(messages))

    async def exchange(self, client: httpx.AsyncClient, obs: Observation, refused: list[tuple[str, str]],
                       previous: str | None) -> tuple[Request, Attempt]:
        while True:
            try:
                return await super().exchange(client, obs, refused, previous)
            except RemoteFailed as error:
                if error.status != 400 or self.structured not in WEAKER:
                    raise
                self.structured = WEAKER[self.structured]

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
