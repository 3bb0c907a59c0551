"""A transport failure is never a move: an endpoint that is down pauses its seats behind a circuit breaker, with
their clocks stopped, and they play on when it answers again; past the outage bound the match stops, resumable.
Each failure class of an outage, against the mock server over real sockets."""

from __future__ import annotations

import asyncio
import logging
import threading
import time

import pytest

from meeplog.core.audit import CommandRejected, GameFinished, PlayerFellBack
from meeplog.core.players import EndpointDown
from meeplog.core.runner import MatchSettings
from meeplog.players.mock_llm import Behaviour, MockPolicy, serving
from tests.players_llm.helpers import bot, events, exchanges, llm, match, play
from tests.toy import PenniesRules

OUTAGE = 1.5  # seconds, longer than the runner's time per decision below: a clock that ran would time out
QUICK = {"attempts": 2, "backoff": 0.02, "max_backoff": 0.1, "timeout": 0.3}
SETTINGS = MatchSettings(timeout=1.0)


def after(seconds, action):
    """Run `action` in a thread `seconds` from now."""
    timer = threading.Timer(seconds, action)
    timer.start()
    return timer


@pytest.fixture
def breaker_lines(caplog):
    caplog.set_level(logging.WARNING, logger="meeplog.endpoints")
    return lambda: [(r.breaker, r.getMessage()) for r in caplog.records if r.name == "meeplog.endpoints"]


def assert_played_through(game):
    assert events(game, GameFinished)
    assert events(game, PlayerFellBack) == [], "no fallback moved for an outage"
    assert events(game, CommandRejected) == [], "an outage is no refused answer"


@pytest.mark.parametrize("behaviour", [Behaviour.SERVER_ERROR, Behaviour.RATE_LIMITED, Behaviour.HANG])
def test_an_outage_pauses_the_seat_and_it_plays_on_when_the_server_answers_again(mock_server, breaker_lines,
                                                                                 behaviour):
    server = mock_server(retry_after=0.05, hang_limit=2)
    server.outage(behaviour)
    after(OUTAGE, lambda: server.outage(None))
    # a hang is found by the client's timeout; the other outages answer at once, so their requests may wait
    # longer (on a loaded machine 0.3 s is not always enough for an answer, and a timeout is another class)
    timeout = QUICK["timeout"] if behaviour is Behaviour.HANG else 0.9  # within SETTINGS.timeout
    game = play(PenniesRules(), [llm(server, **{**QUICK, "timeout": timeout}), bot(1)], settings=SETTINGS)
    assert_played_through(game)
    failed = [e.failure for e in exchanges(game) if e.failure]
    expected = {"hang": "timeout"}.get(behaviour.value, f"http-{behaviour.value}")
    assert failed and set(failed) == {expected}
    states = [state for state, _ in breaker_lines()]
    assert states == ["open", "closed"], "one line when it opens, one when it closes"
    assert "is down" in breaker_lines()[0][1] and "answers again" in breaker_lines()[1][1]


def test_a_refused_connection_pauses_the_seat_until_the_server_is_back_on_its_port(breaker_lines):
    with serving(MockPolicy()) as first:
        port = first.server_address[1]
        player = llm(first, **QUICK)
    back: list = []
    stopping = threading.Event()

    def serve_again():
        with serving(MockPolicy(), port=port) as again:
            back.append(again)
            stopping.wait(30)

    after(OUTAGE, threading.Thread(target=serve_again, daemon=True).start)
    try:
        game = play(PenniesRules(), [player, bot(1)], settings=SETTINGS)
    finally:
        stopping.set()
    assert_played_through(game)
    assert {e.failure for e in exchanges(game) if e.failure} == {"connection"}
    assert back and back[0].answered, "the seat played on against the server that came back"
    assert [state for state, _ in breaker_lines()] == ["open", "closed"]


def test_while_the_breaker_is_open_only_probes_go_out(mock_server):
    server = mock_server()
    server.outage(Behaviour.SERVER_ERROR)
    after(OUTAGE, lambda: server.outage(None))
    players = {"backoff": 0.2, "max_backoff": 0.4, "attempts": 2}
    runners = [match(PenniesRules(), [llm(server, **players), bot(1)], seed=seed, settings=SETTINGS)
               for seed in range(4)]

    async def all_of_them():
        await asyncio.gather(*(runner.play() for runner in runners))

    asyncio.run(all_of_them())
    failed = [e for runner in runners for e in exchanges(runner.game) if e.failure]
    # Four games at once: the first requests, and then one probe at a time, at most every 0.1-0.4 s.
    assert len(failed) <= 4 + OUTAGE / 0.1
    assert all(events(runner.game, GameFinished) and not events(runner.game, PlayerFellBack) for runner in runners)


def test_an_outage_past_the_bound_stops_the_match_with_nothing_played_for_the_seat(mock_server, breaker_lines):
    server = mock_server()
    server.outage(Behaviour.SERVER_ERROR)
    runner = match(PenniesRules(), [llm(server, **QUICK), bot(1)], settings=MatchSettings(timeout=1.0,
                                                                                          outage_wait=0.8))
    began = time.monotonic()
    with pytest.raises(EndpointDown, match=r"mock at http://127\.0\.0\.1:\d+/v1 has not answered for"):
        asyncio.run(runner.play())
    assert time.monotonic() - began < 30
    assert events(runner.game, PlayerFellBack) == [] and events(runner.game, CommandRejected) == []
    assert [state for state, _ in breaker_lines()] == ["open"]


def test_a_retry_after_longer_than_the_decisions_time_is_waited_for_with_the_clock_stopped(mock_server):
    server = mock_server(script=[Behaviour.RATE_LIMITED], retry_after=1.5)
    game = play(PenniesRules(), [llm(server), bot(1)], settings=MatchSettings(timeout=1.0))
    assert_played_through(game)
    assert [(e.failure, e.retries) for e in exchanges(game)][:2] == [("http-429", 0), (None, 1)]


def test_the_seats_game_time_does_not_count_an_outage(mock_server):
    server = mock_server()
    server.outage(Behaviour.SERVER_ERROR)
    after(OUTAGE, lambda: server.outage(None))
    game = play(PenniesRules(), [llm(server, game_time=1.0, **QUICK), bot(1)], settings=SETTINGS)
    assert_played_through(game)
