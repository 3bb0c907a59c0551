"""Games and players are found through entry points, so a third party adds one by installing a package.

This module knows the games; core/players.py looks its players up through `registered` and `load_object`,
so the dependency points one way (the player contract imports the registry, never the reverse).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from importlib import import_module
from importlib.metadata import entry_points
from typing import Any

from meeplog.core.kernel import Rules

GAMES_GROUP = "meeplog.games"
_known_for_now: dict[str, str] = {}  # game name -> module:Class, while `known_game` runs


class UnknownName(LookupError):
    """A game or player name that no installed package provides; the message lists the known ones."""


class BrokenPlugin(Exception):
    """An installed plug-in that fails to load (its module missing, or raising on import): the message names the
    plug-in, its entry point and the error, in one line, so that a front end can list it as broken and go on."""


def registered(group: str) -> dict[str, str]:
    """Every entry point of `group`: name -> `module:attribute`."""
    return {ep.name: ep.value for ep in entry_points(group=group)}


def game_names() -> list[str]:
    return sorted(registered(GAMES_GROUP) | _known_for_now)


def load_rules(name: str) -> Rules[Any, Any]:
    """The rules kernel registered as `name`, or one given as `module:Class` (a game not yet installed)."""
    return _load_rules(_known_for_now.get(name, name))


@contextmanager
def known_game(target: str) -> Iterator[Rules[Any, Any]]:
    """Make a game given as `module:Class` known by its own name while the block runs, as an installed one is:
    games and replays record the name, and the store and replays look it up (the conformance kit's --meeplog-rules)."""
    rules = load_rules(target)
    _known_for_now[rules.name] = target
    try:
        yield rules
    finally:
        del _known_for_now[rules.name]


@cache
def _load_rules(name: str) -> Rules[Any, Any]:
    target = registered(GAMES_GROUP).get(name) or (name if ":" in name else None)
    if target is None:
        raise UnknownName(f"unknown game {name!r}; known games: {', '.join(game_names()) or 'none installed'}")
    plugin = f"game plug-in {name!r}"
    rules = load_object(target, plugin)()
    if not isinstance(rules, Rules):
        raise BrokenPlugin(f"{plugin} ({target}) is not a Meeplog Rules class")
    return rules


def load_object(target: str, plugin: str) -> Any:
    """The object `module:attribute` names; BrokenPlugin, naming `plugin` ("game plug-in 'x'"), if it fails."""
    module, _, attribute = target.partition(":")
    try:
        return getattr(import_module(module), attribute)
    except Exception as error:  # whatever an import raises, the plug-in is broken, not the command
        why = " ".join(str(error).split())  # one line, whatever the error's message holds
        raise BrokenPlugin(f"{plugin} ({target}) failed to load: {type(error).__name__}: {why}") from error
