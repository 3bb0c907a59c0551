"""`meeplog schema GAME`: the JSON Schemas remote seats work with, for people writing a bot or a prompt.

- commands: what an LLM seat is asked to answer (the `response_format` schema): one of the game's
  commands, tagged with its class name in `type`;
- view: the game's view model, what a seat may know at a decision;
- observation: the whole JSON body an HTTP agent is POSTed, with the game's view and commands in place
  of the generic `view` and `legal` of meeplog.players.http_agent.AgentObservation.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Annotated, Any

import typer
from pydantic import BaseModel, Field, create_model

from meeplog.core.kernel import Rules
from meeplog.core.registry import load_rules
from meeplog.players.answers import command_schema

PARTS = ("commands", "view", "observation")


def commands_schema(rules: Rules[Any, Any]) -> dict[str, Any]:
    return command_schema(type(rules)).json_schema()


def view_schema(rules: Rules[Any, Any]) -> dict[str, Any]:
    return rules.view_model().model_json_schema()


def observation_schema(rules: Rules[Any, Any]) -> dict[str, Any]:
    return _observation_model(type(rules), rules.view_model()).model_json_schema()


@cache
def _observation_model(rules_class: type[Rules[Any, Any]], view: type[BaseModel]) -> type[BaseModel]:
    """AgentObservation with the game's own types: the schema a bot of this game can validate against.
    Imported here: the HTTP agent's models and httpx cost every command line 70 ms to import."""
    from meeplog.players.http_agent import AgentObservation

    fields = AgentObservation.model_fields
    command = command_schema(rules_class).union
    return create_model(
        f"{rules_class.__name__.removesuffix('Rules')}Observation",
        __base__=AgentObservation,
        view=(view, Field(description=fields["view"].description)),
        legal=(list[command], Field(description=fields["legal"].description)),
        feed=(list[dict[str, Any]], Field(description=fields["feed"].description)),
    )


SCHEMAS = {"commands": commands_schema, "view": view_schema, "observation": observation_schema}


def schema(
    game: Annotated[str, typer.Argument(help="game id, see `meeplog games`")],
    commands: Annotated[bool, typer.Option("--commands", help="only the answer an LLM seat gives")] = False,
    view: Annotated[bool, typer.Option("--view", help="only the game's view of a seat")] = False,
    observation: Annotated[bool, typer.Option("--observation", help="only what an HTTP agent is sent")] = False,
) -> None:
    """Print the JSON Schemas that LLM and HTTP seats get for a game (all three unless one is asked for)."""
    from meeplog.core.cli import user_errors

    with user_errors():
        rules = load_rules(game)
        asked = [part for part, wanted in zip(PARTS, (commands, view, observation), strict=True) if wanted]
        if len(asked) > 1:
            raise ValueError("give one of --commands, --view and --observation, or none for all three")
        if asked:
            printed: dict[str, Any] = SCHEMAS[asked[0]](rules)
        else:
            printed = {part: SCHEMAS[part](rules) for part in PARTS}
        typer.echo(json.dumps(printed, indent=2, ensure_ascii=False))
