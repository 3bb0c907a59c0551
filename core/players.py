"""The player contract: an async `act` that turns an Observation into a Command, built from a spec."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from functools import cache
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, ValidationError

from meeplog.core.kernel import Command, GameEvent
from meeplog.core.observation import (  # what a player is shown, in a compiled module (it says why)
    Need,
    NotShown,  # noqa: F401  (the contract's error when a player reads what it did not declare)
    Observation,
)
from meeplog.core.registry import UnknownName, load_object, registered
from meeplog.core.specs import PlayerSpec


class AbortMatch(Exception):
    """A player asks to stop the whole match (e.g. a script of moves hit an illegal one); never retried."""


class CannotPlay(AbortMatch):
    """The player cannot play at all (its server refused the key): retrying, or playing on with the fallback,
    would only hide it. The match stops, and a tournament stops before its next game."""


ENDPOINTS_LOGGER = "meeplog.endpoints"  # where remote players log an endpoint going down and answering again


class EndpointDown(CannotPlay):
    """A model's server or an agent's URL stayed down past the outage bound (MatchSettings.outage_wait): the
    match stops, resumably, with nothing played in the seat's name; a resumed run asks again."""


class PreflightFailed(ValueError):
    """An endpoint asked before the first game did not answer as it must: a wrong URL, port, model or key, or a
    server that fails every request. The message says what failed; the run does not start."""


class DecisionFailed(Exception):
    """The player cannot answer this decision, and asking again would get the same answer (a request the
    server refuses, a prompt over the model's context): the fallback moves at once."""


class NoOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Player(ABC):
    """A seat's decision maker. Subclasses declare their spec options as a pydantic model."""

    Options: ClassVar[type[BaseModel]] = NoOptions

    def __init__(self, options: BaseModel, seed: int) -> None:
        self.options = options
        self.seed = seed

    expensive: ClassVar[bool] = False  # a human's or a model's moves: the game is saved after each one
    needs: ClassVar[Need] = Need.ALL  # what of the Observation it reads; a bot that reads less says so
    answers_at_once: ClassVar[bool] = False  # its act never awaits, so no timeout could stop it: none is armed
    interactive: bool = False  # a person at this terminal: nothing may draw over their prompt
    plans: bool = False  # it may answer a chain of its own decisions at once: shown Observation.continues
    dead_after: int = 0  # the seat is dead after this many failed decisions in a row (0: never; core/runner.py)
    game_time: float = 0.0  # ... or after thinking this many seconds in one game (0: no limit)

    def describe(self) -> str:
        """Who plays, for messages: the player's name and where it answers from."""
        return type(self).__name__

    def endpoint(self) -> str | None:
        """What the player sends its requests to (`model at URL`, an agent's URL), asked once before a run's first
        game (core/preflight.py); None for a player that sends none."""
        return None

    async def preflight(self, obs: Observation) -> None:
        """Ask the endpoint once, as cheaply as it can be asked and in the form the seat will use (`obs`, an
        observation of a game nobody plays); raise PreflightFailed saying what failed."""
        return

    @abstractmethod
    async def act(self, obs: Observation) -> Command:
        """Choose a command; raising or returning an illegal one gets the seat re-asked, then a fallback."""

    def take_audit(self) -> list[GameEvent]:
        """Audit events the player produced since last asked (e.g. LlmExchange); the runner records them."""
        return []

    def resume_plan(self, steps: Sequence[Command]) -> None:
        """A resumed game's next decisions, as the plan the player answered before the stop (core/resume.py
        plans_left): a player that plans plays them as it would have, while each decision carries on the last."""
        return


PLAYERS_GROUP = "meeplog.players"


def player_names() -> list[str]:
    return sorted(registered(PLAYERS_GROUP))


@cache
def load_player_class(name: str) -> type[Player]:
    """The player class registered as `name`; cached, as a tournament builds players for every game."""
    target = registered(PLAYERS_GROUP).get(name)
    if target is None:
        raise UnknownName(f"unknown player {name!r}; known players: {', '.join(player_names())}")
    player_class: type[Player] = load_object(target, f"player plug-in {name!r}")
    return player_class


class BadPlayerSpec(ValueError):
    """A player spec whose options do not fit the player; the message says which and what is accepted."""


def make_player(spec: PlayerSpec, seed: int) -> Player:
    cls = load_player_class(spec.name)
    try:
        options = cls.Options(**spec.options)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or spec.name}: {e['msg']}" for e in error.errors(include_url=False)
        )
        accepted = ", ".join(cls.Options.model_fields) or "no options"
        raise BadPlayerSpec(f"bad options for player {spec.name!r} ({problems}); accepted: {accepted}") from None
    return cls(options, seed)
