"""The text a language model is shown for one decision, built only from the seat's Observation.

A conversation is a system message (the game's rules as its prompt.md tells them to a player, the
options in force that change them, and the answer format) and a user message (the seat, what happened
since its last turn, its view, and its legal commands as a numbered list). Nothing in it comes from
outside the Observation, so it can show no more than the seat may know; tests/conformance/test_prompts.py
checks that for every game, and that the longest prompt of a game stays within PROMPT_BUDGET.

It is written for small models with 4-8k token contexts: the feed is the game's own narration, one
line an event, rather than JSON; the command schema is not repeated in the prompt (structured output
carries it to the server, and the listed commands show their JSON).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal

import orjson
from pydantic import BaseModel

from core.audit import AUDIT_EVENTS
from core.kernel import Command, Rules
from core.players import Observation
from players.answers import command_codec

PROMPT_FILE = "prompt.md"  # the rules written for a player, in the game's package
PROMPT_BUDGET = 16_000  # characters of a whole prompt at the longest point of a game (~4,000 tokens)
UNSET_OPTIONS = frozenset({"players", "data_file"})  # config fields that are no rule for a player to learn
FEED_LINES = 40  # at most this many events of "since your last turn"
INLINE_WIDTH = 100  # a list or mapping shorter than this is written on one line
LEGAL_MARK = "Your legal commands"  # heads the numbered list; the mock server finds the commands under it


@dataclass(frozen=True)
class Message:
    role: Literal["system", "user", "assistant"]
    content: str

    def as_json(self) -> dict[str, str]:
        return {"role": self.role, "content": self.content}


def conversation(obs: Observation, *, feed_lines: int = FEED_LINES, previous: str | None = None) -> list[Message]:
    """The messages for a first ask; `previous` is the seat's last answer when the runner refused it."""
    system = system_text(obs.rules, options_in_force(obs.config))
    return [Message("system", system), Message("user", turn_text(obs, feed_lines, previous))]


def refusal(answer: str, reason: str) -> list[Message]:
    """What is appended to a conversation when an answer could not be read as a command."""
    said = [Message("assistant", answer)] if answer.strip() else []
    return [*said, Message("user", f"That answer was refused: {reason}. Answer again with one JSON object only.")]


def render(messages: list[Message]) -> str:
    """The conversation as one text, as recorded in LlmExchange.prompt."""
    return "\n\n".join(f"[{m.role}]\n{m.content}" for m in messages)


@cache
def system_text(rules: Rules[Any, Any], options: str = "") -> str:
    """The rules and the answer format; `options` the options in force that change the rules, as written."""
    changed = f"\n\nThis game is played with options that change the rules above: {options}." if options else ""
    return (
        f"You are playing {rules.title}, a tabletop game, as one of the seats.\n\n"
        f"The rules:\n{rules_summary(rules)}{changed}\n\n"
        "Each turn you are shown what happened since your last turn, your view of the game, and your legal "
        "commands as a numbered list. Choose one of them. Answer with one JSON object and nothing else: "
        '{"choice": <its number in the list>} or {"command": <the command object, copied from the list>}.'
    )


def options_in_force(config: BaseModel | None) -> str:
    """The config's options that differ from their defaults, as `name = value (default: d)`."""
    if config is None:
        return ""
    fields = type(config).model_fields
    changed = [
        f"{name} = {_scalar(value)} (default: {_scalar(fields[name].get_default(call_default_factory=True))})"
        for name, value in config.model_dump(mode="json").items()
        if name not in UNSET_OPTIONS and value != _json(fields[name].get_default(call_default_factory=True))
    ]
    return "; ".join(changed)


def turn_text(obs: Observation, feed_lines: int = FEED_LINES, previous: str | None = None) -> str:
    parts = [f"You are seat {obs.seat}."]
    named = obs.sample(random.Random(0))  # for describe(): a state holding only what the seat knows
    events = [e for e in obs.feed if not isinstance(e, AUDIT_EVENTS)][-feed_lines:]
    if events:  # describe() reads only fixed data from the state: any state at or after the event will do
        parts.append("Since your last turn (oldest first):\n"
                     + "\n".join(f"- {obs.rules.describe(named, event)}" for event in events))
    parts.append("Your view:\n" + render_view(obs.view))
    parts.append(f"{LEGAL_MARK}:\n" + legal_list(obs.rules, named, obs.legal))
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


# --- the rules summary ----------------------------------------------------------------------------


@cache
def rules_summary(rules: Rules[Any, Any]) -> str:
    """The game's prompt.md, read through its package's resources (so a compiled module or an installed
    wheel finds it too); a game without one is announced by its title only."""
    package = type(rules).__module__.rpartition(".")[0]
    prompt = resources.files(package) / PROMPT_FILE if package else None
    if prompt is not None and prompt.is_file():
        return prompt.read_text(encoding="utf-8").strip()
    return f"{rules.title}. Play by its usual rules; the legal commands below are the only moves allowed."


# --- the view as text -----------------------------------------------------------------------------


def render_view(view: BaseModel) -> str:
    """A pydantic view as indented `key: value` lines, short lists and mappings written inline."""
    return "\n".join(_block(view.model_dump(mode="json"), 0))


def _block(value: Any, depth: int) -> list[str]:
    pad = "  " * depth
    if isinstance(value, dict):
        lines = []
        for key, item in value.items():
            inline = _inline(item)
            if inline is not None:
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
        text = _inline(item, room - used - len(prefix))
        if text is None:
            return None
        parts.append(prefix + text)
        used += len(prefix) + len(text) + 2
    return ends[0] + ", ".join(parts) + ends[1]


def _json(value: Any) -> Any:
    """A default as model_dump(mode="json") would write it (tuples as lists, enums as values)."""
    return orjson.loads(orjson.dumps(value, default=str))


def _scalar(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, str):
        return value if value and value.strip() == value and not set(value) & set(",:[]{}#") else json.dumps(value)
    return orjson.dumps(value).decode()
