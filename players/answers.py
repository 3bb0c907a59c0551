"""Reading a remote player's answer as one of the game's commands, and the JSON schema that says how.

Each command dataclass gets a pydantic twin with a `type` field naming the class (the tag meeplog.core.codec
writes), so the commands form a discriminated union: one JSON schema to show a model or an HTTP bot,
and one validator that turns an answer into the dataclass with readable errors.

An answer is `{"command": {...}}` (the schema), a bare command object, `{"choice": n}` or a bare `n`
(the number of a listed legal command). Parsing is lenient about wrapping: code fences, prose or a
`<think>` block around the JSON are skipped. A `reasoning` text beside the command (the harness setting
`reasoning=field` asks for it first) is kept apart and never read as a command.

The answer's schema is either the game's (any command) or, with `legal=schema`, narrowed to this decision's
legal commands, each an object of constants: a server that constrains its output to the schema can then
only answer a legal command.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Sequence
from functools import cache, cached_property
from typing import Annotated, Any, Literal, Union, get_type_hints

import orjson
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, create_model
from pydantic.json_schema import GenerateJsonSchema

from meeplog.core.audit import EMPTY, TRUNCATED, UNPARSABLE
from meeplog.core.codec import Codec
from meeplog.core.kernel import Command, Rules

_THINKING = re.compile(r"<think>.*?</think>", re.DOTALL)
_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)
_DECODER = json.JSONDecoder()


class BadAnswer(ValueError):
    """An answer that is no command: `failure` is its class, the message says why, for the model to read."""

    def __init__(self, failure: str, reason: str) -> None:
        super().__init__(reason)
        self.failure = failure
        self.reason = reason


class CommandSchema:
    """The commands of one game as a pydantic discriminated union on `type`."""

    def __init__(self, commands: Sequence[type[Command]]) -> None:
        self.classes = {cls.__name__: cls for cls in commands}
        models = tuple(_model_of(cls) for cls in commands)
        union: Any = models[0] if len(models) == 1 else Annotated[Union[models], Field(discriminator="type")]  # noqa: UP007
        self.union = union  # the type of one command, for models that hold commands
        self.adapter: TypeAdapter[Any] = TypeAdapter(union)
        self._schemas: dict[tuple[bool, bool], dict[str, Any]] = {}

    def json_schema(self, *, reasoning: bool = False, plan: bool = False) -> dict[str, Any]:
        """The schema of an answer: `{"command": <one of the game's commands>}`, with `plan` followed by
        `"then": [<a command>, ...]`, with `reasoning` first when asked (one dict, shared: read it only).

        Made once per game: pydantic takes milliseconds to write it, and a model seat sends it every turn."""
        made = self._schemas.get((reasoning, plan))
        if made is None:
            fields: dict[str, Any] = {"reasoning": (str, ...)} if reasoning else {}
            fields["command"] = (self.union, ...)
            if plan:
                fields["then"] = (list[self.union], ...)
            model = create_model("Answer", __config__=ConfigDict(extra="forbid"), **fields)
            made = self._schemas[reasoning, plan] = model.model_json_schema(schema_generator=_Untitled)
        return made

    @cached_property
    def union_schema(self) -> dict[str, Any]:
        """The schema of one command (no answer object around it), as a prompt may quote it."""
        return TypeAdapter(self.union).json_schema(schema_generator=_Untitled)

    def command(self, data: Any) -> Command:
        """The command dataclass that `data` (a JSON object) describes; ValidationError if none."""
        model = self.adapter.validate_python(data)
        cls = self.classes[model.type]
        return cls(**{f.name: getattr(model, f.name) for f in dataclasses.fields(cls)})


@cache
def command_schema(rules_class: type[Rules[Any, Any]]) -> CommandSchema:
    return CommandSchema(rules_class.commands)


@cache
def command_codec(rules_class: type[Rules[Any, Any]]) -> Codec:
    """The game's commands as tagged JSON, the form a listed command or a parsed answer is written in."""
    return Codec(rules_class.commands)


def legal_schema(
    rules_class: type[Rules[Any, Any]], legal: Sequence[Command], *, reasoning: bool = False
) -> dict[str, Any]:
    """The schema of an answer narrowed to `legal`: `{"command": <exactly one of them>}`, each command an
    object of constants, with `reasoning` first when asked."""
    codec = command_codec(rules_class)
    options = [_exactly(codec.encode(command)) for command in legal]
    command = options[0] if len(options) == 1 else {"anyOf": options}
    properties: dict[str, Any] = {"reasoning": {"type": "string"}} if reasoning else {}
    properties["command"] = command
    return {"type": "object", "properties": properties, "required": list(properties), "additionalProperties": False}


def _exactly(command: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {name: {"const": value} for name, value in command.items()},
        "required": list(command),
        "additionalProperties": False,
    }


def reasoning_in(text: str | None) -> str | None:
    """The `reasoning` text an answer's JSON object holds beside its command, if any."""
    try:
        data = _json_in(text or "")
    except ValueError:
        return None
    reasoning = data.get("reasoning") if isinstance(data, dict) else None
    return reasoning if isinstance(reasoning, str) else None


