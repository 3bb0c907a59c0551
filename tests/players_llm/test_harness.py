"""Harness settings: how the legal commands reach a model (`legal=list|count|off|schema`) and whether it reasons
in its answer (`reasoning=field|off`). Each is recorded in every exchange and is part of the seat's identity."""

from __future__ import annotations

import pytest

from meeplog.core.audit import CommandAccepted, CommandRejected, GameFinished, PlayerFellBack
from meeplog.core.registry import load_rules
from meeplog.core.tournament.schedule import labels
from meeplog.players.answers import command_codec, command_schema, parse_answer
from meeplog.players.prompts import LEGAL_MARK
from tests.players_llm.helpers import bot, events, exchanges, llm, play, user_messages
from tests.toy import PenniesRules


def test_by_default_the_legal_commands_are_listed_and_the_schema_is_the_games(mock_server):
    server = mock_server()
    game = play(PenniesRules(), [llm(server), bot(1)])
    assert LEGAL_MARK in user_messages(server, 0)[0]
    schema = server.received[0].body["response_format"]["json_schema"]["schema"]
    assert list(schema["properties"]) == ["command"]
    assert {e.harness for e in exchanges(game)} == {"legal=list,reasoning=off,plans=true"}


def test_legal_count_tells_only_how_many_and_the_system_message_quotes_the_command_schema(mock_server):
    server = mock_server()
    game = play(PenniesRules(), [llm(server, legal="count"), bot(1)])
    system, user = (m["content"] for m in server.received[0].body["messages"])
    assert "You have 2 legal commands." in user and LEGAL_MARK not in user
    assert '"Pick"' in system and "how many legal commands you have" in system
    assert {e.harness for e in exchanges(game)} == {"legal=count,reasoning=off,plans=true"}
    assert events(game, GameFinished)


@pytest.mark.parametrize("legal", ["off", "count"])
def test_with_no_command_listed_the_mock_answers_commands_of_the_schema_and_a_forest_game_ends_with_a_result(
    mock_server, legal
):
    server = mock_server(seed=2)
    game = play("forest", [llm(server, legal=legal), bot(1), bot(2)], seed=5)
    assert events(game, GameFinished), "no forfeit: the seat found legal commands from the view and the reasons"
    answers = exchanges(game)
    assert answers and not any(e.failure in {"unparsable", "empty", "truncated"} for e in answers)
    decisions = [e for e in events(game, CommandAccepted) + events(game, PlayerFellBack) if e.seat == 0]
    fell_back = [e for e in decisions if isinstance(e, PlayerFellBack)]
    assert len(fell_back) <= len(decisions) // 10, "a reader of the view and of the reasons plays mostly legally"


def test_legal_off_tells_nothing_of_the_legal_commands(mock_server):
    server = mock_server()
    play(PenniesRules(), [llm(server, legal="off"), bot(1)])
    user = user_messages(server, 0)[0]
    assert LEGAL_MARK not in user and "legal command" not in user


def test_legal_schema_narrows_the_response_schema_to_exactly_the_legal_commands(mock_server):
    server = mock_server()
    game = play(PenniesRules(), [llm(server, legal="schema"), bot(1)])
    command = server.received[0].body["response_format"]["json_schema"]["schema"]["properties"]["command"]
    allowed = [{name: value["const"] for name, value in option["properties"].items()} for option in command["anyOf"]]
    assert allowed == [{"type": "Pick", "side": 0}, {"type": "Pick", "side": 1}]
    assert all(option["additionalProperties"] is False for option in command["anyOf"])
    assert all(e.failure is None for e in exchanges(game)) and events(game, CommandRejected) == []


def test_a_reasoning_field_comes_before_the_command_is_kept_in_the_exchange_and_never_read_as_a_command(mock_server):
    server = mock_server()
    game = play(PenniesRules(), [llm(server, reasoning="field"), bot(1)])
    schema = server.received[0].body["response_format"]["json_schema"]["schema"]
    assert list(schema["properties"]) == ["reasoning", "command"] and schema["required"] == ["reasoning", "command"]
    assert "reasoning" in server.received[0].body["messages"][0]["content"]
    records = exchanges(game)
    assert all(
        e.reasoning == "It is listed, so it is legal." and e.parsed.startswith('{"type":"Pick"') for e in records
    )
    assert events(game, PlayerFellBack) == []


def test_a_reasoning_that_looks_like_a_command_is_still_not_the_command():
    schema = command_schema(type(PenniesRules()))
    legal = [command_codec(PenniesRules).decode({"type": "Pick", "side": side}) for side in (0, 1)]
    answer = '{"reasoning": "{\\"type\\": \\"Pick\\", \\"side\\": 0}", "command": {"type": "Pick", "side": 1}}'
    assert parse_answer(answer, schema, legal) == legal[1]


def test_the_same_model_with_other_help_is_another_player_in_the_standings():
    model = "llm:base_url=http://127.0.0.1:1/v1,model=m"
    assert len(set(labels([model, f"{model},legal=off", f"{model},legal=schema", f"{model},reasoning=field"]))) == 4


def test_every_game_quotes_a_command_schema_when_the_commands_are_not_listed(mock_server):
    server = mock_server()
    play(load_rules("forest"), [llm(server, legal="off", dead_after=0), bot(1), bot(2)])
    assert '"PlayCard"' in server.received[0].body["messages"][0]["content"]
