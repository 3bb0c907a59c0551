"""Which of a game's commands and view fields say nothing of what they mean.

A remote seat learns a game's commands and views from their JSON schemas (`meeplog schema GAME`, the response
schema sent to models): a field there is a name and a type, and only its description tells a model or a bot's
author that `card` is a card kind from the view or that `slot` counts from 0. A command is described by its
class docstring and each of its fields by `Annotated[type, Field(description=...)]` (pydantic reads the
annotation when it writes the schema; the dataclass and the kernel never look at it); a view's field by
`Field(description=...)`. `undescribed` reads the schemas as pydantic writes them, so whatever pydantic shows
counts, and nothing else does.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from meeplog.core.kernel import Rules

HOW = (
    "describe a command in its class docstring and each of its fields as `card: Annotated[int, Field(description="
    '"...")]`, and each view field as `card: int = Field(description="...")` (docs/writing-a-game.md, Describing '
    "commands and views)"
)


class UndescribedFields(UserWarning):
    """A game whose commands or view fields say nothing of what they mean: the conformance kit's warning."""


def undescribed(rules: Rules[Any, Any]) -> list[str]:
    """Every command without a docstring (`command Draw`), command field (`command Pay.cards`) and view field
    (`view Card.boots`, by the model that holds it) without a description, in the schemas remote seats get."""
    missing = []
    for command in rules.commands:
        schema = TypeAdapter(command).json_schema()
        if not schema.get("description"):
            missing.append(f"command {command.__name__}")
        missing += [f"command {command.__name__}.{name}" for name in _bare_properties(schema)]
    view = rules.view_model().model_json_schema()
    for model in (view, *view.get("$defs", {}).values()):
        missing += [f"view {model['title']}.{name}" for name in _bare_properties(model)]
    return missing


def _bare_properties(schema: dict[str, Any]) -> list[str]:
    return [name for name, field in schema.get("properties", {}).items() if not field.get("description")]
