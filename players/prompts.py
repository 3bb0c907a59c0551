"""The text a language model is shown for one decision, built only from the seat's Observation.

A conversation is a system message (the game's rules as its prompt.md tells them to a player, the
options in force that change them, and the answer format) and a user message (the seat, what happened
since its last turn, its view, and its legal commands as a numbered list). Nothing in it comes from
outside the Observation, so it can show no more than the seat may know; core/conformance/test_prompts.py
checks that for every game, and that the longest prompt of a game stays within PROMPT_BUDGET.

Two harness settings change what a model is given (players/llm.py's `legal` and `reasoning` options; a
Harness): the legal commands listed (`list`, and `schema`, where the response schema is also narrowed to
them), only their number (`count`) or nothing (`off`), the game's command schema then told in the system
message, as no listed command shows a command's JSON; and whether the answer holds a `reasoning` text before
its command.

Where the decision starts a chain of the seat's own decisions (Rules.continues: a payment card by card, an
amount in steps), the user message ends by inviting a plan, `{"command": ..., "then": [...]}`, and, when the
commands are listed, shows what is legal at the chain's later steps (`After [3, 0]: ...` lines, found on a
sampled state), as many as the prompt's budget leaves room for (`prompt`).

It is written for small models with 4-8k token contexts: the feed is the game's own narration, one
line an event, rather than JSON; the view names a list's fields once, in a table, rather than in every
item; the command schema is not repeated in the prompt (structured output carries it to the server,
and the listed commands show their JSON).
"""

from __future__ import annotations

import json
import random
import sys
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, Literal

import orjson
from pydantic import BaseModel

from meeplog.core.audit import AUDIT_EVENTS
from meeplog.core.kernel import Command, IllegalCommand, Rules
from meeplog.core.players import Observation
from meeplog.players.answers import command_codec, command_schema
from meeplog.players.glossary import glossary

PROMPT_FILE = "prompt.md"  # the rules written for a player, in the game's package
OPTIONS_HEADING = "## Options"  # in prompt.md: what each option changes, told only while it is in force
PROMPT_BUDGET = 25_000  # characters of a whole prompt at the longest point of a game (~6,000 tokens)
UNSET_OPTIONS = frozenset({"players", "data_file"})  # config fields that are no rule for a player to learn
FEED_LINES = 40  # at most this many events of "since your last turn"
INLINE_WIDTH = 100  # a list or mapping shorter than this is written on one line
LEGAL_MARK = "Your legal commands"  # heads the numbered list; the mock server finds the commands under it
VIEW_MARK = "Your view:\n"  # heads the view; the mock server reads it when no command is listed (mock_guess.py)
SCHEMA_MARK = "The game's commands, as a JSON schema:\n"  # heads the schema quoted when none is listed
AHEAD_MARK = "What you may choose after each listed command"  # heads the steps of a chain, for the mock too
AHEAD_MOST = 6_000  # characters of the later steps of a chain shown, at most (each is paid for in every prompt)
AHEAD_MARGIN = 200  # characters of PROMPT_BUDGET those steps leave unused when they fill the rest
AHEAD_APPLIES = 400  # commands tried on a sampled state to find those steps, at most (a prompt's own cost)
PLAN_TEXT = (
    "Your turn goes on after this decision: you decide again before anything new is shown to you. You may answer"
    ' those decisions too, now, as a plan: {"command": <your command now>, "then": [<your next command>, ...]}. The'
    " rules check each at its own decision: where one is refused you are asked again from there, with the reason, and"
    " where something new is shown to you the rest of the plan is dropped and you are asked again."
)


Legal = Literal["list", "count", "off", "schema"]
Reasoning = Literal["field", "off"]


@dataclass(frozen=True)
class Harness:
    """What a model is given besides the game: how its legal commands are shown, and room to reason."""

    legal: Legal = "list"
    reasoning: Reasoning = "off"
    plans: bool = True  # where the game chains the seat's decisions, it may answer them all at once

    @property
    def lists(self) -> bool:
        """Whether the prompt lists the legal commands."""
        return self.legal in {"list", "schema"}

    def __str__(self) -> str:
        return f"legal={self.legal},reasoning={self.reasoning},plans={str(self.plans).lower()}"


