"""Stored model answers read again with today's parser, without asking any model (DESIGN.md section 11).

Every answer a model gave is in its game's history (LlmExchange.answer), with the class it was given then
(legal, illegal, unparsable, empty, truncated). Folding the game's events up to each exchange gives the legal
commands of that moment, so today's parser (players/answers.py) can class the same answer again. Where the
class changes, the harness changed, not the model: an answer once unparsable that reads as a legal command today
is a move the model made and the harness lost ("ghost moves", Kaggle's Game Arena found 73.8% of its failures so).
A decision the fallback made is a harness failure when one of its answers reads as a legal command today, and a
forfeit is one when a decision of the run of failures that killed the seat is; the others are the model's.
Exchanges that got no answer (a transport failure, a refused format) have nothing to read again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from meeplog.core.audit import ANSWER_FAILURES, DECISIONS, TRUNCATED, LlmExchange, PlayerFellBack, SeatForfeited
from meeplog.core.game import Game, Recorded, block_end
from meeplog.core.specs import seat_label
from meeplog.players.answers import BadAnswer, CommandSchema, command_schema, parse_plan

LEGAL = "legal"  # the class of an answer whose command was legal (LlmExchange.failure None)


@dataclass
class ModelReparse:
    """One player's answers over the games read: how many, how their classes moved, and its failed decisions."""

    answers: int = 0
    changes: Counter[tuple[str, str]] = field(default_factory=Counter)  # (then, now) -> answers, when they differ
    fallbacks: int = 0
    harness_fallbacks: int = 0  # of the fallbacks, those an answer of which reads as a legal command today
    forfeits: int = 0
    harness_forfeits: int = 0

    @property
    def changed(self) -> int:
        return sum(self.changes.values())

    def as_json(self) -> dict[str, object]:
        return {
            "answers": self.answers,
            "changed": self.changed,
            "changes": [{"then": then, "now": now, "answers": n} for (then, now), n in sorted(self.changes.items())],
            "fallbacks": self.fallbacks,
            "harness_fallbacks": self.harness_fallbacks,
            "forfeits": self.forfeits,
            "harness_forfeits": self.harness_forfeits,
        }


def reparse(histories: Iterable[Sequence[Recorded]]) -> dict[str, ModelReparse]:
    """Each player's answers (by its label in the standings) read again, over the given games."""
    found: dict[str, ModelReparse] = {}
    for history in histories:
        _reparse_game(history, found)
    return found


def _reparse_game(history: Sequence[Recorded], found: dict[str, ModelReparse]) -> None:
    setup = block_end(history, 0)
    game = Game.rebuild(history[:setup])
    schema = command_schema(type(game.rules))
    labels = [seat_label(spec) for spec in game.started.seats]
    read_legal: dict[int, bool] = {}  # per model seat: whether an answer since its last decision reads as legal
    streak: dict[int, list[bool]] = {}  # per model seat: its latest decisions in a row the fallback made (harness?)
    for recorded in history[setup:]:
        event = recorded.event
        if isinstance(event, LlmExchange):
            read_legal.setdefault(event.seat, False)  # the seat is a model's
            if _answered(event):
                now = _class_today(event, game, schema)
                model = found.setdefault(labels[event.seat], ModelReparse())
                model.answers += 1
                if (then := event.failure or LEGAL) != now:
                    model.changes[then, now] += 1
                read_legal[event.seat] = read_legal[event.seat] or now == LEGAL
        elif isinstance(event, DECISIONS) and event.seat in read_legal:
            harness = read_legal[event.seat]
            read_legal[event.seat] = False
            if isinstance(event, PlayerFellBack):
                model = found.setdefault(labels[event.seat], ModelReparse())
                model.fallbacks += 1
                model.harness_fallbacks += harness
                streak.setdefault(event.seat, []).append(harness)
            else:
                streak.pop(event.seat, None)
        elif isinstance(event, SeatForfeited) and event.seat in read_legal:
            model = found.setdefault(labels[event.seat], ModelReparse())
            model.forfeits += 1
            model.harness_forfeits += any(streak.get(event.seat, ()))
        game.extend([recorded])


def _answered(exchange: LlmExchange) -> bool:
    """Whether the exchange holds a model's answer to read (not a transport failure or a refused format)."""
    return exchange.failure is None or exchange.failure in ANSWER_FAILURES


def _class_today(exchange: LlmExchange, game: Game, schema: CommandSchema) -> str:
    """The class today's parser gives the answer, at the moment it was given."""
    legal = game.legal(exchange.seat)
    try:
        command, *_ = parse_plan(exchange.answer, schema, legal, truncated=exchange.failure == TRUNCATED)
    except BadAnswer as bad:
        return bad.failure
    return LEGAL if command in legal else "illegal"
