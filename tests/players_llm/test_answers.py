"""Reading answers as commands: the forms accepted, the failure classes, and the schema shown to models."""

from __future__ import annotations

import pytest

from meeplog.games.forest import ForestRules
from meeplog.games.forest.commands import CashIn, PassCash, PlayCard
from meeplog.players.answers import BadAnswer, command_schema, parse_answer

SCHEMA = command_schema(ForestRules)
LEGAL = [PlayCard(3), PlayCard(9), PassCash()]


@pytest.mark.parametrize("text", [
    '{"command": {"type": "PlayCard", "card": 9}}',
    '{"type": "PlayCard", "card": 9}',
    '{"choice": 1}',
    "1",
    'I will play the nine.\n```json\n{"command": {"type": "PlayCard", "card": 9}}\n```',
    '<think>The {best} card is the nine.</think>{"command": {"type": "PlayCard", "card": 9}}',
    'Answer: {"command": {"type": "PlayCard", "card": "9"}} -- good luck!',
    '{"command": {"type": "PlayCard", "card": 9}, "then": [{"type": "Pass',  # cut after a whole command
    '{"choice": 1, "then": [',
])
def test_the_accepted_forms_all_give_the_command(text):
    assert parse_answer(text, SCHEMA, LEGAL) == PlayCard(9)


@pytest.mark.parametrize("truncated", [True, False])
def test_an_answer_cut_before_its_command_ends_is_no_command(truncated):
    with pytest.raises(BadAnswer) as bad:
        parse_answer('{"command": {"type": "PlayCard", "ca', SCHEMA, LEGAL, truncated=truncated)
    assert bad.value.failure == ("truncated" if truncated else "unparsable")


def test_commands_with_tuples_and_no_fields_are_rebuilt_as_the_games_dataclasses():
    cash_in = '{"command": {"type": "CashIn", "orangutan": 2, "paid": [1, 4]}}'
    assert parse_answer(cash_in, SCHEMA, LEGAL) == CashIn(2, (1, 4))
    assert parse_answer('{"command": {"type": "PassCash"}}', SCHEMA, LEGAL) == PassCash()


def test_a_well_formed_command_that_is_not_legal_is_returned_for_the_runner_to_judge():
    assert parse_answer('{"command": {"type": "PlayCard", "card": 999}}', SCHEMA, LEGAL) == PlayCard(999)


@pytest.mark.parametrize(("text", "truncated", "failure", "reason"), [
    ("", False, "empty", "the answer was empty"),
    ("  \n", False, "empty", "the answer was empty"),
    ("", True, "truncated", "the answer was empty"),
    ('{"command": {"type": "Play', True, "truncated", "cut off"),
    ("I pass.", False, "unparsable", "held no JSON"),
    ('{"command": {"type": "Fly"}}', False, "unparsable", "does not match any of the expected tags"),
    ('{"command": {"type": "PlayCard"}}', False, "unparsable", "PlayCard.card: Field required"),
    ('{"command": {"type": "PassCash", "now": true}}', False, "unparsable", "Extra inputs are not permitted"),
    ('{"choice": 3}', False, "unparsable", "choice 3 is not a number from the list (0 to 2)"),
    ("true", False, "unparsable", "not a command of this game"),
])
def test_bad_answers_are_classified_with_a_reason_a_model_can_act_on(text, truncated, failure, reason):
    with pytest.raises(BadAnswer) as bad:
        parse_answer(text, SCHEMA, LEGAL, truncated=truncated)
    assert bad.value.failure == failure and reason in bad.value.reason


def test_the_schema_is_an_object_holding_one_command_tagged_by_class_name():
    schema = SCHEMA.json_schema()
    assert schema["type"] == "object" and schema["required"] == ["command"]
    assert set(schema["properties"]["command"]["discriminator"]["mapping"]) == {
        "PlayCard", "TakeCard", "DeclineTake", "CashIn", "PassCash"}
    play_card = schema["$defs"]["PlayCard"]
    assert play_card["properties"]["type"] == {"const": "PlayCard", "type": "string"}
    assert play_card["properties"]["card"]["type"] == "integer" and play_card["properties"]["card"]["description"]
    assert play_card["description"]  # what the command does, from its docstring
