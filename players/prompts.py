"""The text a language model is shown for one decision, built only from the seat's Observation.

A conversation is a system message (the game's rules summary, the answer format and the JSON schema of
the game's commands) and a user message (the seat, what happened since its last turn, its view, and its
legal commands as a numbered list). Nothing in it comes from outside the Observation, so it can show no
more than the seat may know; tests/conformance/test_prompts.py checks that for every game.
"""

from __future__ import annotations

import inspect
import json
import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

import orjson
from pydantic import BaseModel

from core.audit import AUDIT_EVENTS
from core.kernel import Command, Rules
from core.players import Observation
from players.answers import command_codec, command_schema

PROMPT_FILE = "prompt.md"  # a short summary written for models, in the game's package
RULES_FILE = "RULES.md"  # the full rules, of which the first part is used when there is no prompt file
SUMMARY_CHARS = 4000  # how much of RULES.md is used: models need the gist, not every ruling
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
    return [Message("system", system_text(obs.rules)), Message("user", turn_text(obs, feed_lines, previous))]


def refusal(answer: str, reason: str) -> list[Message]:
    """What is appended to a conversation when an answer could not be read as a command."""
    said = [Message("assistant", answer)] if answer.strip() else []
    return [*said, Message("user", f"That answer was refused: {reason}. Answer again with one JSON object only.")]


def render(messages: list[Message]) -> str:
    """The conversation as one text, as recorded in LlmExchange.prompt."""
    return "\n\n".join(f"[{m.role}]\n{m.content}" for m in messages)


@cache
def system_text(rules: Rules[Any, Any]) -> str:
    schema = json.dumps(command_schema(type(rules)).json_schema(), separators=(",", ":"))
    return (
        f"You are playing {rules.title}, a tabletop game, as one of the seats.\n\n"
        f"Rules summary:\n{rules_summary(rules)}\n\n"
        "Each turn you are shown your view of the game, what happened since your last turn, and your legal "
        "commands as a numbered list. Choose one. Answer with one JSON object and nothing else: "
        '{"command": <the command object, copied from the list>} or {"choice": <its number in the list>}.\n'
        f"The answer follows this JSON schema:\n{schema}"
    )


def turn_text(obs: Observation, feed_lines: int = FEED_LINES, previous: str | None = None) -> str:
    parts = [f"You are seat {obs.seat}."]
    events = [e for e in obs.feed if not isinstance(e, AUDIT_EVENTS)][-feed_lines:]
    if events:  # as JSON: describe() would need the state each event happened in, which a seat cannot have
        codec = command_codec(type(obs.rules))
        parts.append("Since your last turn (game events, oldest first):\n"
                     + "\n".join(codec.dumps(event).decode() for event in events))
    parts.append("Your view:\n" + render_view(obs.view))
    named = obs.sample(random.Random(0))  # for describe(): a state holding only what the seat knows
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
    """The game's prompt.md, else the first part of its RULES.md, else just its title."""
    return summary_from(Path(inspect.getfile(type(rules))).parent, rules.title)


def summary_from(folder: Path, title: str) -> str:
    prompt, rules = folder / PROMPT_FILE, folder / RULES_FILE
    if prompt.is_file():
        return prompt.read_text(encoding="utf-8").strip()
    if rules.is_file():
        return first_part(rules.read_text(encoding="utf-8"), SUMMARY_CHARS)
    return f"{title}. Play by its usual rules; the legal commands below are the only moves allowed."


def first_part(text: str, limit: int) -> str:
    """At most `limit` characters of `text`, cut at the last paragraph break before the limit."""
    text = text.strip()
    if len(text) <= limit:
        return text
    paragraphs = text[:limit].split("\n\n")[:-1]  # the last one may be cut mid-way
    while paragraphs and _heading_only(paragraphs[-1]):  # a heading without its section
        paragraphs.pop()
    kept = "\n\n".join(paragraphs).rstrip() or text[:limit]
    return kept + "\n\n(The rules go on; the legal commands are listed below.)"


def _heading_only(paragraph: str) -> bool:
    return all(line.lstrip().startswith("#") for line in paragraph.strip().splitlines())


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


def _scalar(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, str):
        return value if value and value.strip() == value and not set(value) & set(",:[]{}#") else json.dumps(value)
    return orjson.dumps(value).decode()
