"""A frame: everything the game page shows at one step, from one perspective, as plain data.

From a seat's perspective a frame holds exactly what `meeplog replay show --step N --as SEAT` shows: that
seat's view (drawn, and as data), its legal commands, and its event feed with others' secrets blanked
(`seen_by`); model exchanges only of its own. From "all" it holds the state, every seat's board, and every
record in full. The events shown at step N are those that led to it: the audit records made while deciding
from step N-1 (refusals, model exchanges), the decision, and what it caused; at step 0, GameStarted and the
setup events (the deal, first reveals), each as the perspective may see it. What changed since step N-1 is
the difference between the two steps' data, computed from what the perspective may see only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from meeplog.core import codec
from meeplog.core.audit import (
    AUDIT_EVENTS,
    DECISIONS,
    CommandAccepted,
    CommandRejected,
    GameFinished,
    GameStarted,
    LlmExchange,
    PlayerFellBack,
    SeatForfeited,
)
from meeplog.core.game import Game, Recorded
from meeplog.core.kernel import GameEvent, Rules
from meeplog.core.narrate import describe
from meeplog.replays.steps import Timeline
from meeplog.replays.travel import state_data
from meeplog.replays.viewer.boards import draw, mark_changed_zones, onlooker
from meeplog.replays.viewer.tree import changed_paths


class StepOutOfRange(LookupError):
    """A step the game does not have; the message gives the range."""


@dataclass(frozen=True)
class Exchange:
    """A model exchange as the audit trail shows it, expandable to the prompt and the raw answer."""

    model: str
    prompt: str
    answer: str | None
    parsed: str | None
    failure: str | None
    prompt_tokens: int
    completion_tokens: int
    latency_ms: int
    retries: int
    structured: str | None


@dataclass(frozen=True)
class Line:
    """One record of the step: its version, its kind (the event's class) and how it reads."""

    version: int
    kind: str
    text: str
    audit: str  # "" for the game's own events; "decision", "rejected", "fell-back", "exchange", "finished",
    # "forfeited"
    exchange: Exchange | None = None


@dataclass(frozen=True)
class Panel:
    """What one perspective sees of the position: a board per seat shown, the data, and what changed."""

    seat: int | None  # None: the whole state
    title: str
    boards: tuple[tuple[int, str], ...]  # (seat, HTML) for each seat's view drawn
    data: Any  # the seat's view, or the state's plain data
    changed: tuple[str, ...]  # paths in `data` that differ from the step before
    legal: tuple[str, ...]  # the seat's legal commands, as they read


@dataclass(frozen=True)
class Frame:
    game_id: str
    game: str
    title: str
    seats: tuple[str, ...]
    step: int
    last: int
    seat: int | None
    decision: str  # the decision that led here, as it reads ("" at step 0)
    to_decide: str
    lines: tuple[Line, ...]  # the records that led here
    made_here: tuple[Line, ...]  # recorded while deciding from here: refusals, model exchanges (their prompts)
    feed: tuple[Line, ...]  # a seat's feed since its last decision, as `replay show --as` prints it; () for all
    panel: Panel
    final: tuple[tuple[int, float, int], ...]  # (seat, score, rank) once the game has finished, else ()
    forfeit: str = ""  # why the game ended without a result, once a dead seat forfeited it (core/runner.py)

    def document(self) -> dict[str, Any]:
        """The frame as JSON-ready data, the API's answer."""
        return orjson.loads(codec.dumps(dataclasses.asdict(self)))


def frame(history: Sequence[Recorded], step: int, seat: int | None) -> Frame:
    """The frame of a recorded game at `step` as `seat` sees it (None: all of it)."""
    timeline = Timeline.of(history)
    if not 0 <= step <= timeline.last:
        raise StepOutOfRange(f"this game has steps 0 to {timeline.last} (one per decision); there is no step {step}")
    started = history[0].event
    assert isinstance(started, GameStarted)
    if seat is not None and not 0 <= seat < len(started.seats):
        raise ValueError(f"this game has seats 0 to {len(started.seats) - 1}; there is no seat {seat}")
    begin = timeline.ends[step - 1] if step else 0
    end = timeline.ends[step]
    rebuilt = begin if step else end  # step 0 is GameStarted and the setup events: setup alone makes it
    game = Game.rebuild(history[:rebuilt])
    players = len(started.seats)
    before = seen(game.rules, game.state, seat, players) if step else None
    for recorded in history[rebuilt:end]:
        if not isinstance(recorded.event, AUDIT_EVENTS):
            game.rules.evolve(game.state, recorded.event)
    rules, state = game.rules, game.state

    def read(records: Sequence[Recorded]) -> tuple[Line, ...]:
        return tuple(line(rules, state, r.originator_version, r.event, seat) for r in records)

    span = timeline.span(step)
    feed = () if seat is None else read(history[_last_decision(history, timeline, step, seat) : end])
    decision = history[timeline.decisions[step - 1]].event if step else None
    shown = decision if decision is None or seat is None else decision.seen_by(seat)
    pending = rules.pending(state)
    return Frame(
        game_id=str(history[0].originator_id),
        game=rules.name,
        title=rules.title,
        seats=started.seats,
        step=step,
        last=timeline.last,
        seat=seat,
        decision=_decision(rules, state, shown),
        to_decide="nobody, the game is over" if pending.over else ", ".join(f"seat {s}" for s in pending.seats),
        lines=read(history[begin:end]),
        made_here=read(history[span.start : span.stop]),
        feed=tuple(entry for entry in feed if entry.audit != "exchange"),
        panel=panel(rules, state, seat, players, before),
        final=_final(history),
        forfeit=_forfeit(history) if step == timeline.last else "",
    )


@dataclass(frozen=True)
class Seen:
    """What a perspective sees of a position: its data and its boards (seat, HTML)."""

    data: Any
    boards: tuple[tuple[int, str], ...]


def seen(rules: Rules[Any, Any], state: Any, seat: int | None, players: int) -> Seen:
    """From a seat, its own board; from all seats, every seat's board as an onlooker reads it (nobody is "you")."""
    if seat is not None:
        return Seen(_data(rules, state, seat), ((seat, draw(rules, rules.view(state, seat))),))
    boards = tuple((s, onlooker(draw(rules, rules.view(state, s)), s)) for s in range(players))
    return Seen(_data(rules, state, seat), boards)


def panel(rules: Rules[Any, Any], state: Any, seat: int | None, players: int, before: Seen | None = None) -> Panel:
    """The position as `seat` may see it; `before` is what the same perspective saw a step earlier, if any.

    For a seat this reads nothing but the seat's view and legal commands: the leak check
    (core/conformance/test_viewer.py) holds it to that.
    """
    now = seen(rules, state, seat, players)
    changed, boards = (), now.boards
    if before is not None:
        changed = tuple(changed_paths(before.data, now.data))
        boards = tuple(
            (s, mark_changed_zones(old, new)) for (s, old), (_, new) in zip(before.boards, boards, strict=True)
        )
    if seat is None:
        return Panel(None, "all seats", boards, now.data, changed, ())
    legal = tuple(rules.describe(state, command) for command in rules.legal(state, seat))
    return Panel(seat, f"seat {seat}'s view", boards, now.data, changed, legal)


def _data(rules: Rules[Any, Any], state: Any, seat: int | None) -> Any:
    """The perspective's data as plain JSON: the seat's view, or the state's plain data."""
    if seat is not None:
        return rules.view(state, seat).model_dump(mode="json")
    return _json_ready(state_data(state))


def _json_ready(value: Any) -> Any:
    """A state's plain data as JSON data: keys as text, named tuples as objects, sets sorted, our dataclasses tagged."""
    if isinstance(value, dict):
        return {str(key): _json_ready(item) for key, item in value.items()}
    if isinstance(value, tuple) and hasattr(value, "_asdict"):
        return _json_ready(value._asdict())
    if isinstance(value, (set, frozenset)):
        return [_json_ready(item) for item in sorted(value, key=repr)]
    if isinstance(value, (list, tuple)):
        return [_json_ready(item) for item in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return orjson.loads(codec.dumps(value))


def line(rules: Rules[Any, Any], state: Any, version: int, recorded: GameEvent, seat: int | None) -> Line:
    """How a record reads from the perspective: as `seat` perceives it (`seen_by`), or in full for None."""
    event = recorded if seat is None else recorded.seen_by(seat)
    audit = _AUDIT_KINDS.get(type(event), "")
    text = _decision(rules, state, event) if isinstance(event, DECISIONS) else describe(rules, state, event)
    exchange = None
    if isinstance(event, LlmExchange) and event.prompt is not None:
        fields = {f.name: getattr(event, f.name) for f in dataclasses.fields(Exchange)}
        exchange = Exchange(**fields)
    return Line(version, type(event).__name__, text, audit, exchange)


def _decision(rules: Rules[Any, Any], state: Any, decision: CommandAccepted | PlayerFellBack | None) -> str:
    """How a decision (as the perspective sees it) reads: the command, or only that the seat decided."""
    if decision is None:
        return ""
    if decision.command is None:
        move = "(its command is its own; the events show what came of it)"
    else:
        move = rules.describe(state, decision.command)
    if isinstance(decision, PlayerFellBack):
        return f"seat {decision.seat} fell back ({decision.why}): {move}"
    return f"seat {decision.seat}: {move}"


def _last_decision(history: Sequence[Recorded], timeline: Timeline, step: int, seat: int) -> int:
    """The index of the seat's latest decision up to `step` (0, the start, if it has made none)."""
    decided = [index for index in timeline.decisions[:step] if getattr(history[index].event, "seat", None) == seat]
    return decided[-1] if decided else 0


def _final(history: Sequence[Recorded]) -> tuple[tuple[int, float, int], ...]:
    ending = history[-1].event
    if not isinstance(ending, GameFinished):
        return ()
    results = zip(ending.scores, ending.ranks, strict=True)
    return tuple((seat, score, rank) for seat, (score, rank) in enumerate(results))


def _forfeit(history: Sequence[Recorded]) -> str:
    ending = history[-1].event
    return ending.why if isinstance(ending, SeatForfeited) else ""


_AUDIT_KINDS: dict[type, str] = {
    CommandAccepted: "decision",
    PlayerFellBack: "fell-back",
    CommandRejected: "rejected",
    LlmExchange: "exchange",
    GameFinished: "finished",
    SeatForfeited: "forfeited",
    GameStarted: "started",
}