DEFAULT_HARNESS = Harness()


@dataclass(frozen=True)
class Message:
    role: Literal["system", "user", "assistant"]
    content: str

    def as_json(self) -> dict[str, str]:
        return {"role": self.role, "content": self.content}


def conversation(
    obs: Observation, *, feed_lines: int = FEED_LINES, previous: str | None = None, harness: Harness = DEFAULT_HARNESS
) -> list[Message]:
    """The messages for a first ask; `previous` is the seat's last answer when the runner refused it."""
    return prompt(obs, feed_lines=feed_lines, previous=previous, harness=harness)[0]


def prompt(
    obs: Observation, *, feed_lines: int = FEED_LINES, previous: str | None = None, harness: Harness = DEFAULT_HARNESS
) -> tuple[list[Message], bool]:
    """The messages for a first ask, and whether they offer a plan: where the seat's decision starts a chain of
    its own (Rules.continues) and the harness plans, the user message ends with the invitation and, when the
    legal commands are listed, what is legal at the chain's later steps: AHEAD_MOST characters of them at most, and
    no more than PROMPT_BUDGET leaves room for."""
    system = system_text(obs.rules, options_in_force(obs.config, game_text(obs.rules).options), harness,
                         reference_text(obs.rules, obs.config))
    turn = turn_text(obs, feed_lines, previous, harness)
    if not harness.plans:
        return [Message("system", system), Message("user", turn)], False
    head = f"{PLAN_TEXT}\n{AHEAD_MARK} (its number in the list, then the next one's):\n"
    used = len(render([Message("system", system), Message("user", turn + head)]))
    room = min(AHEAD_MOST, PROMPT_BUDGET - AHEAD_MARGIN - used)
    ahead = lookahead(obs, room if harness.lists else 0)
    if ahead is None:
        return [Message("system", system), Message("user", turn)], False
    plan = head + "\n".join(ahead) if ahead else PLAN_TEXT
    return [Message("system", system), Message("user", f"{turn}\n\n{plan}")], True


def refusal(answer: str, reason: str) -> list[Message]:
    """What is appended to a conversation when an answer could not be read as a command."""
    said = [Message("assistant", answer)] if answer.strip() else []
    return [*said, Message("user", f"That answer was refused: {reason}. Answer again with one JSON object only.")]


def render(messages: list[Message]) -> str:
    """The conversation as one text, as recorded in LlmExchange.prompt."""
    return "\n\n".join(f"[{m.role}]\n{m.content}" for m in messages)


@cache
def system_text(
    rules: Rules[Any, Any], options: str = "", harness: Harness = DEFAULT_HARNESS, reference: str = ""
) -> str:
    """The rules, the game's reference (its map, its constants) and the answer format; `options` the options in
    force, one a line with what each changes. The same for every request of a game, so it comes first: a
    provider's prompt cache serves it."""
    changed = f"\n\nThis game is played with options that change the rules above:\n{options}" if options else ""
    studied = f"\n\n{reference}" if reference else ""
    fields = glossary(rules.view_model())
    reasoning = '"reasoning": <your reasoning, briefly>, ' if harness.reasoning == "field" else ""
    if harness.lists:
        shown = "and your legal commands as a numbered list. Choose one of them."
        answer = (
            f'{{{reasoning}"choice": <its number in the list>}} or '
            f'{{{reasoning}"command": <the command object, copied from the list>}}.'
        )
    else:
        shown = "and how many legal commands you have." if harness.legal == "count" else "and nothing more."
        schema = orjson.dumps(command_schema(type(rules)).union_schema).decode()
        answer = (
            f'{{{reasoning}"command": <one of the game\'s commands, legal now>}}. '
            f"{SCHEMA_MARK}{schema}"
        )
    return (
        f"You are playing {rules.title}, a tabletop game, as one of the seats.\n\n"
        f"The rules:\n{game_text(rules).rules}{changed}{studied}\n\n{fields}\n\n"
        f"Each turn you are shown what happened since your last turn, your view of the game, {shown} "
        f"Answer with one JSON object and nothing else: {answer}"
    )


@cache
def reference_text(rules: Rules[Any, Any], config: BaseModel | None) -> str:
    """The game's reference for the config played (Rules.reference), or none where no config is known."""
    return rules.reference(config) if config is not None else ""


