"""Verify a recorded game: set it up again from GameStarted, check that setup makes the recorded setup
events, re-run `decide` on every recorded decision with the recorded randomness, and check that each
causes exactly the recorded events (docs/replays.md).

The randomness is the game's own: Random(seed), drawn from first by setup and then by each decide in
order, as meeplog.core.game does live. So a replay needs no stored random numbers, and any change in the rules'
behaviour, data or use of randomness shows up as the first recorded event that the rules no longer cause.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from meeplog.core.audit import AUDIT_EVENTS, DECISIONS, GameFinished, GameStarted
from meeplog.core.game import Game, Recorded, block_end
from meeplog.core.kernel import Command, GameEvent, IllegalCommand
from meeplog.core.registry import load_rules

NOTES = tuple(kind for kind in AUDIT_EVENTS if kind not in (GameStarted, GameFinished, *DECISIONS))
"""Audit records that change nothing in the game (CommandRejected, LlmExchange, ...)."""


@dataclass(frozen=True)
class Divergence:
    """Where a recorded game and the installed rules first part ways."""

    decision: int  # 1-based; 0 for the setup: it cannot be made again, or makes other setup events
    version: int  # the first recorded version that the rules do not reproduce
    problem: str
    seat: int | None = None
    command: Command | None = None
    first_version: int = 1  # the version of the decision's first event, where `recorded` starts
    recorded: tuple[GameEvent, ...] = ()  # the events recorded after the decision
    redecided: tuple[GameEvent, ...] = ()  # the events the installed rules cause instead

    @property
    def step(self) -> int:
        """The step the diverging decision was made from (`replay show --step` it to look)."""
        return max(self.decision - 1, 0)


@dataclass(frozen=True)
class Verdict:
    game_id: uuid.UUID
    game: str
    events: int
    decisions: int  # re-decided identically
    finished: bool
    notes: tuple[str, ...]  # other rules or data, no setup events: worth knowing, not a failure by itself
    divergence: Divergence | None

    @property
    def ok(self) -> bool:
        return self.divergence is None


def verify(history: Sequence[Recorded]) -> Verdict:
    first = history[0]
    started = first.event
    if not isinstance(started, GameStarted):
        raise ValueError("a game's history must begin with GameStarted")
    rules = load_rules(started.game)
    notes = []
    if started.rules_version != rules.version:
        notes.append(f"recorded with rules version {started.rules_version}, replayed with {rules.version}")
    try:
        game = Game(rules, started, first.originator_id)
    except Exception as error:  # a config the rules no longer accept, or a setup that fails on it
        problem = f"the game cannot be set up again: {type(error).__name__}: {error}"
        return Verdict(first.originator_id, started.game, len(history), 0, False, tuple(notes),
                       Divergence(0, 1, problem))
    if started.data_hash != rules.data_hash(game.config):
        notes.append(f"recorded with data {started.data_hash}, replayed with {rules.data_hash(game.config)}")
    game.log.append(first)
    setup, divergence = resetup(game, history)
    if setup == 1 and game.setup_events:
        notes.append("recorded before setup events were kept: its setup is checked through its decisions only")
    if divergence is None:
        game.log.extend(history[1:setup])
        divergence = redecide(game, history[setup:])
    decisions = sum(1 for r in game.log if isinstance(r.event, DECISIONS))
    return Verdict(first.originator_id, started.game, len(history), decisions, game.over, tuple(notes), divergence)


def resetup(game: Game, history: Sequence[Recorded]) -> tuple[int, Divergence | None]:
    """Where the recorded setup events end in `history` (an index), and how they differ from the events the
    installed setup makes (`game.setup_events`), if they do.

    A game recorded before setup events were kept has none, which differs in nothing: its decisions, made
    again on the installed setup's deal, are what check that deal.
    """
    end = block_end(history, 0)
    recorded = tuple(r.event for r in history[1:end])
    if recorded and recorded != game.setup_events:
        return end, _parting(0, history[0], recorded, game.setup_events, None)
    return end, None


def redecide(game: Game, records: Sequence[Recorded]) -> Divergence | None:
    """Append `records` to `game`'s log, re-deciding each recorded decision with the game's rng.

    Stops at the first record the rules do not reproduce, and says where; the game is then spoilt for
    going on (its state has the re-decided events of the diverging decision folded in).
    """
    decisions, index = 0, 0
    while index < len(records):
        record = records[index]
        event = record.event
        if isinstance(event, NOTES):
            game.log.append(record)
            index += 1
            continue
        if not isinstance(event, DECISIONS):
            return Divergence(decisions + 1, record.originator_version,
                              f"{type(event).__name__} was recorded but no decision caused it",
                              recorded=(event,), first_version=record.originator_version)
        decisions += 1
        end = block_end(records, index)
        recorded = tuple(r.event for r in records[index + 1:end])
        redecided, problem = _decide(game, event.seat, event.command)
        if problem is not None or redecided != recorded:
            return _parting(decisions, record, recorded, redecided, problem)
        game.log.extend(records[index:end])
        index = end
    return None


def _parting(decisions: int, record: Recorded, recorded: tuple[GameEvent, ...], redecided: tuple[GameEvent, ...],
             problem: str | None) -> Divergence:
    """The divergence of a decision the rules refuse, or whose events differ from the recorded ones; or of the
    setup (`decisions` 0, `record` GameStarted), whose events differ."""
    decision = record.event
    seat, command = (decision.seat, decision.command) if isinstance(decision, DECISIONS) else (None, None)
    version = record.originator_version
    if problem is None:
        at = _first_difference(recorded, redecided)
        version, problem = version + 1 + at, _difference(recorded, redecided, at)
    return Divergence(decisions, version, problem, seat, command, record.originator_version + 1, recorded, redecided)


def _decide(game: Game, seat: int, command: Command | None) -> tuple[tuple[GameEvent, ...], str | None]:
    """The events the rules cause for a recorded decision (evolving the game), or why they refuse it."""
    rules, state = game.rules, game.state
    try:
        events = rules.apply(state, seat, command, game.rng)  # a refused command leaves the state as it was
    except IllegalCommand as refused:
        return (), f"the rules now refuse seat {seat}'s command: {refused.reason}"
    except Exception as error:  # a damaged file can hold any command; the report must still come out
        return (), f"decide failed on seat {seat}'s command: {type(error).__name__}: {error}"
    if rules.pending(state).over:
        outcome = rules.outcome(state)
        events = [*events, GameFinished(outcome.scores, outcome.ranks, outcome.note)]
    return tuple(events), None


def _first_difference(recorded: tuple[GameEvent, ...], redecided: tuple[GameEvent, ...]) -> int:
    pairs = zip(recorded, redecided, strict=False)
    return next((i for i, (a, b) in enumerate(pairs) if a != b), min(len(recorded), len(redecided)))


def _difference(recorded: tuple[GameEvent, ...], redecided: tuple[GameEvent, ...], at: int) -> str:
    if at >= len(recorded):
        return f"the rules now cause {len(redecided) - at} more event(s), starting with {type(redecided[at]).__name__}"
    if at >= len(redecided):
        return f"the rules no longer cause the recorded {type(recorded[at]).__name__} (and what follows it)"
    old, new = recorded[at], redecided[at]
    if type(old) is not type(new):
        return f"recorded {type(old).__name__}, the rules now cause {type(new).__name__}"
    fields = ", ".join(
        f"{name}: recorded {a!r}, now {b!r}" for name, a, b in _fields(old, new) if a != b
    )
    return f"{type(old).__name__} differs ({fields})"


def _fields(old: GameEvent, new: GameEvent) -> list[tuple[str, Any, Any]]:
    return [(f.name, getattr(old, f.name), getattr(new, f.name)) for f in dataclasses.fields(old)]
