"""The LLM seat against servers as they really refuse things: response formats stepped down whatever the
status, errors no retry can mend not retried, a refused key stopping the match, an oversized request never
sent. The mock server answers each the way real servers word it (players/mock_llm.py)."""

from __future__ import annotations

import pytest

from meeplog.core.audit import CommandRejected, GameFinished, PlayerFellBack
from meeplog.core.players import CannotPlay
from meeplog.players.mock_llm import Behaviour, format_of
from tests.players_llm.helpers import agent, bot, events, exchanges, llm, play
from tests.toy import PenniesRules

KEY_ENV = "MEEPLOG_TEST_API_KEY"


def asked(server):
    return [format_of(r.body) for r in server.received]


@pytest.mark.parametrize("status", [400, 422, 500])
def test_a_refused_json_schema_steps_down_to_the_schema_inside_json_object_whatever_the_status(mock_server, status):
    server = mock_server(refuse=("json_schema",), refusal_status=status)
    game = play(PenniesRules(), [llm(server), bot(1)])
    assert asked(server) == ["json_schema", "json_object_schema", "json_object_schema", "json_object_schema"]
    records = exchanges(game)
    assert [(e.failure, e.structured) for e in records] == [
        ("format-refused", "json_schema"), (None, "json_object_schema"),
        (None, "json_object_schema"), (None, "json_object_schema"),
    ]
    assert "response_format json_schema is not supported" in records[0].answer
    assert server.received[1].body["response_format"]["schema"]["properties"]["command"]
    assert events(game, CommandRejected) == [] and events(game, PlayerFellBack) == []


def test_every_refused_format_steps_down_once_to_plain_words(mock_server):
    server = mock_server(refuse=("json_schema", "json_object_schema", "json_object"), refusal_status=500)
    game = play(PenniesRules(), [llm(server), bot(1)])
    assert asked(server)[:4] == ["json_schema", "json_object_schema", "json_object", "off"]
    assert asked(server)[4:] == ["off", "off"]
    assert [e.failure for e in exchanges(game)] == ["format-refused"] * 3 + [None] * 3
    assert events(game, GameFinished)


def test_what_an_endpoint_accepted_is_remembered_by_the_next_player_of_the_run(mock_server):
    server = mock_server(refuse=("json_schema",))
    play(PenniesRules(), [llm(server), bot(1)])
    before = len(server.received)
    play(PenniesRules(), [llm(server), bot(1)])
    assert asked(server)[before:] == ["json_object_schema"] * 3


def test_a_spec_asking_for_less_than_the_endpoint_accepted_gets_what_it_asked(mock_server):
    server = mock_server(refuse=("json_schema",))
    play(PenniesRules(), [llm(server), bot(1)])
    before = len(server.received)
    play(PenniesRules(), [llm(server, structured="off"), bot(1)])
    assert asked(server)[before:] == ["off"] * 3


def test_a_bad_request_is_not_retried_and_the_fallback_moves_at_once(mock_server):
    server = mock_server(script=[Behaviour.BAD_REQUEST])
    game = play(PenniesRules(), [llm(server, structured="off"), bot(1)])
    assert [e.failure for e in exchanges(game)][:2] == ["http-400", None]
    assert len(server.received) == 3, "one request for the refused decision, one each for the other two"
    [fell] = events(game, PlayerFellBack)
    assert "HTTP 400" in fell.why and "'temperature' is not valid here" in fell.why
    assert events(game, CommandRejected) == []


def test_a_prompt_over_the_context_is_asked_again_with_half_the_feed_and_the_shorter_feed_is_kept(mock_server):
    server = mock_server(script=[Behaviour.OVER_CONTEXT, Behaviour.OVER_CONTEXT])
    player = llm(server, feed_lines=8)
    game = play(PenniesRules(), [player, bot(1)])
    assert [e.failure for e in exchanges(game)][:3] == ["context-length", "context-length", None]
    assert player.feed_lines == 2
    assert events(game, PlayerFellBack) == [] and events(game, CommandRejected) == []


def test_a_prompt_over_the_context_without_any_feed_gives_way_to_the_fallback(mock_server):
    server = mock_server(script=[Behaviour.OVER_CONTEXT])
    game = play(PenniesRules(), [llm(server, feed_lines=0), bot(1)])
    [fell] = events(game, PlayerFellBack)
    assert "context-length" in fell.why and "maximum context length" in fell.why


@pytest.mark.parametrize("behaviour", [Behaviour.UNAUTHORIZED, Behaviour.FORBIDDEN])
def test_a_refused_key_stops_the_match_naming_the_seat_the_endpoint_and_the_status(mock_server, monkeypatch,
                                                                                    behaviour):
    monkeypatch.setenv(KEY_ENV, "sk-wrong")
    server = mock_server(script=[behaviour])
    with pytest.raises(CannotPlay) as stopped:
        play(PenniesRules(), [bot(0), llm(server, api_key_env=KEY_ENV)])
    message = str(stopped.value)
    assert message.startswith("seat 1 (mock): ")
    assert f"{server.url}/v1/chat/completions: HTTP {behaviour}" in message
    assert message.endswith(f"the key in ${KEY_ENV} was refused: fix it, then run again")
    assert len(server.received) == 1, "no retry, no second ask"


def test_an_http_agent_refusing_the_key_stops_the_match_too(mock_server):
    server = mock_server(script=[Behaviour.UNAUTHORIZED])
    refused = r"seat 0 \(http:.*/agent\): .*HTTP 401 Unauthorized: .*; no key was sent: name the variable"
    with pytest.raises(CannotPlay, match=refused):
        play(PenniesRules(), [agent(server), bot(1)])


def test_a_request_over_the_observation_bound_is_never_sent(mock_server, monkeypatch):
    monkeypatch.setattr("meeplog.players.remote.MAX_OBSERVATION_BYTES", 200)
    server = mock_server()
    game = play(PenniesRules(), [agent(server), bot(1)])
    assert server.received == []
    assert {(e.failure, e.prompt) for e in exchanges(game)} == {("too-large", None)}
    fell = events(game, PlayerFellBack)
    assert len(fell) == 3 and all("over the 200 a remote seat is sent; it was not sent" in f.why for f in fell)
