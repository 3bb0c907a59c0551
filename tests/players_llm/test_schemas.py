"""`meeplog schema GAME`: the schemas it prints are the ones remote seats really get and send."""

from __future__ import annotations

import json

import jsonschema
import pytest
from typer.testing import CliRunner

from meeplog.core.cli import app
from meeplog.core.conformance.playouts import observation as observe_at
from meeplog.core.conformance.playouts import steps
from meeplog.core.registry import game_names, load_rules
from meeplog.players.http_agent import observe
from meeplog.players.llm import response_format
from tests.players_llm.helpers import agent, bot, llm, play

runner = CliRunner()


def printed(*args: str) -> dict:
    result = runner.invoke(app, ["schema", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def validator(*args: str) -> jsonschema.protocols.Validator:
    """The schema `meeplog schema *args` prints, checked once and ready to validate many bodies
    (`jsonschema.validate` checks the schema again at every call: ten times the validation itself)."""
    schema = printed(*args)
    kind = jsonschema.validators.validator_for(schema)
    kind.check_schema(schema)
    return kind(schema)


def test_without_a_flag_all_three_schemas_are_printed():
    assert set(printed("forest")) == {"commands", "view", "observation"}
    assert printed("forest", "--view") == printed("forest")["view"]


def test_every_body_an_http_agent_is_sent_fits_the_observation_schema(mock_server):
    server = mock_server()
    play("forest", [agent(server), bot(1), bot(2)], seed=2)
    observation, view = validator("forest", "--observation"), validator("forest", "--view")
    for request in server.received:
        observation.validate(request.body)
        view.validate(request.body["view"])


@pytest.mark.parametrize("game", game_names())
def test_the_observations_of_every_game_fit_its_schemas(game):
    """At spread-out decisions of a random game at each end of the player range, body and view both fit."""
    rules = load_rules(game)
    observation, view = validator(game, "--observation"), validator(game, "--view")
    for players in (rules.min_players, rules.max_players):
        decisions = list(steps(rules, rules.configure(players), seed=players))
        for state, seat, _ in decisions[:: max(1, len(decisions) // 12)]:
            body = observe(observe_at(rules, state, seat), None).model_dump(mode="json")
            observation.validate(body)
            view.validate(body["view"])


def test_a_body_with_another_games_view_does_not_fit(mock_server):
    server = mock_server()
    play("forest", [agent(server), bot(1), bot(2)], seed=1)
    body = dict(server.received[0].body, view={"hand": "not a list of cards"})
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(body, printed("forest", "--observation"))


def test_the_commands_schema_is_the_response_format_an_llm_seat_sends(mock_server):
    server = mock_server()
    play("forest", [llm(server), bot(1), bot(2)], seed=3)
    sent = server.received[0].body["response_format"]
    assert sent == response_format("json_schema", printed("forest", "--commands"))


def test_asking_for_two_parts_or_an_unknown_game_is_refused_in_words():
    two = runner.invoke(app, ["schema", "forest", "--view", "--commands"])
    assert two.exit_code == 2 and "give one of --commands, --view and --observation" in two.output
    unknown = runner.invoke(app, ["schema", "chess"])
    assert unknown.exit_code == 2 and "unknown game 'chess'" in unknown.output
