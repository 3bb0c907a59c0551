"""Recorded answers as a cache: a game played again from its seed reuses them and asks the server nothing;
verify and fork of a model's game need no model at all."""

from __future__ import annotations

import asyncio

from core.audit import LlmExchange
from core.game import Game
from core.runner import MatchRunner
from players.answer_cache import AnswerCache
from replays.fork import fork
from replays.verify import verify
from tests.players_llm.helpers import bot, exchanges, llm, play


def exchange(request: str | None, retries: int = 0, failure: str | None = None) -> LlmExchange:
    return LlmExchange(seat=0, model="m", prompt="p", answer="a", parsed=None, failure=failure, prompt_tokens=1,
                       completion_tokens=1, latency_ms=5, retries=retries, request=request)


def test_the_cache_gives_each_sending_once_in_order_with_its_retries_and_never_a_refused_key():
    first = [exchange("a", 0, "http-429"), exchange("a", 1, "http-500"), exchange("a", 2)]
    again = [exchange("a", 0, "illegal")]
    refused = [exchange("b", 0, "http-401")]
    cache = AnswerCache([*first, exchange("c"), *refused, *again, exchange(None)])
    assert len(cache) == 3
    assert cache.take("a") == first and cache.take("a") == again and cache.take("a") is None
    assert cache.take("b") is None and cache.take("c") == [exchange("c")]


def replay(game: Game, url_server) -> Game:
    """The same game from its seed, the model seat recalling what it recorded."""
    model = llm(url_server)
    model.recall([e for e in exchanges(game) if e.seat == 0])
    again = Game.start(game.rules, game.config, game.started.seats, game.started.seed)
    players = [model, bot(1), bot(2)]
    asyncio.run(MatchRunner(again, players, [bot(seat) for seat in range(3)]).play())
    return again


def test_a_game_played_again_with_its_recorded_answers_asks_the_server_nothing(mock_server):
    server = mock_server(malformed=0.3, failures=0.2, retry_after=0, seed=3)
    game = play("forest", [llm(server), bot(1), bot(2)], seed=5)
    kinds = {e.failure for e in exchanges(game)}
    assert {"unparsable", "illegal"} & kinds and {"http-429", "http-500"} & kinds  # failures of both sorts
    sent = len(server.received)
    again = replay(game, server)
    assert len(server.received) == sent
    assert [r.event for r in again.log] == [r.event for r in game.log]


def test_verify_and_fork_of_a_models_game_need_no_model(mock_server):
    server = mock_server()
    game = play("forest", [llm(server), bot(1), bot(2)], seed=2)
    server.shutdown()
    server.server_close()
    assert verify(game.log).ok
    forked = fork(game.log, 10, ["random", "random", "random"])
    assert forked.version > 10 and not forked.over
