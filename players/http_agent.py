"""A seat played by any program behind a URL: a bot in any language, on any machine.

Each decision POSTs an AgentObservation as JSON to `url` and reads a command back, in the forms
players/answers.py accepts (`{"command": {...}}` or `{"choice": n}`). Timeouts, retries, re-asks and
the audit trail are those of every remote seat (players/remote.py); the protocol, with its JSON
schemas, is in docs/llm-and-http-players.md.

Spec: `http:url=http://127.0.0.1:9000/agent[,api_key_env=VAR]` plus the options of RemoteOptions.
"""

from __future__ import annotations

import random
from typing import Any, Literal

import httpx
import orjson
from pydantic import BaseModel, ConfigDict, Field

from meeplog.core.audit import AUDIT_EVENTS
from meeplog.core.players import Observation, PreflightFailed
from meeplog.players import preflight
from meeplog.players.answers import command_codec
from meeplog.players.remote import RemoteOptions, RemotePlayer, Reply, Request
from meeplog.players.transport import Attempt

PROTOCOL = "meeplog-agent/1"


class AgentObservation(BaseModel):
    """What an HTTP agent is sent when its seat must decide."""

    model_config = ConfigDict(extra="forbid")
    protocol: Literal["meeplog-agent/1"] = Field(description="this format's name and version")
    game: str = Field(description="the game's id, e.g. forest")
    rules_version: str = Field(description="the rules kernel's version")
    seat: int = Field(description="the seat to play, from 0")
    view: dict[str, Any] = Field(description="everything the seat may know now: the game's view model")
    legal: list[dict[str, Any]] = Field(
        description="the legal commands, as command objects tagged with their class name in `type`"
    )
    legal_text: list[str] = Field(description="a readable line for each legal command, in the same order")
    feed: list[dict[str, Any]] = Field(
        description="the game's events since the seat's last decision, as the seat sees them (tagged objects)"
    )
    rejection: str | None = Field(description="why the seat's previous answer was refused, if it was")


class AgentOptions(RemoteOptions):
    url: str = Field(pattern=r"^https?://", description="where the observations are POSTed")


class HttpAgentPlayer(RemotePlayer):
    Options = AgentOptions

    def __init__(self, options: AgentOptions, seed: int) -> None:
        super().__init__(options, seed)
        self.options: AgentOptions = options

    @property
    def label(self) -> str:
        return f"http:{self.options.url}"

    def request(self, obs: Observation, refused: list[tuple[str, str]], previous: str | None) -> Request:
        observation = observe(obs, refused[-1][1] if refused else obs.rejection)
        payload = observation.model_dump(mode="json")
        return Request(self.options.url, payload, orjson.dumps(payload).decode())

    def read(self, attempt: Attempt) -> Reply:
        return Reply(attempt.body)

    async def check(self, client: httpx.AsyncClient, obs: Observation) -> None:
        """One observation (of a game nobody plays) POSTed as a game's would be: any success will do."""
        payload = observe(obs, None).model_dump(mode="json")
        response = await preflight.post(client, self.options.url, payload, self._headers(), self.key_fix())
        if response is not None and not response.is_success:
            raise PreflightFailed(preflight.failure(self.options.url, response))


def observe(obs: Observation, rejection: str | None) -> AgentObservation:
    rules = obs.rules
    codec = command_codec(type(rules))  # encodes any dataclass, events included
    named = obs.sample(random.Random(0))  # for describe(): a state holding only what the seat knows
    return AgentObservation(
        protocol=PROTOCOL,
        game=obs.game,
        rules_version=rules.version,
        seat=obs.seat,
        view=obs.view.model_dump(mode="json"),
        legal=[codec.encode(command) for command in obs.legal],
        legal_text=[rules.describe(named, command) for command in obs.legal],
        feed=[codec.encode(event) for event in obs.feed if not isinstance(event, AUDIT_EVENTS)],
        rejection=rejection,
    )
