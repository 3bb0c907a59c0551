"""What a seat is shown when it must decide (Observation), and which of its parts a player reads (Need).

An Observation is built for every decision of every game, some 140 a bot's Old Man game, so this module is
compiled with mypyc (a hot module, core/compiled.py): built interpreted, with its keyword arguments, it cost a
tournament worker about 5% of a heuristic game. It holds no more than the class and its flags, so that core/players.py,
the player contract that plug-ins subclass, stays interpreted; that module re-exports both names.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from enum import Flag
from functools import partial
from typing import Any, Final

from mypy_extensions import mypyc_attr
from pydantic import BaseModel

from meeplog.core.kernel import Command, GameEvent, Rules


class Need(Flag):
    """What a player reads of an Observation besides the legal commands, the rules and `sample`.

    Building a seat's view and feed costs more than a bot's whole decision (a random player only picks
    from `legal`), so each player class declares what it reads and is shown only that.
    """

    NOTHING = 0
    VIEW = 1
    FEED = 2
    ALL = 3


# The needs that include each part, looked up by identity: `Need.VIEW in needs` is an interpreted Flag method,
# asked twice on every decision of every game.
_WITH_VIEW: Final = (Need.VIEW, Need.ALL)
_WITH_FEED: Final = (Need.FEED, Need.ALL)


@mypyc_attr(native_class=False)  # mypyc derives no native class from AttributeError
class NotShown(AttributeError):
    """A player read a part of the Observation that its `needs` did not declare, so it was not built."""


class Observation:
    """What a seat is shown when it must decide.

    `view` and `feed` are already redacted for the seat, and built only when asked for (a player's
    `needs`): reading one that was not built raises NotShown rather than passing a blank. `sample` is the
    only door to the hidden state: it returns a full state drawn from what the seat knows (Rules.sample),
    for search players.
    """

    def __init__(
        self,
        *,
        game: str,
        seat: int,
        legal: tuple[Command, ...],
        rules: Rules[Any, Any],
        sample: Callable[[random.Random], Any],
        view: BaseModel | None = None,
        feed: tuple[GameEvent, ...] | None = None,
        rejection: str | None = None,
        config: BaseModel | None = None,  # the game's options, public to every seat (the prompt states them)
        continues: bool = False,  # this decision carries on the seat's previous one (Rules.continues)
    ) -> None:
        self.game = game
        self.continues = continues
        self.seat = seat
        self.legal = legal
        self.rules = rules
        self.sample = sample
        self.rejection = rejection
        self.config = config
        self._view = view
        self._feed = feed

    @classmethod
    def of(
        cls,
        rules: Rules[Any, Any],
        state: Any,
        seat: int,
        *,
        needs: Need,
        legal: tuple[Command, ...],
        feed: Callable[[], tuple[GameEvent, ...]],
        rejection: str | None = None,
        config: BaseModel | None = None,
    ) -> Observation:
        """What `seat` is shown of the kernel's `state`, its view and `feed()` built only if `needs` asks for
        them (they cost more than a bot's whole move); `sample` draws from `state`."""
        return Observation(
            game=rules.name,
            seat=seat,
            legal=legal,
            rules=rules,
            sample=partial(rules.sample, state, seat),  # called in C, where a lambda was a frame a sample
            view=rules.view(state, seat) if needs in _WITH_VIEW else None,
            feed=feed() if needs in _WITH_FEED else None,
            rejection=rejection,
            config=config,
        )

    def replace(self, **changes: Any) -> Observation:
        """A copy with some parts changed, e.g. `legal` narrowed (what dataclasses.replace would do)."""
        parts: dict[str, Any] = {
            "game": self.game, "seat": self.seat, "legal": self.legal, "rules": self.rules, "sample": self.sample,
            "view": self._view, "feed": self._feed, "rejection": self.rejection, "config": self.config,
            "continues": self.continues,
        }
        return Observation(**{**parts, **changes})

    @property
    def view(self) -> BaseModel:
        if self._view is None:
            raise NotShown("this observation holds no view: the player's `needs` does not declare Need.VIEW")
        return self._view

    @property
    def feed(self) -> tuple[GameEvent, ...]:
        if self._feed is None:
            raise NotShown("this observation holds no feed: the player's `needs` does not declare Need.FEED")
        return self._feed