def parse_answer(
    text: str | None, schema: CommandSchema, legal: Sequence[Command], *, truncated: bool = False
) -> Command:
    """The command an answer names; BadAnswer (empty, truncated or unparsable) when it names none.

    A command that is well formed but not legal now is returned: judging it is the runner's job, which
    knows the game's reason.
    """
    return _command(_data(text, truncated), schema, legal)


def parse_plan(
    text: str | None, schema: CommandSchema, legal: Sequence[Command], *, truncated: bool = False
) -> tuple[Command, ...]:
    """The commands a plan names (`{"command": ..., "then": [...]}`), or the one command of any other answer;
    BadAnswer when its command names none. The command is read as any answer's is (a `{"choice": n}` too); the
    plan ends before its first later step that is no command of the game, as those are asked again anyway."""
    data = _data(text, truncated)
    later = (
        data.pop("then", None)
        if isinstance(data, dict) and set(data) in ({"command", "then"}, {"choice", "then"})
        else None
    )
    planned = [_command(data, schema, legal)]
    for step in later if isinstance(later, list) else ():
        try:
            planned.append(schema.command(step))
        except ValidationError:
            break
    return tuple(planned)


def _data(text: str | None, truncated: bool) -> Any:
    """The JSON value of an answer, a `reasoning` beside its command left out."""
    if text is None or not text.strip():
        raise BadAnswer(TRUNCATED if truncated else EMPTY, "the answer was empty")
    try:
        data = _json_in(text)
    except ValueError:
        if (whole := _whole_command(text)) is not None:
            return whole
        if truncated:
            raise BadAnswer(TRUNCATED, "the answer was cut off before its JSON ended (too many tokens)") from None
        raise BadAnswer(UNPARSABLE, "the answer held no JSON object") from None
    if (
        isinstance(data, dict)
        and "reasoning" in data
        and set(data) - {"reasoning"} in ({"command"}, {"choice"}, {"command", "then"}, {"choice", "then"})
    ):
        data = {key: value for key, value in data.items() if key != "reasoning"}  # kept apart, never a command
    return data


def _whole_command(text: str) -> dict[str, Any] | None:
    """The command of an answer whose JSON does not end, cut off after its command (`{"command": {...}, "then":
    [{"ty`, a token limit) or left open: the model gave its move whole, so it is read, and the rest of a plan is
    asked again."""
    for key in ("command", "choice"):
        _, mark, rest = text.partition(f'"{key}":')
        if mark:
            try:
                value, _ = _DECODER.raw_decode(rest.lstrip())
            except ValueError:
                continue
            return {key: value}
    return None


def _command(data: Any, schema: CommandSchema, legal: Sequence[Command]) -> Command:
    if isinstance(data, dict) and set(data) == {"command"}:
        data = data["command"]
    if isinstance(data, dict) and set(data) == {"choice"}:
        data = data["choice"]
    if isinstance(data, int) and not isinstance(data, bool):
        if 0 <= data < len(legal):
            return legal[data]
        raise BadAnswer(UNPARSABLE, f"choice {data} is not a number from the list (0 to {len(legal) - 1})")
    try:
        return schema.command(data)
    except ValidationError as error:
        problems = "; ".join(_problem(e) for e in error.errors(include_url=False)[:3])
        raise BadAnswer(UNPARSABLE, f"not a command of this game ({problems})") from None


def _json_in(text: str) -> Any:
    """The JSON value in `text`: all of it, else a fenced block, else its outermost {...}."""
    text = _THINKING.sub("", text).strip()
    candidates = [text, *_FENCE.findall(text)]
    start, end = text.find("{"), text.rfind("}")
    if 0 <= start < end:
        candidates.append(text[start : end + 1])
    for candidate in candidates:
        try:
            return orjson.loads(candidate)
        except orjson.JSONDecodeError:
            continue
    raise ValueError("no JSON")


class _Untitled(GenerateJsonSchema):
    """Field titles only repeat the field names; a model reads the schema in every prompt."""

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False


def _problem(error: Any) -> str:
    where = ".".join(map(str, error["loc"]))
    return f"{where}: {error['msg']}" if where else error["msg"]


def _model_of(cls: type[Command]) -> type[BaseModel]:
    """A pydantic model with `type: Literal[<class name>]` and the dataclass's fields, described as the game
    describes them: the class's docstring, and each field's `Annotated[..., Field(description=...)]` (kept by
    include_extras), so that a model reading the response schema learns what each command and field means."""
    hints = get_type_hints(cls, include_extras=True)
    fields: dict[str, Any] = {"type": (Literal[cls.__name__], ...)}
    for field in dataclasses.fields(cls):
        default = field.default if field.default is not dataclasses.MISSING else ...
        fields[field.name] = (hints[field.name], default)
    doc = cls.__doc__
    described = None if doc is None or doc.startswith(f"{cls.__name__}(") else doc  # not the dataclass's own
    return create_model(cls.__name__, __config__=ConfigDict(extra="forbid", frozen=True), __doc__=described,
                        **fields)
