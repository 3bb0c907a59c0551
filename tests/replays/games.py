"""The games the replay tests run on, recorded once per test process (tests must not change them): every
registered game at its fewest and most seats, a game full of refusals, fallbacks and model exchanges, and
a game of simultaneous decisions."""

from __future__ import annotations

from functools import cache

from meeplog.core.game import Game
from meeplog.core.registry import game_names, load_rules
from meeplog.core.runner import MatchSettings
from tests.replays.recording import Chatty, Pennies, record

PENNIES = Pennies.name


@cache
def registered_games() -> tuple[Game, ...]:
    games = []
    for name in game_names():
        rules = load_rules(name)
        games += [record(name, rules.min_players, 1), record(name, rules.max_players, 2)]
    return tuple(games)


@cache
def forest_game(players: int = 3) -> Game:
    """Old Man of the Forest between seeded random players, for tests that edit its events by name."""
    return record("forest", players, players - 2)


@cache
def audited_game() -> Game:
    """Forest between model-like players: a refusal and an exchange before every decision, some fallbacks."""
    seats = [Chatty(seat, stubborn_every=4) for seat in range(3)]
    return record("forest", 3, 3, seats=seats, settings=MatchSettings(max_rejections=1))


@cache
def simultaneous_game() -> Game:
    return record(PENNIES, 3, 4, seats=[Chatty(seat) for seat in range(3)])


def sample_games() -> tuple[Game, ...]:
    return (*registered_games(), audited_game(), simultaneous_game())
