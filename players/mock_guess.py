"""How the mock server answers when a prompt lists no legal commands (the harness settings `legal=off` and
`legal=count`): as a reader of the prompt would, without a model and without the game's state.

It reads what a model is given: the game's command schema (from the response format, or quoted in the system
message), the seat's view, and, when the previous answer was refused, the game's reason. A command type is chosen
among those whose names share the most words with the reason ("CashIn is not allowed now: play a card from your
hand" points to PlayCard), at random on a first ask; each number a command needs is taken from the part of the view
its field's description names ("the `id` of one in the display" reads the display's ids), and the refused answer is
never given again. So the seat's answers fit the schema and are often legal, and each mode can be tried for free;
the runner refuses the others with the game's reason, as it would a model's.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from meeplog.players.prompts import SCHEMA_MARK, VIEW_MARK

REFUSED = re.compile(r"Your previous answer (?:'(?P<answer>.*)' )?was refused: (?P<reason>.*?)\. Choose again\.",
                     re.DOTALL)
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_COMMON = frozenset({"a", "an", "the", "in", "is", "not", "allowed", "now", "your", "from", "of", "to", "or", "and",
                     "it", "one", "by", "this", "be", "no", "for", "on", "at", "with", "any", "that", "as", "its"})
_HEADER = re.compile(r"^(?P<key>[a-z_]+)(?:, each \((?P<fields>.*)\))?:(?P<rest>.*)$")
_NUMBER = re.compile(r"(?<![\w.-])(\d+)(?![\w.])")
TRIES = 30  # draws to find a command other than the refused one


def guessed_command(system: str, user: str, answer_schema: dict[str, Any], rng: random.Random
                    ) -> dict[str, Any] | None:
    """A command that fits the game's schema, read from the prompt's texts; None if no schema is given."""
    types = _command_types(answer_schema) or _command_types(_quoted_schema(system))
    if not types:
        return None
    refused = REFUSED.search(user)
    reason = refused.group("reason") if refused else ""
    refused_answer = _json(refused.group("answer")) if refused and refused.group("answer") else None
    refused_command = refused_answer.get("command", refused_answer) if isinstance(refused_answer, dict) else None
    numbers = view_numbers(user)
    words_shown = set(_WORD.findall(user.rpartition(VIEW_MARK)[2]))
    names = _likeliest(sorted(types), reason.replace(str((refused_command or {}).get("type", "")), ""))
    command: dict[str, Any] = {}
    for _ in range(TRIES):
        name = rng.choice(names)
        command = {"type": name}
        for field, spec in types[name].items():
            command[field] = _value(spec, numbers, words_shown, rng)
        if command != refused_command:
            break
    return command


def view_numbers(user: str) -> dict[str, list[int]]:
    """The numbers of each top-level part of the view (`hand: ...` and its lines): a table's `id` column where it
    has one, else every number."""
    _, mark, view = user.rpartition(VIEW_MARK)
    parts: dict[str, list[int]] = {}
    key, id_at = "", None
    for written in view.split("\n\n", 1)[0].splitlines() if mark else ():
        line = written
        if (header := _HEADER.match(written)) and not written.startswith(" "):
            key, line = header["key"], header["rest"]
            fields = re.findall(r"[a-z_]+(?=[,)]|$)", header["fields"] or "")
            id_at = fields.index("id") if "id" in fields else None
            parts[key] = []
        if not key:
            continue
        rows = re.findall(r"\(([^()]*(?:\([^()]*\))*[^()]*)\)", line) if id_at is not None else []
        found = [int(cells[id_at]) for row in rows
                 if len(cells := re.findall(r"[\w-]+", row)) > id_at and cells[id_at].isdigit()]
        parts[key] += found or [int(number) for number in _NUMBER.findall(line)]
    return parts


def _likeliest(names: list[str], reason: str) -> list[str]:
    """The command types whose names share the most words with the game's reason (all of them without one)."""
    said = _words(reason)
    scores = {name: len(_words(name) & said) for name in names}
    best = max(scores.values(), default=0)
    return [name for name in names if scores[name] == best] if best else names


def _value(spec: dict[str, Any], numbers: dict[str, list[int]], shown: set[str], rng: random.Random) -> Any:
    kind = spec.get("type") or next((o.get("type") for o in spec.get("anyOf", []) if o.get("type") != "null"), None)
    if "enum" in spec or "const" in spec:
        return rng.choice(spec.get("enum") or [spec["const"]])
    pool = _pool(str(spec.get("description", "")), numbers)
    if kind == "integer":
        return rng.choice(pool)
    if kind == "array":
        return sorted(rng.sample(pool, min(len(pool), rng.randint(0, 3))))
    if kind == "boolean":
        return rng.random() < 0.5
    if kind == "string":  # a name: one the description gives that the view shows, else any it gives
        given = re.findall(r"[A-Za-z][\w-]*", str(spec.get("description", "")))
        return rng.choice([word for word in given if word in shown] or given or ["none"])
    return None


def _pool(description: str, numbers: dict[str, list[int]]) -> list[int]:
    """The numbers of the view's parts a field's description names, else all of the view's."""
    named = set(re.findall(r"[a-z_]+", description.lower()))
    chosen = [n for key, found in numbers.items() if key in named or key.rstrip("s") in named for n in found]
    return chosen or [n for found in numbers.values() for n in found] or [0]


def _command_types(schema: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each command type of a schema (an answer's or the union's) with its fields other than `type`."""
    types = {}
    for name, definition in (schema.get("$defs") or {}).items():
        properties = definition.get("properties") or {}
        if properties.get("type", {}).get("const") == name:
            types[name] = {field: spec for field, spec in properties.items() if field != "type"}
    return types


def _quoted_schema(system: str) -> dict[str, Any]:
    _, mark, rest = system.partition(SCHEMA_MARK)
    if not mark:
        return {}
    try:
        schema, _ = json.JSONDecoder().raw_decode(rest)
    except ValueError:
        return {}
    return schema if isinstance(schema, dict) else {}


def _words(text: str) -> set[str]:
    return {word.lower().rstrip("s") for word in _WORD.findall(text)} - _COMMON


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None
