"""The Game aggregate: one game in progress, recording every domain and audit event it causes.

It is deliberately lighter than an `eventsourcing` Aggregate: bots record tens of events per
millisecond, so an event is a small envelope appended to a list, and the store maps the envelopes
to stored events only when the game is saved (DESIGN.md sections 3 and 8).
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any, NamedTuple

from pydantic import BaseModel

from meeplog.core.audit import (
    AUDIT_EVENTS,
    CommandAccepted,
    CommandRejected,
    GameFinished,
    GameStarted,
    PlayerFellBack,
    SeatForfeited,
)
from meeplog.core.kernel import Command, GameEvent, Outcome, Pending, Rules
from meeplog.core.observation import Need, Observation
from meeplog.core.registry import load_rules


class Recorded(NamedTuple):
    """A recorded event with its place in the game's history (the eventsourcing domain-event shape)."""

    originator_id: uuid.UUID
    originator_version: int
    timestamp: datetime
    game: str
    event: GameEvent


class Game:
    """A game aggregate: the kernel's state plus the full history of events, saved or not yet."""

    def __init__(self, rules: Rules[Any, Any], started: GameStarted, game_id: uuid.UUID) -> None:
        self.id = game_id
        self.rules = rules
        self.started = started
        self.config = rules.Config(**started.config)
        self.rng = random.Random(started.seed)
        self.state, setup = rules.setup_with_events(self.config, self.rng)
        self.setup_events = tuple(setup)
        """What setup did, as events already folded into `state`: `start` records them after GameStarted."""
        self.log: list[Recorded] = []
        self._saved = 0

    @classmethod
    def start(
        cls,
        rules: Rules[Any, Any],
        config: BaseModel,
        seats: Iterable[str],
        seed: int,
        *,
        origin: str | None = None,
        game_id: uuid.UUID | None = None,
    ) -> Game:
        started = GameStarted(
            game=rules.name,
            rules_version=rules.version,
            data_hash=rules.data_hash(config),
            config=config.model_dump(mode="json"),
            seats=tuple(seats),
            seed=seed,
            origin=origin,
        )
        game = cls(rules, started, game_id or uuid.uuid4())
        game._record([started, *game.setup_events])
        return game

    # --- reading ---------------------------------------------------------------------------------

    @property
    def version(self) -> int:
        return len(self.log)

    @property
    def players(self) -> int:
        return len(self.started.seats)

    def pending(self) -> Pending:
        return self.rules.pending(self.state)

    @property
    def over(self) -> bool:
        return self.rules.pending(self.state).over

    def outcome(self) -> Outcome:
        return self.rules.outcome(self.state)

    def legal(self, seat: int) -> list[Command]:
        return self.rules.legal(self.state, seat)

    def feed(self, seat: int, since: int = 0) -> tuple[GameEvent, ...]:
        """The events from version `since` on, as `seat` perceives them."""
        return tuple(recorded.event.seen_by(seat) for recorded in self.log[since:])

    def observation(
        self, seat: int, since: int = 0, rejection: str | None = None, needs: Need = Need.ALL
    ) -> Observation:
        """What `seat` is shown, with only the parts in `needs` built (the view and feed cost the most)."""
        legal = tuple(self.rules.legal(self.state, seat))
        return Observation.of(self.rules, self.state, seat, needs=needs, legal=legal,
                              feed=lambda: self.feed(seat, since), rejection=rejection, config=self.config)

    # --- changing --------------------------------------------------------------------------------

    def submit(self, seat: int, command: Command) -> list[GameEvent]:
        """Decide and apply a command; an IllegalCommand propagates and records nothing."""
        return self._apply(seat, command, CommandAccepted(seat, command))

    def fall_back(self, seat: int, why: str, command: Command) -> list[GameEvent]:
        """Apply the fallback's command for a seat whose player failed, saying why."""
        return self._apply(seat, command, PlayerFellBack(seat, why, command))

    def reject(self, seat: int, raw: str, reason: str) -> None:
        self._record([CommandRejected(seat, raw, reason)])

    def note(self, event: GameEvent) -> None:
        """Record an audit event that does not change the game (e.g. an exchange with a model)."""
        self._record([event])

    def forfeit(self, seat: int, why: str) -> None:
        """End the game here: the seat's player is dead (core/runner.py), and the game has no result."""
        self._record([SeatForfeited(seat, why)])

    @property
    def forfeited(self) -> SeatForfeited | None:
        """The forfeit that ended the game, if one did."""
        last = self.log[-1].event
        return last if isinstance(last, SeatForfeited) else None

    def _apply(self, seat: int, command: Command, decision: GameEvent) -> list[GameEvent]:
        state = self.state
        events = self.rules.apply(state, seat, command, self.rng)
        finished = []
        if self.rules.pending(state).over:
            outcome = self.rules.outcome(state)
            finished = [GameFinished(outcome.scores, outcome.ranks, outcome.note)]
        self._record([decision, *events, *finished])
        return events

    def _record(self, events: list[GameEvent]) -> None:
        now = datetime.now(UTC)
        version, game_id, name = len(self.log), self.id, self.rules.name
        # tuple.__new__: a NamedTuple's own __new__ is a Python function, an interpreted call for every record
        self.log += [tuple.__new__(Recorded, (game_id, version + i, now, name, e)) for i, e in enumerate(events, 1)]

    # --- persistence -----------------------------------------------------------------------------

    def collect_events(self) -> list[Recorded]:
        """The events recorded since the last save (the eventsourcing aggregate protocol)."""
        new = self.log[self._saved:]
        self._saved = len(self.log)
        return new

    @classmethod
    def rebuild(cls, history: Sequence[Recorded]) -> Game:
        """Fold a stored history back into a game: set up from GameStarted, then evolve every domain event
        after the setup events (setup made those already; a game recorded before they were kept has none).

        Audit events change nothing; the random generator is not restored (continuing a stored game
        re-decides its commands instead, see replays).
        """
        first = history[0] if history else None
        if first is None or not isinstance(first.event, GameStarted):
            raise ValueError("a game's history must begin with GameStarted")
        game = cls(load_rules(first.event.game), first.event, first.originator_id)
        setup = block_end(history, 0)
        game.log += history[:setup]
        game.extend(history[setup:])
        return game

    def extend(self, records: Iterable[Recorded]) -> None:
        """Fold records stored after this game's last one (another process played them), as `rebuild` does."""
        for recorded in records:
            if not isinstance(recorded.event, AUDIT_EVENTS):
                self.rules.evolve(self.state, recorded.event)
            self.log.append(recorded)
        self._saved = len(self.log)


def block_end(history: Sequence[Recorded], index: int) -> int:
    """The index just after the block of the record at `index`: the game events recorded with it, then any
    GameFinished (docs/replays.md).

    The block of a decision is what it caused; the block of GameStarted (index 0) is the setup events
    (Rules.setup_with_events), which setup folds by itself: none in a game recorded before they were kept.
    """
    end = index + 1
    while end < len(history) and (
        not isinstance(history[end].event, AUDIT_EVENTS) or isinstance(history[end].event, GameFinished)
    ):
        end += 1
    return end
