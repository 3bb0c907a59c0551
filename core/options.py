"""Game options as people type them (`-o name=value`): each value read the way its option's type needs, by
the one function every front end calls (`play`, `tournament`, `replay fork`, and a web lobby to come).

Reading is driven by the game's pydantic Config field types, so a plug-in game's options read the same way:
- `none` (or `None`, `null`) is None wherever the option allows None;
- a mapping or a list is JSON (`{"normal": 8}`, `["A1", "B5"]`) or a Python literal (`("A1", "B5")`), the
  forms the games' RULES.md write;
- a tuple or a list may also be a comma list (`A1,B5`);
- anything else is the text less one pair of quotes around it (`"travelling"`), matched against the option's
  literal values (`3` for `Literal[3, 4]`) and otherwise read by pydantic (`3`, `true`, `after_both_takes`).
Every refusal is a BadOption: one line naming the option (a check across options included), what was wrong
and, for an option that needs one of the forms above, an example that reads.
"""

from __future__ import annotations

import ast
import json
import random
import types
from collections.abc import Mapping, Sequence
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from meeplog.core.datafiles import BadDataFile
from meeplog.core.kernel import GameConfig, Rules

NONE_WORDS = ("none", "null")
SEQUENCES = (list, tuple, set, frozenset)  # what a comma list may stand for
NoneType = type(None)


class BadOption(ValueError):
    """A game option that is unknown, malformed or refused by the game; the message names it and says what reads."""


def split_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """`name=value` texts (one per -o) as a mapping from name to the value's text."""
    options = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name.strip():
            raise BadOption(f"bad option {pair!r}; write name=value")
        options[name.strip()] = text.strip()
    return options


def configure(
    rules: Rules[Any, Any], players: int, options: Mapping[str, str], base: Mapping[str, Any] | None = None
) -> GameConfig:
    """The game's config for `players` seats with `options` given as text, over `base` (the values of another
    config, as a fork keeps its game's), checked as a game uses it: a trial setup refuses a data file that is
    missing or malformed now, rather than in a worker halfway through a tournament."""
    if "players" in options:
        raise BadOption(f"players is the number of seats, not an option: {rules.title} is set up for the players given")
    fields = {name: field for name, field in rules.Config.model_fields.items() if name != "players"}
    if unknown := sorted(set(options) - set(fields)):
        raise BadOption(f"{rules.title} has no option {', '.join(unknown)}; its options: {', '.join(fields)}")
    values = {name: value for name, value in (base or {}).items() if name != "players"}
    values |= {name: read(name, fields[name], text) for name, text in options.items()}
    try:
        config: GameConfig = rules.configure(players, **values)
    except ValidationError as error:
        raise BadOption(_refusal(rules.Config, error, options)) from None
    try:
        rules.setup(config, random.Random(0))
    except BadDataFile:
        raise
    except ValueError as error:  # a check that only setup makes, e.g. too few donkeys to draw the deck from
        blamed = {name: [str(error)] for name in _named(str(error), options, rules.Config)}
        raise BadOption(_line(rules.Config, blamed, options)) from None
    return config


def read(name: str, field: FieldInfo, text: str) -> Any:
    """One option's value from its text, in the form its type needs (the rules in the module's docstring)."""
    text = text.strip()
    members = _members(field.annotation)
    if text.lower() in NONE_WORDS and NoneType in members:
        return None
    containers = [_origin(member) for member in members if _origin(member) in (dict, *SEQUENCES)]
    if containers and text[:1] in "{[(":
        return _literal(name, field, text)
    if any(container in SEQUENCES for container in containers):
        return [_unquoted(item.strip()) for item in text.split(",")]
    text = _unquoted(text)
    for member in members:
        if get_origin(member) is Literal:
            for value in get_args(member):
                if text == str(value):
                    return value
    return text


def typed(value: Any) -> str:
    """A value as one types it after `name=`, which `read` reads back."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (*SEQUENCES, dict)):
        plain = not isinstance(value, dict) and all(
            isinstance(item, (str, int, float)) and "," not in str(item) for item in value
        )
        return ",".join(map(typed, value)) if plain and value else json.dumps(value, ensure_ascii=False)
    return str(value)


def example(field: FieldInfo) -> str | None:
    """A value to type for an option that needs more than plain text (JSON, a comma list, `none`, or one of two
    kinds), so that `meeplog games` can show it: the field's own `examples`, else one made from its type."""
    members = [member for member in _members(field.annotation) if member is not NoneType]
    clears = NoneType in _members(field.annotation) and field.default is not None
    if len(members) == 1 and _origin(members[0]) not in (dict, *SEQUENCES) and not clears:
        return None  # a plain scalar: typed as it reads
    if field.examples:
        return typed(field.examples[0])
    if clears:
        return "none"
    other = next((m for m in members if not _fits(field.default, m)), members[0])
    return typed(_made_up(other, field))