def options_in_force(config: BaseModel | None, notes: Mapping[str, str]) -> str:
    """The config's options that differ from their defaults, one a line, as `- name = value (default: d):
    what it changes`, told by `notes` (the game's prompt.md) or else by the option's own description."""
    if config is None:
        return ""
    fields = type(config).model_fields
    lines = []
    for name, value in config.model_dump(mode="json").items():
        default = fields[name].get_default(call_default_factory=True)
        if name in UNSET_OPTIONS or value == _json(default):
            continue
        note = notes.get(name) or fields[name].description
        stated = f"- {name} = {_scalar(value)} (default: {_scalar(_json(default))})"
        lines.append(f"{stated}: {note}" if note else stated)
    return "\n".join(lines)


def turn_text(
    obs: Observation, feed_lines: int = FEED_LINES, previous: str | None = None, harness: Harness = DEFAULT_HARNESS
) -> str:
    parts = [f"You are seat {obs.seat}."]
    named = obs.sample(random.Random(0))  # for describe(): a state holding only what the seat knows
    events = [e for e in obs.feed if not isinstance(e, AUDIT_EVENTS)][-feed_lines:]
    if events:  # describe() reads only fixed data from the state: any state at or after the event will do
        parts.append(
            "Since your last turn (oldest first):\n"
            + "\n".join(f"- {obs.rules.describe(named, event)}" for event in events)
        )
    parts.append(VIEW_MARK + render_view(obs.view))
    if harness.lists:
        parts.append(f"{LEGAL_MARK}:\n" + legal_list(obs.rules, named, obs.legal))
    elif harness.legal == "count":
        parts.append(f"You have {len(obs.legal)} legal command{'s' if len(obs.legal) != 1 else ''}.")
    if obs.rejection:
        said = f"Your previous answer {previous.strip()!r}" if previous else "Your previous answer"
        parts.append(f"{said} was refused: {obs.rejection}. Choose again.")
    return "\n\n".join(parts)


def legal_list(rules: Rules[Any, Any], state: Any, legal: tuple[Command, ...]) -> str:
    """One line per legal command: `[number] {command as JSON} (description)`."""
    codec = command_codec(type(rules))
    return "\n".join(
        f"[{number}] {codec.dumps(command).decode()} ({rules.describe(state, command)})"
        for number, command in enumerate(legal)
    )


def lookahead(obs: Observation, budget: int) -> list[str] | None:
    """What is legal at the later steps of the chain this decision starts, or None if it starts none.

    Breadth first: after each legal command the seat's chain goes on with (the rules say it decides again with
    nothing new learned, Rules.continues), a line `After [3, 0]: [0] {command}; [1] {command}` with the commands
    legal then, the path giving a choice's number in each list; as many lines as `budget` characters hold.
    Found on a state drawn from what the seat knows (a chain step shows it nothing new, so any such state gives
    the same), so it tells the seat no more than it knows."""
    rules, seat = obs.rules, obs.seat
    codec, rng = command_codec(type(rules)), random.Random(0)
    frontier: deque[tuple[tuple[int, ...], Any, tuple[Command, ...]]] = deque([((), obs.sample(rng), obs.legal)])
    lines: list[str] = []
    chained = False
    used = tried = 0
    while frontier:
        path, state, options = frontier.popleft()
        for number, command in enumerate(options):
            tried += 1
            if tried > AHEAD_APPLIES:
                return lines if chained else None
            after = state.clone()
            try:
                events = rules.apply(after, seat, command, rng)
            except IllegalCommand:
                continue
            if seat not in rules.pending(after).seats or not rules.continues(after, seat, events):
                continue
            chained = True
            later = rules.legal(after, seat)
            line = f"After {[*path, number]}: " + "; ".join(
                f"[{n}] {codec.dumps(c).decode()}" for n, c in enumerate(later)
            )
            used += len(line) + 1
            if used > budget:
                return lines
            lines.append(line)
            frontier.append(((*path, number), after, tuple(later)))
    return lines if chained else None


