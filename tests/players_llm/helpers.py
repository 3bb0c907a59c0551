"""Remote seats against the mock server: building players, playing games, reading what was recorded."""

from __future__ import annotations

import asyncio
from typing import Any

from meeplog.core.audit import LlmExchange
from meeplog.core.game import Game
from meeplog.core.kernel import Rules
from meeplog.core.players import Player, make_player
from meeplog.core.registry import load_rules
from meeplog.core.runner import MatchRunner, MatchSettings
from meeplog.core.specs import PlayerSpec
from meeplog.players.mock_llm import MockServer
from meeplog.players.prompts import legal_in

FAST_BACKOFF = {"backoff": 0.001, "max_backoff": 0.01}


def spec(name: str, **options: Any) -> str:
    return name + ":" + ",".join(f"{key}={value}" for key, value in options.items())


def llm(server: MockServer, **options: Any) -> Player:
    return make_player(PlayerSpec.parse(spec("llm", base_url=f"{server.url}/v1",
                                             **{"model": "mock", **FAST_BACKOFF, **options})), seed=0)


def agent(server: MockServer, **options: Any) -> Player:
    return make_player(PlayerSpec.parse(spec("http", url=f"{server.url}/agent", **{**FAST_BACKOFF, **options})), seed=0)


def bot(seat: int) -> Player:
    return make_player(PlayerSpec("random"), seed=seat)


def match(rules: Rules[Any, Any] | str, players: list[Player], seed: int = 1,
          settings: MatchSettings | None = None) -> MatchRunner:
    rules = load_rules(rules) if isinstance(rules, str) else rules
    game = Game.start(rules, rules.configure(len(players)), ["test"] * len(players), seed)
    fallbacks = [bot(seat) for seat in range(len(players))]
    return MatchRunner(game, players, fallbacks, settings=settings or MatchSettings())


def play(rules: Rules[Any, Any] | str, players: list[Player], seed: int = 1,
         settings: MatchSettings | None = None) -> Game:
    runner = match(rules, players, seed, settings)
    asyncio.run(runner.play())
    return runner.game


def events(game: Game, kind: type) -> list[Any]:
    return [recorded.event for recorded in game.log if isinstance(recorded.event, kind)]


def exchanges(game: Game) -> list[LlmExchange]:
    return events(game, LlmExchange)


def user_messages(server: MockServer, index: int) -> list[str]:
    return [m["content"] for m in server.received[index].body["messages"] if m["role"] == "user"]


def listed(server: MockServer, index: int) -> list[dict[str, Any]]:
    return legal_in(user_messages(server, index)[0])


class Sleeps:
    """Stands in for the transport's sleep: records each wait and waits for nothing."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)
        await asyncio.sleep(0)
