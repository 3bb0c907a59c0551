"""Playing whole games through the aggregate and the match runner, as Meeplog plays them: the store checks play
them, and so do Meeplog's own tests."""

from __future__ import annotations

import asyncio

from meeplog.core.game import Game
from meeplog.core.players import make_player
from meeplog.core.registry import load_rules
from meeplog.core.runner import MatchRunner, MatchSettings, Saver
from meeplog.core.specs import PlayerSpec


def play_match(game: str, players: int, seed: int, *, store: Saver | None = None, specs: list[str] | None = None,
               settings: MatchSettings | None = None) -> Game:
    rules = load_rules(game)
    config = rules.configure(players)
    specs = specs or ["random"] * players
    match = Game.start(rules, config, specs, seed)
    seats = [make_player(PlayerSpec.parse(spec), seed * 10 + seat) for seat, spec in enumerate(specs)]
    fallbacks = [make_player(PlayerSpec("random"), seat) for seat in range(players)]
    runner = MatchRunner(match, seats, fallbacks, settings=settings or MatchSettings(), store=store)
    asyncio.run(runner.play())
    return match
