"""A seat played by something behind a URL: a language model (players/llm.py) or any program
(players/http_agent.py). This is what they share: the request loop, the limits, and the audit trail.

A transport failure (a timeout, a refused or dropped connection, 429, 5xx) is never a move: the request is
tried again until it gets through, behind the endpoint's circuit breaker while the endpoint is down, the
seat's clock stopped meanwhile; past the outage bound the match stops, resumably (players/transport.py,
players/breaker.py). Then two limits apply, from the inside out (docs/llm-and-http-players.md shows how):
- answers: an answer that is no command at all (empty, truncated, unparsable) is refused and asked
  again within the same decision, with the reason, `answer_retries` times; after that `act` raises;
- the runner: a well-formed but illegal command goes back to the runner, which refuses it with the
  game's reason and asks again, as it does when `act` raises, up to MatchSettings.max_rejections times;
  then, or when a decision takes longer than MatchSettings.timeout, the fallback player moves.

Two failures skip those limits. A request the server refuses for good (a 4xx other than 408/429, an error
the player diagnoses) or an observation over meeplog.core.limits.MAX_OBSERVATION_BYTES raises DecisionFailed: the
fallback moves at once, since the same request would be refused again. A 401 or 403 raises CannotPlay,
which stops the match (and a tournament): a refused key is no move, and playing on with the fallback would
quietly turn the seat into a random player.

A seat that fails `dead_after` decisions in a row (the fallback moved for it), or thinks more than `game_time`
seconds in one game, is dead: it forfeits the game, or stops the tournament (core/runner.py).

A seat that plans (Player.plans) may answer a whole chain of its own decisions at once (`{"command": ...,
"then": [...]}`, players/answers.py): the command is played now, and each later one at the next decision,
without a request, while the runner says that decision carries on the last (Observation.continues). A step
refused, or a decision that does not carry on, drops what is left of the plan and asks again, with the reason.
The one exchange that decided the steps is recorded with the first, its `parsed` the whole plan.

Every HTTP attempt becomes one LlmExchange event, failed ones included, with the key of its request (a hash
of its URL and body). A game played again after an interruption does not ask the seat again for the
decisions it stored: they are replayed from the store (core/resume.py), so nothing is paid twice. The API
key is read from the environment at each request and goes only into the request's headers, which are never
recorded (nor part of the key).
"""

from __future__ import annotations

import hashlib
import os
import ssl
from abc import abstractmethod
from collections import deque
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

import httpx
import orjson
from pydantic import Field, field_validator

from meeplog.core.audit import ILLEGAL, LlmExchange
from meeplog.core.kernel import Command, GameEvent
from meeplog.core.limits import MAX_OBSERVATION_BYTES
from meeplog.core.players import CannotPlay, DecisionFailed, Observation, Player
from meeplog.core.spending import TOKENS_PER_PRICE, reserved
from meeplog.players.answers import BadAnswer, command_codec, command_schema, parse_plan, reasoning_in
from meeplog.players.transport import (
    ACCESS_DENIED,
    TOO_LARGE,
    Attempt,
    RemoteFailed,
    RetryOptions,
    Transport,
)


def request_key(url: str, body: bytes) -> str:
    """The key of a request in LlmExchange.request: what it asks of whom, byte for byte (headers, and so keys,
    left out), so that the exchanges of one request can be told apart from another's."""
    return hashlib.sha256(url.encode() + b"\n" + body).hexdigest()


@cache
def _tls() -> ssl.SSLContext:
    """One TLS context for every request: building one reads the CA bundle, which takes longer than a local answer."""
    return httpx.create_ssl_context()


class RemoteOptions(RetryOptions):
    api_key_env: str | None = Field(None, description="environment variable holding the API key (a bearer token)")
    answer_retries: int = Field(2, ge=0, description="re-asks per decision for answers that are no command")
    dead_after: int = Field(3, ge=0, description="forfeit after this many failed decisions in a row (0: never)")
    game_time: float = Field(0.0, ge=0, description="forfeit after thinking this many seconds in a game (0: no limit)")

    @field_validator("api_key_env")
    @classmethod
    def _key_is_set(cls, name: str | None) -> str | None:
        if name is not None and not os.environ.get(name):
            raise ValueError(f"the environment variable {name} is not set")
        return name


class NoCommand(Exception):
    """Every answer of a decision was refused before it could be read as a command."""