def ahead_in(text: str) -> dict[tuple[int, ...], list[dict[str, Any]]]:
    """The later steps of a chain a prompt's text shows (how the mock server answers a plan)."""
    _, mark, shown = text.rpartition(AHEAD_MARK)
    steps: dict[tuple[int, ...], list[dict[str, Any]]] = {}
    for line in shown.splitlines()[1:] if mark else ():
        if not line.startswith("After ["):
            break
        head, _, rest = line.partition("]: ")
        steps[tuple(int(n) for n in head.removeprefix("After [").split(", "))] = _commands_in(rest)
    return steps


def _commands_in(text: str) -> list[dict[str, Any]]:
    """The command objects of `[0] {...}; [1] {...}`."""
    decoder, commands, at = json.JSONDecoder(), [], 0
    while (start := text.find("] {", at)) >= 0:
        command, at = decoder.raw_decode(text, start + 2)
        commands.append(command)
    return commands


def legal_in(text: str) -> list[dict[str, Any]]:
    """The command objects listed in a prompt's text (how the mock server plays legally)."""
    _, mark, listed = text.rpartition(LEGAL_MARK + ":\n")
    commands = []
    for line in listed.splitlines() if mark else ():
        if not line.startswith("["):
            break
        start = line.index("] ") + 2
        command, _ = json.JSONDecoder().raw_decode(line, start)
        commands.append(command)
    return commands


# --- the game's own text -------------------------------------------------------------------------


@dataclass(frozen=True)
class GameText:
    """What a game's prompt.md teaches: its rules as the default options play them, and for each option
    what it changes (from the file's OPTIONS_HEADING section, entries written `- `name`: text`)."""

    rules: str
    options: Mapping[str, str]


def prompt_file(rules: Rules[Any, Any]) -> Traversable | None:
    """The game's prompt.md: in the package of the module defining its Rules class, be that module a package's
    `__init__` or one of its modules, read through the package's resources (so a compiled module or an installed
    wheel finds it too). None where that module is in no package, or the package has no prompt.md."""
    module = sys.modules.get(type(rules).__module__)
    package = getattr(module, "__package__", None) or type(rules).__module__.rpartition(".")[0]
    prompt = resources.files(package) / PROMPT_FILE if package else None
    return prompt if prompt is not None and prompt.is_file() else None


@cache
def game_text(rules: Rules[Any, Any]) -> GameText:
    """The game's prompt.md (prompt_file); a game without one is announced by its title only."""
    prompt = prompt_file(rules)
    if prompt is None:
        return GameText(
            f"{rules.title}. Play by its usual rules; the legal commands below are the only moves allowed.", {}
        )
    told, _, options = prompt.read_text(encoding="utf-8").partition(f"\n{OPTIONS_HEADING}\n")
    return GameText(told.strip(), option_notes(options))


def option_notes(section: str) -> dict[str, str]:
    """`- `name`: text` entries, a text running on over the lines that follow it, as {name: text}."""
    notes: dict[str, list[str]] = {}
    for line in section.strip().splitlines():
        if line.startswith("- `"):
            name, _, text = line[3:].partition("`: ")
            notes[name] = [text]
        elif notes and line.strip():
            notes[name].append(line.strip())
    return {name: " ".join(lines) for name, lines in notes.items()}


# --- the view as text -----------------------------------------------------------------------------


def render_view(view: BaseModel) -> str:
    """A pydantic view as indented `key: value` lines, short parts inline, and a list of records of one
    shape as a table that names the fields once: `hand, each (id, suit, value): [(3, red, 4), (9, blue, 1)]`."""
    return "\n".join(_block(view.model_dump(mode="json"), 0))


def _block(value: Any, depth: int) -> list[str]:
    pad = "  " * depth
    if isinstance(value, dict):
        lines = []
        for key, item in value.items():
            if (table := _table(item)) is not None:
                lines += _table_lines(f"{pad}{key}, each {table[0]}", table[1], pad + "  ")
            elif (inline := _inline(item)) is not None:
                lines.append(f"{pad}{key}: {inline}")
            else:
                lines += [f"{pad}{key}:", *_block(item, depth + 1)]
        return lines
    if isinstance(value, list):
        lines = []
        for item in value:
            inline = _inline(item)
            if inline is not None:
                lines.append(f"{pad}- {inline}")
            else:
                nested = _block(item, depth + 1)
                lines += [f"{pad}- {nested[0].lstrip()}", *nested[1:]]
        return lines
    return [pad + _scalar(value)]


