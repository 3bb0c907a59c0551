"""The readable log of a game: one line per event, as an omniscient reader or one seat sees it."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from meeplog.core.audit import (
    AUDIT_EVENTS,
    CommandAccepted,
    CommandRejected,
    GameFinished,
    GameStarted,
    LlmExchange,
    PlayerFellBack,
    SeatForfeited,
)
from meeplog.core.game import Recorded, block_end
from meeplog.core.kernel import GameEvent, Rules
from meeplog.core.registry import load_rules


def narrate(history: Sequence[Recorded], seat: int | None = None) -> Iterator[tuple[int, str]]:
    """(version, line) for each event worth reading; CommandAccepted is skipped, the game events tell it.

    With `seat`, events read as that seat perceives them, but the state they are folded into is the
    true one, since only that lets the narration name things. The setup events read against the state
    setup made, which holds them already.
    """
    rules: Rules[Any, Any] | None = None
    state: Any = None
    setup = block_end(history, 0)
    for index, recorded in enumerate(history):
        event = recorded.event
        if isinstance(event, GameStarted):
            rules = load_rules(event.game)
            state = rules.setup(rules.Config(**event.config), random.Random(event.seed))
            yield recorded.originator_version, describe(rules, state, event)
            continue
        if rules is None:
            raise ValueError("a game's history must begin with GameStarted")
        shown = event if seat is None else event.seen_by(seat)
        if not isinstance(event, CommandAccepted):
            yield recorded.originator_version, describe(rules, state, shown)
        if index >= setup and not isinstance(event, AUDIT_EVENTS):
            rules.evolve(state, event)


def describe(rules: Rules[Any, Any], state: Any, event: GameEvent) -> str:
    match event:
        case GameStarted():
            seats = ", ".join(f"seat {i}: {spec}" for i, spec in enumerate(event.seats))
            origin = f", forked from {event.origin}" if event.origin else ""
            return f"{rules.title} (rules {event.rules_version}), seed {event.seed}{origin}; {seats}"
        case CommandRejected(seat, raw, reason):
            if reason is None:
                return f"seat {seat} sent a command that was refused"
            return f"seat {seat} sent {raw or 'nothing usable'}: refused, {reason}"
        case PlayerFellBack(seat, why, command):
            move = rules.describe(state, command) if command is not None else "a fallback move"
            return f"seat {seat} fell back ({why}): {move}"
        case LlmExchange(seat, model, prompt, _, parsed, failure):
            if prompt is None:
                return f"seat {seat} consulted {model}"
            result = f"answered {parsed}" if parsed is not None else "no command"
            cost = f"{event.latency_ms} ms, {event.prompt_tokens}+{event.completion_tokens} tokens"
            reasoned = f" ({event.reasoning_tokens} reasoning)" if event.reasoning_tokens else ""
            retry = f", retry {event.retries}" if event.retries else ""
            adapted = f", {event.adapted}" if event.adapted else ""
            failed = f" ({failure})" if failure else ""
            return f"seat {seat} asked {model}: {result}{failed} [{cost}{reasoned}{retry}{adapted}]"
        case SeatForfeited(seat, why):
            return f"game over without a result: seat {seat} forfeited ({why})"
        case GameFinished(scores, ranks, _):
            results = enumerate(zip(scores, ranks, strict=True))
            return "game over: " + ", ".join(f"seat {seat} {score:g} (rank {rank})" for seat, (score, rank) in results)
        case _:
            return rules.describe(state, event)

