"""The LLM seat against reasoning models: parameters they refuse are adapted to once per endpoint and model and
recorded, new options are sent as given, and what the model reasoned is kept in the exchange and the report.
The mock server's `reasoning` profile answers with OpenAI's documented 400 bodies (players/mock_llm.py)."""

from __future__ import annotations

import orjson

from meeplog.core.audit import GameFinished, LlmExchange, PlayerFellBack
from meeplog.core.codec import Codec
from meeplog.core.tournament.behaviour import player_report, seat_reports
from meeplog.players.llm import refused_parameter
from meeplog.players.mock_llm import PARAMETER_ERRORS
from tests.players_llm.helpers import bot, events, exchanges, llm, play
from tests.toy import PenniesRules


def test_a_reasoning_model_refusing_max_tokens_and_temperature_is_asked_again_without_them(mock_server):
    server = mock_server(profile="reasoning")
    game = play(PenniesRules(), [llm(server, model="o-mock-a"), bot(1)])
    records = exchanges(game)
    assert [e.failure for e in records] == ["parameter-refused", "parameter-refused", None, None, None]
    assert "Use 'max_completion_tokens' instead" in records[0].answer
    assert "'temperature' does not support 0" in records[1].answer
    assert [e.adapted for e in records] == [
        None,
        "max_completion_tokens instead of max_tokens",
        *["max_completion_tokens instead of max_tokens; temperature left out"] * 3,
    ]
    sent = server.received[-1].body
    assert "max_tokens" not in sent and "temperature" not in sent and sent["max_completion_tokens"] == 512
    assert events(game, PlayerFellBack) == [] and events(game, GameFinished)


def test_what_a_model_refused_is_remembered_for_that_model_at_that_endpoint_only(mock_server):
    server = mock_server(profile="reasoning")
    play(PenniesRules(), [llm(server, model="o-mock-b"), bot(1)])
    before = len(server.received)
    game = play(PenniesRules(), [llm(server, model="o-mock-b"), bot(1)])
    assert [e.failure for e in exchanges(game)] == [None] * 3 and len(server.received) == before + 3
    other = play(PenniesRules(), [llm(server, model="o-mock-c"), bot(1)])
    assert [e.failure for e in exchanges(other)][:2] == ["parameter-refused"] * 2


def test_max_completion_tokens_and_reasoning_effort_are_sent_as_given(mock_server):
    server = mock_server()
    play(PenniesRules(), [llm(server, max_completion_tokens=2000, reasoning_effort="low"), bot(1)])
    body = server.received[0].body
    assert body["max_completion_tokens"] == 2000 and body["reasoning_effort"] == "low" and "max_tokens" not in body
    assert body["temperature"] == 0


def test_reasoning_tokens_are_kept_in_each_exchange_and_summed_in_the_report(mock_server):
    server = mock_server(profile="reasoning")
    game = play(PenniesRules(), [llm(server, model="o-mock-d", max_completion_tokens=4000), bot(1)])
    answered = [e for e in exchanges(game) if e.failure is None]
    assert all(e.reasoning_tokens > 0 and e.completion_tokens > e.reasoning_tokens for e in answered)
    report = player_report("llm:model=o-mock-d", [seat_reports(game.log, 2)[0]])
    assert report.reasoning_tokens == sum(e.reasoning_tokens for e in answered)
    assert report.requests_per_game == len(exchanges(game))


def test_reasoning_text_returned_beside_the_answer_is_kept_and_never_read_as_the_command(mock_server):
    server = mock_server(profile="thinking")
    game = play(PenniesRules(), [llm(server), bot(1)])
    assert all(e.reasoning and e.reasoning.startswith("The listed commands") for e in exchanges(game))
    assert events(game, PlayerFellBack) == [] and events(game, GameFinished)


def test_an_exchange_stored_before_the_reasoning_fields_still_reads():
    codec = Codec([LlmExchange])
    stored = codec.dumps(LlmExchange(0, "m", "p", "a", None, None, 1, 2, 3, 0))
    old = stored.replace(b',"adapted":null,"reasoning":null,"reasoning_tokens":0', b"")
    assert old != stored
    assert codec.loads(old) == LlmExchange(0, "m", "p", "a", None, None, 1, 2, 3, 0)


def test_refusals_are_read_by_their_param_and_code_or_by_their_message():
    assert refused_parameter(orjson.dumps({"error": PARAMETER_ERRORS["max_tokens"]}).decode()) == "max_tokens"
    body = '{"error": {"message": "x", "param": "temperature", "code": "unsupported_value"}}'
    assert refused_parameter(body) == "temperature"
    assert refused_parameter("Unsupported parameter: 'max_tokens' is not supported") == "max_tokens"
    assert refused_parameter('{"error": {"message": "\'temperature\' is not valid here"}}') is None
