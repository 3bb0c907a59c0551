"""Games and players are found through entry points, so a third party adds one by installing a package."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from importlib import import_module
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

from core.kernel import Rules

if TYPE_CHECKING:  # core.players imports this module
    from core.players import Player

GAMES_GROUP = "meeplog.games"
PLAYERS_GROUP = "meeplog.players"
_known_for_now: dict[str, str] = {}  # game name -> module:Class, while `known_game` runs


class UnknownName(LookupError):
    """A game or player name that no installed package provides; the message lists the known ones."""


def _names(group: str) -> dict[str, str]:
    return {ep.name: ep.value for ep in entry_points(group=group)}


def game_names() -> list[str]:
    return sorted(_names(GAMES_GROUP) | _known_for_now)


def player_names() -> list[str]:
    return sorted(_names(PLAYERS_GROUP))


def load_rules(name: str) -> Rules[Any, Any]:
    """The rules kernel registered as `name`, or one given as `module:Class` (a game not yet installed)."""
    return _load_rules(_known_for_now.get(name, name))


@contextmanager
def known_game(target: str) -> Iterator[Rules[Any, Any]]:
    """Make a game given as `module:Class` known by its own name while the block runs, as an installed one is:
    games and replays record the name, and the store and replays look it up (the conformance kit's --rules)."""
    rules = load_rules(target)
    _known_for_now[rules.name] = target
    try:
        yield rules
    finally:
        del _known_for_now[rules.name]


@cache
def _load_rules(name: str) -> Rules[Any, Any]:
    target = _names(GAMES_GROUP).get(name) or (name if ":" in name else None)
    if target is None:
        raise UnknownName(f"unknown game {name!r}; known games: {', '.join(game_names()) or 'none installed'}")
    rules = _load_object(target)()
    if not isinstance(rules, Rules):
        raise TypeError(f"{target} is not a Meeplog Rules class")
    return rules


@cache
def load_player_class(name: str) -> type[Player]:
    """The player class registered as `name`; cached, as a tournament builds players for every game."""
    target = _names(PLAYERS_GROUP).get(name)
    if target is None:
        raise UnknownName(f"unknown player {name!r}; known players: {', '.join(player_names())}")
    return _load_object(target)


def _load_object(target: str) -> Any:
    module, _, attribute = target.partition(":")
    return getattr(import_module(module), attribute)
