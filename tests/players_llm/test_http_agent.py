"""The HTTP agent seat: the observation it POSTs, the commands it reads back, and its failures."""

from __future__ import annotations

import asyncio
import json

import pytest

from meeplog.core.audit import CommandAccepted, CommandRejected, GameFinished, PlayerFellBack
from meeplog.core.codec import Codec
from meeplog.core.players import EndpointDown
from meeplog.core.runner import MatchSettings
from meeplog.players.http_agent import PROTOCOL, AgentObservation
from meeplog.players.mock_llm import Behaviour
from tests.players_llm.helpers import Sleeps, agent, bot, events, exchanges, match, play
from tests.toy import PenniesRules


def test_an_agent_plays_a_whole_game_from_the_documented_observation(mock_server):
    server = mock_server()
    game = play("forest", [bot(0), agent(server), bot(2)], seed=4)
    assert events(game, GameFinished) and events(game, PlayerFellBack) == []
    bodies = [AgentObservation.model_validate(r.body) for r in server.received]
    assert all(b.protocol == PROTOCOL and b.game == "forest" and b.seat == 1 for b in bodies)
    assert all(len(b.legal) == len(b.legal_text) > 0 for b in bodies)
    assert all("hand" in b.view for b in bodies)
    codec = Codec(game.rules.commands)
    played = [codec.encode(e.command) for e in events(game, CommandAccepted) if e.seat == 1]
    assert [json.loads(e.parsed) for e in exchanges(game)] == played
    assert all(p in b.legal for p, b in zip(played, bodies, strict=True))
    records = exchanges(game)
    assert len(records) == len(server.received)
    assert all(e.model == f"http:{server.url}/agent" and e.failure is None for e in records)
    assert [json.loads(e.prompt) for e in records] == [r.body for r in server.received]


def test_the_feed_holds_the_game_events_since_the_seats_last_turn_as_the_seat_sees_them(mock_server):
    server = mock_server()
    play(PenniesRules(), [agent(server), bot(1)])
    second = AgentObservation.model_validate(server.received[1].body)
    picks = [e for e in second.feed if e["type"] == "Picked"]
    assert {e["seat"] for e in picks} == {0, 1}
    assert [e["side"] for e in picks if e["seat"] == 1] == [None], "seat 0 was shown seat 1's secret pick"
    assert {e["type"] for e in second.feed} <= {"Picked", "Revealed"}, "only game events, no audit events"


def test_an_agent_failing_then_answering_is_retried_and_every_attempt_recorded(mock_server):
    server = mock_server(script=[Behaviour.SERVER_ERROR, Behaviour.RATE_LIMITED], retry_after=0)
    player = agent(server)
    player.transport.sleep = sleeps = Sleeps()
    game = play(PenniesRules(), [player, bot(1)])
    assert [(e.failure, e.retries) for e in exchanges(game)[:3]] == [("http-500", 0), ("http-429", 1), (None, 2)]
    assert sleeps.waits[1] == 0
    assert len(exchanges(game)) == len(server.received)


def test_an_unreadable_answer_is_re_sent_with_the_reason_and_an_illegal_one_with_the_games(mock_server):
    server = mock_server(script=[Behaviour.UNPARSABLE, Behaviour.LEGAL, Behaviour.ILLEGAL])
    game = play(PenniesRules(), [agent(server), bot(1)])
    rejections = [r.body["rejection"] for r in server.received[:4]]
    assert rejections == [None, "the answer held no JSON object", None, "pick a side from 0 to 1"]
    assert [e.failure for e in exchanges(game)[:4]] == ["unparsable", None, "illegal", None]
    assert [e.reason for e in events(game, CommandRejected)] == ["pick a side from 0 to 1"]


def test_an_agent_that_is_down_pauses_its_seat_and_the_match_stops_past_the_outage_bound(mock_server):
    server = mock_server(hang=1.0, hang_limit=5)
    runner = match(PenniesRules(), [agent(server, timeout=0.05, attempts=2), bot(1)],
                   settings=MatchSettings(outage_wait=1.0))
    with pytest.raises(EndpointDown, match=r"http:http://127\.0\.0\.1:\d+/agent has not answered"):
        asyncio.run(runner.play())
    assert {e.failure for e in exchanges(runner.game)} == {"timeout"}
    assert events(runner.game, PlayerFellBack) == [] and not events(runner.game, GameFinished)
