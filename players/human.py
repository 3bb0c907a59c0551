"""A person at the terminal: shown what happened and the numbered legal commands, answers with a number
or a command as JSON.

Interactively, a refused answer is explained and asked again. With piped input (a script of moves,
one answer per line), a bad line stops the match with a one-line error instead: a script cannot
correct itself, and its game is not stored, since it can be rerun.
"""

from __future__ import annotations

import asyncio
import random
import sys
from typing import Any

import orjson
from pydantic import BaseModel, ConfigDict

from meeplog.core.audit import CommandAccepted
from meeplog.core.codec import Codec, DecodeError
from meeplog.core.kernel import Command, IllegalCommand
from meeplog.core.narrate import describe
from meeplog.core.players import AbortMatch, Observation, Player


class HumanOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = "you"


class HumanPlayer(Player):
    Options = HumanOptions

    def __init__(self, options: HumanOptions, seed: int) -> None:
        super().__init__(options, seed)
        self.interactive = sys.stdin.isatty()

    @property
    def expensive(self) -> bool:  # type: ignore[override]
        return self.interactive

    async def act(self, obs: Observation) -> Command:
        state = obs.sample(random.Random(self.seed))
        self._show(obs, state)
        line = await asyncio.to_thread(sys.stdin.readline)
        if not line:
            raise AbortMatch(f"seat {obs.seat}: the input ended before the game did")
        answer = line.strip()
        try:
            command = self._parse(obs, answer)
        except ValueError as error:
            if self.interactive:
                raise
            raise AbortMatch(f"seat {obs.seat}: {error}") from None
        if not self.interactive and command not in obs.legal:
            raise AbortMatch(f"seat {obs.seat}: {answer} is not legal now: {self._reason(obs, state, command)}")
        return command

    def _parse(self, obs: Observation, answer: str) -> Command:
        if answer.isdigit():
            number = int(answer)
            if not 1 <= number <= len(obs.legal):
                raise ValueError(f"answer {answer} is not one of the {len(obs.legal)} numbered commands")
            return obs.legal[number - 1]
        try:
            command = Codec(obs.rules.commands).loads(answer)
        except (orjson.JSONDecodeError, DecodeError) as error:
            raise ValueError(f"answer {answer!r} is neither a number nor a command as JSON ({error})") from None
        if not isinstance(command, Command):
            raise ValueError(f"answer {answer!r} is not a command")
        return command

    def _reason(self, obs: Observation, state: Any, command: Command) -> str:
        try:
            obs.rules.decide(state, obs.seat, command, random.Random(0))
        except IllegalCommand as refused:
            return refused.reason
        return "it is not among the legal commands"

    def _show(self, obs: Observation, state: Any) -> None:
        out = sys.stdout
        for event in obs.feed:
            if not isinstance(event, CommandAccepted):  # the game's own events tell the move
                print(f"  {describe(obs.rules, state, event)}", file=out)
        if obs.rejection:
            print(f"refused: {obs.rejection}", file=out)
        print(f"{self.options.name} (seat {obs.seat}), your view:", file=out)
        print(obs.view.model_dump_json(indent=1), file=out)
        for number, command in enumerate(obs.legal, start=1):
            print(f"  {number:>3}. {obs.rules.describe(state, command)}", file=out)
        print("your choice (a number, or a command as JSON): ", end="", file=out, flush=True)

