"""Several games with remote seats share one event loop; a server that is slow holds up only its own game."""

from __future__ import annotations

import asyncio

from meeplog.core.audit import GameFinished, LlmExchange
from meeplog.core.runner import MatchSettings
from tests.players_llm.helpers import agent, bot, events, llm, match

BOUND = 60  # seconds: a deadlock fails the test instead of hanging it


def test_games_with_fast_models_finish_while_another_games_model_has_not_answered_yet(mock_server):
    slow = mock_server(delay=BOUND)  # answers only once released
    fast = mock_server()
    other = mock_server()
    settings = MatchSettings(timeout=BOUND)
    stalled = match("forest", [llm(slow, timeout=BOUND), bot(1), bot(2)], seed=1, settings=settings)
    quick = [
        match("forest", [llm(fast), llm(other), bot(2)], seed=2, settings=settings),
        match("forest", [bot(0), agent(fast), llm(other)], seed=3, settings=settings),
        match("forest", [llm(fast), bot(1), bot(2), agent(other)], seed=4, settings=settings),
    ]

    async def main() -> None:
        waiting = asyncio.create_task(stalled.play())
        await asyncio.wait_for(asyncio.gather(*(runner.play() for runner in quick)), BOUND)
        assert not waiting.done(), "the slow server's game finished before it was let answer"
        assert len(slow.received) == 1, "the slow server was not even asked"
        slow.release()
        await asyncio.wait_for(waiting, BOUND)

    asyncio.run(main())
    for runner in [stalled, *quick]:
        assert events(runner.game, GameFinished)
        assert all(e.failure is None for e in events(runner.game, LlmExchange))
    assert len(events(stalled.game, LlmExchange)) == len(slow.received) > 1
