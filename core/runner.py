"""The async match runner: asks players for commands, validates them, and never lets a broken player
corrupt or stop a game (DESIGN.md section 5).

An illegal, unparsable or crashing answer is recorded (CommandRejected) and the player is asked again
with the reason, up to `max_rejections` times; after that, on a timeout, or at once when the player says
asking again cannot help (DecisionFailed), the fallback player chooses and PlayerFellBack records why. A
player that cannot play at all (CannotPlay, an AbortMatch) stops the match. Simultaneous decisions are
asked concurrently, all from the same state, and applied in seat order so that the result does not depend
on who answered first.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from core.codec import Codec
from core.game import Game
from core.kernel import Command, IllegalCommand, Outcome
from core.players import AbortMatch, DecisionFailed, Observation, Player


class Saver(Protocol):
    def save(self, game: Game) -> object: ...


@dataclass(frozen=True)
class MatchSettings:
    max_rejections: int = 3
    timeout: float | None = 120.0
    save_every_decision: bool = False  # for humans and models, whose moves are expensive


@dataclass
class _Seat:
    player: Player
    fallback: Player
    seen: int = 0  # the log version up to which the seat's feed has been delivered


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
    ) -> None:
        if len(players) != game.players:
            raise ValueError(f"{game.rules.title} was set up for {game.players} seats, not {len(players)} players")
        self.game = game
        self.seats = [_Seat(p, f) for p, f in zip(players, fallbacks, strict=True)]
        self.settings = settings
        self.store = store
        self.on_decision = on_decision
        self.codec = Codec(game.rules.commands)

    async def play(self) -> Outcome:
        """Play to the end, saving as the settings say, and always once at the end."""
        game = self.game
        while not (pending := game.pending()).over:
            seats = pending.seats
            if len(seats) == 1:  # most decisions: no gathering, which costs more than a bot's whole move
                chosen = [await self._decide(seats[0])]
            else:
                chosen = await asyncio.gather(*(self._decide(seat) for seat in seats))
            for seat, (command, failure) in zip(seats, chosen, strict=True):
                if failure is None:
                    game.submit(seat, command)
                else:
                    game.fall_back(seat, failure, command)
            if self.on_decision:
                self.on_decision(game)
            if self.store and self.settings.save_every_decision:
                self.store.save(game)
        if self.store:
            self.store.save(game)
        return game.outcome()

    async def _decide(self, seat: int) -> tuple[Command, str | None]:
        """A legal command for `seat` and, if the player failed, why the fallback chose it."""
        game, place = self.game, self.seats[seat]
        rejection: str | None = None
        for _ in range(self.settings.max_rejections + 1):
            observation = game.observation(seat, since=place.seen, rejection=rejection, needs=place.player.needs)
            place.seen = game.version
            try:
                command = await self._ask(place.player, observation)
            except AbortMatch:
                self._record_audit(place.player)
                raise
            except TimeoutError:
                self._record_audit(place.player)
                return await self._fall_back(seat, f"no answer within {self.settings.timeout:g}s")
            except DecisionFailed as failed:
                self._record_audit(place.player)
                return await self._fall_back(seat, f"the player cannot answer: {failed}")
            except Exception as error:  # a broken player must not stop the game
                self._record_audit(place.player)
                rejection = f"the player failed: {type(error).__name__}: {error}"
                game.reject(seat, "", rejection)
                continue
            self._record_audit(place.player)
            rejection = self._refusal(seat, command, observation.legal)
            if rejection is None:
                return command, None
            game.reject(seat, self._raw(command), rejection)
        return await self._fall_back(seat, f"{self.settings.max_rejections + 1} answers refused; last: {rejection}")

    async def _ask(self, player: Player, observation: Observation) -> Command:
        """The player's answer, within the timeout; a bot that answers at once is not timed (arming a timeout
        cost more than its move)."""
        if player.answers_at_once:
            return await player.act(observation)
        async with asyncio.timeout(self.settings.timeout):  # unlike wait_for, starts no task
            return await player.act(observation)

    def _record_audit(self, player: Player) -> None:
        for event in player.take_audit():
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
            return self.codec.dumps(command).decode()
        except TypeError:
            return repr(command)