def _inline(value: Any, room: int = INLINE_WIDTH) -> str | None:
    """`value` on one line of at most `room` characters, or None; gives up as soon as it cannot fit."""
    if isinstance(value, dict):
        pieces, ends = [(f"{key}: ", item) for key, item in value.items()], "{}"
    elif isinstance(value, list):
        pieces, ends = [("", item) for item in value], "[]"
    else:
        text = _scalar(value)
        return text if len(text) <= room else None
    parts, used = [], 2  # used: the brackets, and a separator after each part so far
    for prefix, item in pieces:
        part = _inline(item, room - used - len(prefix))
        if part is None:
            return None
        parts.append(prefix + part)
        used += len(prefix) + len(part) + 2
    return ends[0] + ", ".join(parts) + ends[1]


# A record's shape: its fields' names and shapes, in order. A field that is None fits any shape (a card
# slot may be empty), and any other value is a cell written inline.
Shape = tuple[tuple[str, "Shape"], ...] | Literal["cell", "none"]


def _table(value: Any) -> tuple[str, list[str]] | None:
    """A list of records of one shape as (header, rows), each row inline; None if it is no such list or a
    row is too long for one line."""
    if not isinstance(value, list) or not value or not all(isinstance(item, dict) and item for item in value):
        return None
    shape: Shape = "none"
    for item in value:
        common = _unify(shape, _shape(item))
        if common is None:
            return None
        shape = common
    rows = [row for item in value if (row := _row(item, shape)) is not None and len(row) <= INLINE_WIDTH]
    return (_header(shape), rows) if len(rows) == len(value) else None


def _table_lines(head: str, rows: list[str], pad: str) -> list[str]:
    """`head: [rows]` on one line if it fits, else `head:` and the rows packed into lines under it."""
    if sum(len(row) + 2 for row in rows) <= INLINE_WIDTH:
        return [f"{head}: [{', '.join(rows)}]"]
    lines = [f"{head}:", pad + rows[0]]
    for row in rows[1:]:
        if len(lines[-1]) + len(row) + 2 > len(pad) + INLINE_WIDTH:
            lines.append(pad + row)
        else:
            lines[-1] += ", " + row
    return lines


def _shape(value: Any) -> Shape:
    if isinstance(value, dict):
        return tuple((key, _shape(item)) for key, item in value.items())
    return "none" if value is None else "cell"


def _unify(one: Shape, other: Shape) -> Shape | None:
    """The shape both fit, or None if they differ."""
    if other in {one, "none"}:
        return one
    if one == "none":
        return other
    if not (isinstance(one, tuple) and isinstance(other, tuple)) or [k for k, _ in one] != [k for k, _ in other]:
        return None
    fields = []
    for (key, mine), (_, theirs) in zip(one, other, strict=True):
        common = _unify(mine, theirs)
        if common is None:
            return None
        fields.append((key, common))
    return tuple(fields)


def _header(shape: Shape) -> str:
    """The fields of a record shape, nested records in parentheses: `(seat, card: (id, suit, value))`."""
    if not isinstance(shape, tuple):
        return ""
    return (
        "(" + ", ".join(f"{key}: {_header(field)}" if isinstance(field, tuple) else key for key, field in shape) + ")"
    )


def _row(value: Any, shape: Shape) -> str | None:
    """A record's values in its shape's order, in parentheses: `(0, (49, deforestation, 10))`."""
    if value is None or not isinstance(shape, tuple):
        return _inline(value)
    cells = [cell for key, field in shape if (cell := _row(value[key], field)) is not None]
    return "(" + ", ".join(cells) + ")" if len(cells) == len(shape) else None


def _json(value: Any) -> Any:
    """A default as model_dump(mode="json") would write it (tuples as lists, enums as values)."""
    return orjson.loads(orjson.dumps(value, default=str))


def _scalar(value: Any) -> str:
    """A value as the view writes it: text bare unless it could be misread (then quoted, letters kept as they are)."""
    if value is None:
        return "none"
    if isinstance(value, str):
        if value and value.strip() == value and not set(value) & set(",:[]{}()#"):
            return value
        return json.dumps(value, ensure_ascii=False)
    return orjson.dumps(value).decode()
