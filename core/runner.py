"""The async match runner: asks players for commands, validates them, and never lets a broken player
corrupt or stop a game (DESIGN.md sections 5 and 10).

An illegal, unparsable or crashing answer is recorded (CommandRejected) and the player is asked again
with the reason, up to `max_rejections` times; after that, on a timeout, or at once when the player says
asking again cannot help (DecisionFailed), the fallback player chooses and PlayerFellBack records why. A
player that cannot play at all (CannotPlay, an AbortMatch) stops the match. Simultaneous decisions are
asked concurrently, all from the same state, and applied in seat order so that the result does not depend
on who answered first.

A player that plans (Player.plans: a model answering a whole turn at once) is told, in Observation.continues,
whether its decision carries on the one it made in the step before with nothing new learned since
(Rules.continues): only then may it play the next step of its plan without asking. Every step is still
checked, recorded and, when refused, asked again with the reason like any other decision.

A seat whose player fails `dead_after` decisions in a row, or thinks longer than its `game_time` in one game
(Player options; bots have neither), is dead: it forfeits the game (SeatForfeited ends the log) or, when
the settings say `stop`, the match stops with SeatDead and can be resumed once the seat is mended. A game
played again after an interruption replays the decisions its stored part holds (core/resume.py) before any
seat is asked anything new.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal, Protocol

from meeplog.core.audit import AUDIT_EVENTS, LlmExchange
from meeplog.core.codec import Codec, dumps
from meeplog.core.game import Game, Recorded
from meeplog.core.kernel import Command, IllegalCommand, Outcome
from meeplog.core.players import AbortMatch, CannotPlay, DecisionFailed, Observation, Player
from meeplog.core.resume import Diverged, StoredDecision, StoredDecisions, plans_left
from meeplog.core.turns import current_clock, timing

DeadSeatPolicy = Literal["forfeit", "stop"]
DEAD_SEAT_POLICIES: Final[tuple[DeadSeatPolicy, ...]] = ("forfeit", "stop")


class Saver(Protocol):
    def save(self, game: Game) -> object: ...


class SeatDead(CannotPlay):
    """A seat failed too often or too long and the settings say `stop`: the match stops, to be resumed."""


@dataclass(frozen=True)
class MatchSettings:
    max_rejections: int = 3
    timeout: float | None = 120.0
    save_every_decision: bool = False  # for humans and models, whose moves are expensive
    on_dead_seat: DeadSeatPolicy = "forfeit"
    outage_wait: float = 600.0  # seconds a seat may wait on an endpoint that is down before the match stops


DEFAULT_SETTINGS: Final = MatchSettings()


def dead_seat_policy(text: str) -> DeadSeatPolicy:
    """The policy a user named (a command-line option); ValueError, saying the choices, for anything else."""
    for policy in DEAD_SEAT_POLICIES:
        if text == policy:
            return policy
    raise ValueError(f"--on-dead-seat is one of {', '.join(DEAD_SEAT_POLICIES)}, not {text!r}")


@dataclass
class _Seat:
    player: Player
    fallback: Player
    seen: int = 0  # the log version up to which the seat's feed has been delivered
    failed_in_row: int = 0  # decisions in a row the fallback made, this run
    thought: float = 0.0  # seconds spent waiting on the player, this run
    last_failure: str | None = None  # the class of its last failed exchange, or why it last fell back
    decided_at: int | None = None  # where the step of its last decision began, while nobody has decided since


@dataclass
class _Replay:
    """What the stored part of an interrupted run still holds to replay (core/resume.py)."""

    decisions: StoredDecisions
    stored: Sequence[Recorded]  # the whole stored part, for the plans it cut short
    audit: list[Recorded] = field(default_factory=list)  # the replayed seats' audit of the step being replayed


class MatchRunner:
    def __init__(
        self,
        game: Game,
        players: Sequence[Player],
        fallbacks: Sequence[Player],
        *,
        settings: MatchSettings = MatchSettings(),
        store: Saver | None = None,
        on_decision: Callable[[Game], None] | None = None,
        stored: Sequence[Recorded] = (),
    ) -> None:
        """`stored` is what an interrupted run stored of this very game (same rules, seed and seats): its
        decisions are replayed first."""
        if len(players) != game.players or len(fallbacks) != game.players:
            raise ValueError(f"{game.rules.title} was set up for {game.players} seats, not {len(players)} players"
                             f" and {len(fallbacks)} fallbacks")
        self.game = game
        self.seats = [_Seat(p, f) for p, f in zip(players, fallbacks)]
        self.settings = settings
        self.store = store
        self.on_decision = on_decision
        self.waiting: dict[int, float] = {}  # the seats being asked now, with when (time.monotonic) it began
        self._replay = _Replay(StoredDecisions(stored), stored) if stored else None
        self._planning = any(place.player.plans for place in self.seats)  # bots do not: their steps skip it

    async def play(self) -> Outcome | None:
        """Play to the end, saving as the settings say, and always once at the end; the outcome, or None when
        a seat forfeited (the log ends with SeatForfeited)."""
        game = self.game
        while not (pending := game.pending()).over:
            seats = pending.seats
            began = game.version
            stored = self._stored_step(seats)
            if len(seats) == 1:  # most decisions: no gathering, which costs more than a bot's whole move
                chosen = [await self._decide(seats[0], stored.get(seats[0]))]
            else:
                chosen = await asyncio.gather(*(self._decide(seat, stored.get(seat)) for seat in seats))
            self._record_replayed_audit()
            for seat, (command, failure) in zip(seats, chosen):  # one answer a seat
                if failure is None:
                    game.submit(seat, command)
                else:
                    game.fall_back(seat, failure, command)
                if not stored:
                    self._count(seat, failure)
            if self._planning:
                for number, place in enumerate(self.seats):
                    accepted = number in seats and chosen[seats.index(number)][1] is None
                    place.decided_at = began if accepted else None
            if self.on_decision:
                self.on_decision(game)
            if self.store and self.settings.save_every_decision:
                self.store.save(game)
            if (dead := self._dead_seat(seats)) is not None:
                self._end_for_dead_seat(*dead)
                return None
        if self.store:
            self.store.save(game)
        return game.outcome()

    # --- replaying an interrupted run ---------------------------------------------------------------

    def _stored_step(self, seats: Sequence[int]) -> dict[int, StoredDecision]:
        """The stored decisions of this step, if the stored part still holds it; past its last decision, its
        attempts that decided nothing are recorded again, once, and the seats are asked live."""
        replay = self._replay
        if replay is None:
            return {}
        if replay.decisions:
            return replay.decisions.take(seats)
        for record in replay.decisions.attempts:
            self.game.note(record.event)
        for seat, steps in plans_left(replay.stored, Codec(self.game.rules.commands)).items():
            self.seats[seat].player.resume_plan(steps)
        self._replay = None
        return {}

    async def _replayed(self, seat: int, stored: StoredDecision) -> tuple[Command, str | None]:
        """A stored decision made again: a seat that pays for its answers is not asked (its audit is recorded
        as stored), a deterministic player or fallback is, and must answer as it did."""
        place = self.seats[seat]
        place.seen = self.game.version
        chosen: tuple[Command, str | None]
        if place.player.expensive:
            assert self._replay is not None
            self._replay.audit.extend(stored.audit)
            if stored.fell_back is None and stored.command is not None:
                return stored.command, None
            chosen = await self._fall_back(seat, stored.fell_back or "no command was stored")
        else:
            chosen = await self._decide(seat)
        if chosen[0] != stored.command:
            raise Diverged(
                f"played again from its seed, the game went another way at decision {stored.number}: seat {seat}"
                f" ({'its fallback' if chosen[1] else type(place.player).__name__}) now plays"
                f" {self._raw(chosen[0])} where the stored game has {self._raw(stored.command)}; it is recorded as"
                " failed"
            )
        return chosen

    def _record_replayed_audit(self) -> None:
        """The replayed seats' exchanges and refusals, in the order they were stored."""
        if self._replay is not None and self._replay.audit:
            for record in sorted(self._replay.audit, key=lambda r: r.originator_version):
                self.game.note(record.event)
            self._replay.audit.clear()

    # --- dead seats ----------------------------------------------------------------------------------

    def _count(self, seat: int, failure: str | None) -> None:
        place = self.seats[seat]
        place.failed_in_row = place.failed_in_row + 1 if failure is not None else 0
        if failure is not None and place.last_failure is None:
            place.last_failure = failure

    def _dead_seat(self, seats: Sequence[int]) -> tuple[int, str] | None:
        """A seat of this step whose player failed too many decisions in a row or thought too long, and why."""
        for seat in seats:
            place = self.seats[seat]
            limit, budget = place.player.dead_after, place.player.game_time
            if limit and place.failed_in_row >= limit:
                last = f"; last failure: {place.last_failure}" if place.last_failure else ""
                return seat, f"{self._who(seat)} failed {place.failed_in_row} decisions in a row{last}"
            if budget and place.thought > budget:
                spent = f"thought {place.thought:.0f}s in this game, over its game_time of {budget:g}s"
                return seat, f"{self._who(seat)} {spent}"
        return None

    def _who(self, seat: int) -> str:
        return f"seat {seat} ({self.seats[seat].player.describe()})"

    def _end_for_dead_seat(self, seat: int, why: str) -> None:
        if self.settings.on_dead_seat == "stop":
            raise SeatDead(f"{why}; stopped (on_dead_seat=stop)")
        self.game.forfeit(seat, why)
        if self.store:
            self.store.save(self.game)

    # --- asking --------------------------------------------------------------------------------------

    async def _decide(self, seat: int, stored: StoredDecision | None = None) -> tuple[Command, str | None]:
        """A legal command for `seat` and, if the player failed, why the fallback chose it."""
        if stored is not None:
            return await self._replayed(seat, stored)
        if self.seats[seat].player.answers_at_once:  # a bot's move: timing it would cost more than the move
            return await self._ask_until_legal(seat)
        self.waiting[seat] = began = time.monotonic()
        with timing(self.settings.outage_wait) as clock:  # stopped while the player waits (core/turns.py)
            try:
                return await self._ask_until_legal(seat)
            finally:
                del self.waiting[seat]
                self.seats[seat].thought += time.monotonic() - began - clock.not_counted

    async def _ask_until_legal(self, seat: int) -> tuple[Command, str | None]:
        game, place = self.game, self.seats[seat]
        rejection: str | None = None
        for _ in range(self.settings.max_rejections + 1):
            observation = game.observation(seat, since=place.seen, rejection=rejection, needs=place.player.needs)
            if place.player.plans and rejection is None:
                observation = observation.replace(continues=self._continues(seat))
            place.seen = game.version
            try:
                command = await self._ask(place.player, observation)
            except AbortMatch:
                self._record_audit(seat)
                raise
            except TimeoutError:
                self._record_audit(seat)
                return await self._fall_back(seat, f"no answer within {self.settings.timeout:g}s")
            except DecisionFailed as failed:
                self._record_audit(seat)
                return await self._fall_back(seat, f"the player cannot answer: {failed}")
            except Exception as error:  # a broken player must not stop the game
                self._record_audit(seat)
                rejection = f"the player failed: {type(error).__name__}: {error}"
                game.reject(seat, "", rejection)
                continue
            self._record_audit(seat)
            rejection = self._refusal(seat, command, observation.legal)
            if rejection is None:
                return command, None
            game.reject(seat, self._raw(command), rejection)
        return await self._fall_back(seat, f"{self.settings.max_rejections + 1} answers refused; last: {rejection}")

    def _continues(self, seat: int) -> bool:
        """Whether the seat's decision now carries on its decision of the step before (Rules.continues)."""
        began = self.seats[seat].decided_at
        if began is None:
            return False
        events = [r.event for r in self.game.log[began:] if not isinstance(r.event, AUDIT_EVENTS)]
        return self.game.rules.continues(self.game.state, seat, events)

    async def _ask(self, player: Player, observation: Observation) -> Command:
        """The player's answer, within the timeout; a bot that answers at once is not timed (arming a timeout
        cost more than its move)."""
        if player.answers_at_once:
            return await player.act(observation)
        async with asyncio.timeout(self.settings.timeout) as deadline:  # unlike wait_for, starts no task
            if (clock := current_clock()) is not None:
                clock.deadline = deadline
            return await player.act(observation)

    def _record_audit(self, seat: int) -> None:
        place = self.seats[seat]
        for event in place.player.take_audit():
            if isinstance(event, LlmExchange) and event.failure is not None:
                place.last_failure = event.failure
            self.game.note(event)

    def _refusal(self, seat: int, command: object, legal: Sequence[Command]) -> str | None:
        """Why `command` cannot be played now, or None if it is among the `legal` commands."""
        if not isinstance(command, Command):
            return f"expected a command, got {type(command).__name__}"
        for offered in legal:  # most players answer one of the very commands offered (a loop: a generator costs more)
            if offered is command:
                return None
        if command in legal:
            return None
        try:
            self.game.rules.apply(self.game.state.clone(), seat, command, random.Random(0))
        except IllegalCommand as refused:
            return refused.reason
        except Exception as error:  # a command no player should send (a model's made-up card) can trip a kernel
            return f"not among the legal commands ({type(error).__name__} when judging it)"
        return "not among the legal commands"

    async def _fall_back(self, seat: int, why: str) -> tuple[Command, str]:
        fallback = self.seats[seat].fallback
        command = await fallback.act(self.game.observation(seat, needs=fallback.needs))
        return command, why

    def _raw(self, command: object) -> str:
        try:
            return dumps(command).decode()
        except TypeError:
            return repr(command)