@dataclass(frozen=True)
class Request:
    url: str
    payload: dict[str, Any]
    prompt: str | None  # what LlmExchange.prompt records: the request as a reader should see it (None: not sent)
    structured: str | None = None  # the response format asked for, as LlmExchange.structured records it
    key: str | None = None  # request_key of the URL and body sent
    adapted: str | None = None  # the parameters changed for this server, as LlmExchange.adapted records them
    harness: str | None = None  # the seat's harness settings, as LlmExchange.harness records them


@dataclass(frozen=True)
class Reply:
    """A successful HTTP answer, read: the text that should hold a command, and what it cost."""

    text: str | None
    truncated: bool = False
    prompt_tokens: int = 0
    completion_tokens: int = 0
    reasoning: str | None = None  # what the model reasoned before answering, when the server returns it
    reasoning_tokens: int = 0


class RemotePlayer(Player):
    Options = RemoteOptions
    expensive = True

    def __init__(self, options: RemoteOptions, seed: int) -> None:
        super().__init__(options, seed)
        self.options: RemoteOptions = options
        self.transport = Transport(options, endpoint=self.describe())
        self._audit: list[GameEvent] = []
        self._last_answer: str | None = None  # shown back to the model when the runner refuses it
        self._plan: deque[Command] = deque()  # the later steps of the last answer's plan, not played yet
        self.dead_after = options.dead_after
        self.game_time = options.game_time

    @property
    @abstractmethod
    def label(self) -> str:
        """Who answers, as LlmExchange.model records it."""

    def describe(self) -> str:
        return self.label

    @abstractmethod
    def request(self, obs: Observation, refused: list[tuple[str, str]], previous: str | None) -> Request:
        """The request for this decision; `refused` holds this decision's (answer, reason) so far."""

    @abstractmethod
    def read(self, attempt: Attempt) -> Reply:
        """The reply in a successful HTTP answer; RemoteFailed if the answer is not of the protocol."""

    def resume_plan(self, steps: Sequence[Command]) -> None:
        self._plan.clear()
        self._plan.extend(steps)

    async def act(self, obs: Observation) -> Command:
        codec = command_codec(type(obs.rules))
        if obs.continues and self._plan:  # the step after the last one played, with nothing new learned since
            command = self._plan.popleft()
            self._last_answer = codec.dumps(command).decode()
            return command
        self._plan.clear()  # a new decision, a refused step or something new learned: what is left is dropped
        schema = command_schema(type(obs.rules))
        previous = self._last_answer if obs.rejection else None  # what the runner refused, if it refused one
        self._last_answer = None
        refused: list[tuple[str, str]] = []
        async with httpx.AsyncClient(timeout=self.options.timeout, verify=_tls()) as client:
            for _ in range(self.options.answer_retries + 1):
                sent = self.exchange(client, obs, refused, previous)
                request, attempt = await self._final_errors_raised(obs.seat, sent)
                reply = self._read(obs.seat, request, attempt)
                try:
                    command, *later = parse_plan(reply.text, schema, obs.legal, truncated=reply.truncated)
                except BadAnswer as bad:
                    self._record(obs.seat, request, attempt, reply, failure=bad.failure)
                    refused.append((reply.text or "", bad.reason))
                    continue
                parsed = codec.dumps([command, *later] if later else command).decode()
                failure = None if command in obs.legal else ILLEGAL
                self._record(obs.seat, request, attempt, reply, parsed=parsed, failure=failure)
                self._last_answer = reply.text
                self._plan.extend(later)
                return command
        raise NoCommand(f"{len(refused)} answers in a row were no command; the last: {refused[-1][1]}")

    async def exchange(
        self, client: httpx.AsyncClient, obs: Observation, refused: list[tuple[str, str]], previous: str | None
    ) -> tuple[Request, Attempt]:
        """Send this decision's request (retried by the transport) and return it with the answer."""
        request = self.request(obs, refused, previous)
        body = orjson.dumps(request.payload)
        if len(body) > MAX_OBSERVATION_BYTES:
            self._record(
                obs.seat, replace(request, prompt=None), Attempt(TOO_LARGE, None, 0, 0), Reply(None), failure=TOO_LARGE
            )
            raise DecisionFailed(
                f"the request would be {len(body):,} bytes, over the {MAX_OBSERVATION_BYTES:,} a"
                " remote seat is sent; it was not sent"
            )
        request = replace(request, key=request_key(request.url, body))

        def record_failure(attempt: Attempt) -> None:
            self._record(obs.seat, request, attempt, Reply(attempt.body), failure=attempt.failure)

        with reserved(self.most_cost(body, request.payload), f"seat {obs.seat} ({self.describe()})") as spent:
            attempt = await self.transport.post(
                client, request.url, body, self._headers(), on_failure=record_failure, diagnose=self.diagnose
            )
            spent.append(self.cost_of(attempt))
        return request, attempt

    def prices(self) -> tuple[float, float] | None:
        """What a million prompt and completion tokens cost (the spec's prices), or None for an unpriced seat."""
        return None

    def most_cost(self, body: bytes, payload: dict[str, Any]) -> float | None:
        """The most a request can cost: its body's length in tokens (a token is at least a byte) and the answer's
        token limit, at the seat's prices; None for an unpriced seat (core/spending.py)."""
        prices = self.prices()
        if prices is None:
            return None
        limit = payload.get("max_completion_tokens") or payload.get("max_tokens") or 0
        return (len(body) * prices[0] + int(limit) * prices[1]) / TOKENS_PER_PRICE

    def cost_of(self, attempt: Attempt) -> float:
        """What an answered request cost, by the tokens its answer reports (0 when unpriced or unreadable)."""
        prices = self.prices()
        if prices is None:
            return 0.0
        try:
            reply = self.read(attempt)
        except RemoteFailed:
            return 0.0
        return (reply.prompt_tokens * prices[0] + reply.completion_tokens * prices[1]) / TOKENS_PER_PRICE

    def diagnose(self, status: int, body: str) -> str | None:
        """A failure class for an HTTP error that no retry can mend (see Transport.post); None: by its status."""
        return None

    async def _final_errors_raised(
        self, seat: int, exchange: Awaitable[tuple[Request, Attempt]]
    ) -> tuple[Request, Attempt]:
        """The exchange, with a request error that no retry can mend raised as the runner must treat it."""
        try:
            return await exchange
        except RemoteFailed as error:
            if error.status in ACCESS_DENIED:
                raise CannotPlay(f"seat {seat} ({self.label}): {error}; {self.key_fix()}") from None
            raise DecisionFailed(f"{error} ({error.failure})") from None

    def key_fix(self) -> str:
        """What to do about a refused key."""
        name = self.options.api_key_env
        if name:
            return f"the key in ${name} was refused: fix it, then run again"
        return "no key was sent: name the variable holding it with api_key_env=VAR"

    def endpoint(self) -> str | None:
        return self.describe()

    async def preflight(self, obs: Observation) -> None:
        async with httpx.AsyncClient(verify=_tls()) as client:
            await self.check(client, obs)

    @abstractmethod
    async def check(self, client: httpx.AsyncClient, obs: Observation) -> None:
        """The pre-flight's request (players/preflight.py); PreflightFailed saying what failed."""

    def take_audit(self) -> list[GameEvent]:
        audit, self._audit = self._audit, []
        return audit

    def _headers(self) -> dict[str, str]:
        name = self.options.api_key_env
        if name is None:
            return {}
        key = os.environ.get(name)
        if not key:
            raise RemoteFailed("no-key", f"the environment variable {name} is not set")
        return {"Authorization": f"Bearer {key}"}

    def _read(self, seat: int, request: Request, attempt: Attempt) -> Reply:
        try:
            return self.read(attempt)
        except RemoteFailed as error:
            self._record(seat, request, attempt, Reply(attempt.body), failure=error.failure)
            raise

    def _record(
        self,
        seat: int,
        request: Request,
        attempt: Attempt,
        reply: Reply,
        *,
        parsed: str | None = None,
        failure: str | None = None,
    ) -> None:
        self._audit.append(
            LlmExchange(
                seat=seat,
                model=self.label,
                prompt=request.prompt,
                answer=reply.text,
                parsed=parsed,
                failure=failure,
                prompt_tokens=reply.prompt_tokens,
                completion_tokens=reply.completion_tokens,
                latency_ms=attempt.latency_ms,
                retries=attempt.retries,
                structured=request.structured,
                request=request.key,
                adapted=request.adapted,
                reasoning=reply.reasoning or reasoning_in(reply.text),
                harness=request.harness,
                reasoning_tokens=reply.reasoning_tokens,
            )
        )