def described(config: type[BaseModel]) -> list[str]:
    """One line per option: `name=default`, the other values of a choice, and an example where one is needed."""
    lines = []
    for name, field in config.model_fields.items():
        if name == "players":
            continue
        line = f"{name}={typed(field.default)}"
        choices = [v for m in _members(field.annotation) if get_origin(m) is Literal for v in get_args(m)]
        others = [typed(v) for v in choices if v != field.default]
        shown = example(field)
        if shown == "none":  # an option that None turns off reads best as one more choice
            others, shown = [*others, shown], None
        if others:
            line += f" (or {', '.join(others)})"
        if shown is not None:
            line += f" (e.g. {name}={shown})"
        lines.append(line)
    return lines


def _refusal(config: type[BaseModel], error: ValidationError, given: Mapping[str, str]) -> str:
    """The ValidationError as one line naming each option at fault."""
    problems: dict[str, list[str]] = {}
    for problem in error.errors(include_url=False):
        message = problem["msg"].removeprefix("Value error, ")
        location = problem["loc"]
        if location:
            name = str(location[0])
            field = config.model_fields[name]
            union = len([member for member in _members(field.annotation) if member is not NoneType]) > 1
            inner = location[2:] if union else location[1:]  # a union names the member type tried first
            if inner:
                message += f" (at {'.'.join(map(str, inner))})"
            problems.setdefault(name, []).append(message)
            continue
        for name in _named(message, given, config):
            problems.setdefault(name, []).append(message)
    return _line(config, problems, given)


def _named(message: str, given: Mapping[str, str], config: type[BaseModel]) -> list[str]:
    """The options a check across options is about, as it has no field of its own: the options given that its
    message names, or else every option given."""
    return [name for name in (given or config.model_fields) if name in message] or list(given) or ["options"]


def _line(config: type[BaseModel], problems: Mapping[str, list[str]], given: Mapping[str, str]) -> str:
    """Each option at fault with what is wrong, and an example where its type needs a form of its own."""
    parts = []
    for name, messages in problems.items():
        shown = f"{name}={given[name]}" if name in given else name
        hint = example(config.model_fields[name]) if name in config.model_fields else None
        parts.append(f"{shown}: {'; '.join(dict.fromkeys(messages))}" + (f" (e.g. {name}={hint})" if hint else ""))
    return f"bad game option {', '.join(parts)}"


def _literal(name: str, field: FieldInfo, text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError as error:
        problem = str(error)
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        hint = example(field)
        raise BadOption(
            f"bad game option {name}={text}: neither JSON nor a Python literal ({problem})"
            + (f"; e.g. {name}={hint}" if hint else "")
        ) from None


def _members(annotation: Any) -> list[Any]:
    """The types a union (or Optional) admits, in their order; a single type for anything else."""
    if get_origin(annotation) in (Union, types.UnionType):
        return list(dict.fromkeys(member for argument in get_args(annotation) for member in _members(argument)))
    return [annotation]


def _origin(annotation: Any) -> Any:
    return get_origin(annotation) or annotation


def _unquoted(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    return text


def _fits(value: Any, annotation: Any) -> bool:
    if get_origin(annotation) is Literal:
        return value in get_args(annotation)
    origin = _origin(annotation)
    return isinstance(origin, type) and isinstance(value, origin)


def _made_up(annotation: Any, field: FieldInfo) -> Any:
    """A value of `annotation` that shows the form to type, for an option that gives no `examples`."""
    origin, arguments = _origin(annotation), get_args(annotation)
    if origin is Literal:
        return arguments[0]
    if origin is dict:
        return {"name": _made_up(arguments[1], field) if arguments else 1}
    if origin in SEQUENCES:
        items = [a for a in arguments if a is not Ellipsis] or [str]
        return [_made_up(item, field) for item in (items * 2 if len(items) == 1 else items)]
    if origin is bool:
        return True
    if origin in (int, float):
        bounds = [getattr(m, "ge", None) for m in field.metadata] + [
            getattr(m, "gt", -1) + 1 for m in field.metadata if hasattr(m, "gt")
        ]
        return origin(next((bound for bound in bounds if bound is not None), 1))
    return "text"
