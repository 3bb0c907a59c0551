"""The engine's own events: how a game began and ended, and everything each player did (DESIGN.md section 3).

They are recorded beside the game's domain events, so nothing a player does is lost. What a seat sent
is private to that seat: its raw input may name cards the others cannot see.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from meeplog.core.kernel import Command, GameEvent, PrivateEvent


@dataclass(frozen=True)
class GameStarted(GameEvent):
    """Everything needed to set the game up again: `setup(config, Random(seed))` gives the first state."""

    game: str
    rules_version: str
    data_hash: str
    config: dict[str, Any]
    seats: tuple[str, ...]
    seed: int
    origin: str | None = None  # "<game id>@<step>" when forked from another game


@dataclass(frozen=True)
class CommandAccepted(PrivateEvent):
    secret: ClassVar[tuple[str, ...]] = ("command",)
    seat: int
    command: Command | None


@dataclass(frozen=True)
class CommandRejected(PrivateEvent):
    secret: ClassVar[tuple[str, ...]] = ("raw", "reason")
    seat: int
    raw: str | None
    reason: str | None


@dataclass(frozen=True)
class PlayerFellBack(PrivateEvent):
    """The seat's player failed (too many rejections, a timeout, a crash); the fallback chose `command`."""

    secret: ClassVar[tuple[str, ...]] = ("command",)
    seat: int
    why: str
    command: Command | None


# The failure classes of an answer that came back but was no playable command (players/answers.py reads
# answers); every other class of LlmExchange.failure is a request that got no answer (players/transport.py).
EMPTY, TRUNCATED, UNPARSABLE, ILLEGAL = "empty", "truncated", "unparsable", "illegal"
ANSWER_FAILURES = (EMPTY, TRUNCATED, UNPARSABLE, ILLEGAL)


@dataclass(frozen=True)
class LlmExchange(PrivateEvent):
    """One request to a model (or an HTTP agent) and what came back, for audit and replay.

    Private to the seat: the prompt holds its private view. Never holds an API key.
    """

    secret: ClassVar[tuple[str, ...]] = ("prompt", "answer", "parsed", "failure", "request", "reasoning")
    seat: int
    model: str
    prompt: str | None
    answer: str | None
    parsed: str | None  # the command as JSON, when the answer could be parsed
    failure: str | None  # the failure class, e.g. "timeout", "http-429", "unparsable", "illegal"
    prompt_tokens: int
    completion_tokens: int
    latency_ms: int
    retries: int
    structured: str | None = None  # the response format asked for (players/llm.py), so a step down shows
    request: str | None = None  # the key of the request (a hash of its URL and body): recorded answers are a cache
    # Fields added later have defaults, so exchanges stored before them still read.
    adapted: str | None = None  # the request's parameters changed because the server refused the spec's
    reasoning: str | None = None  # the model's reasoning text: the server's (reasoning_content) or its answer's
    reasoning_tokens: int = 0  # of completion_tokens, those spent reasoning (usage.completion_tokens_details)
    harness: str | None = None  # what the model was given besides the game, e.g. "legal=list,reasoning=off"


@dataclass(frozen=True)
class GameFinished(GameEvent):
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    note: str


@dataclass(frozen=True)
class SeatForfeited(GameEvent):
    """The game ends here: a seat's player failed too many decisions in a row, or spent its time for the game
    (core/runner.py). It has no result: it is counted apart from real play everywhere."""

    seat: int
    why: str


AUDIT_EVENTS: tuple[type[GameEvent], ...] = (
    GameStarted,
    CommandAccepted,
    CommandRejected,
    PlayerFellBack,
    LlmExchange,
    GameFinished,
    SeatForfeited,
)
DECISIONS = (CommandAccepted, PlayerFellBack)
SEAT_AUDIT = (CommandRejected, LlmExchange)  # what a seat's attempts leave before its decision
