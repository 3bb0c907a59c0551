"""The replay file: JSON Lines, lossless both ways, refused with the line and the problem when damaged.

Line 1 is the header: the format's name and version, the game id, the GameStarted event's fields and
its timestamp, and the game's number of events. GameStarted is version 1, so line n holds the event of
version n: {"version", "timestamp", "event"}, and the last line is numbered like the event count, which
tells a truncated file from a short game.
See docs/replays.md.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import orjson
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from meeplog.core.audit import GameStarted
from meeplog.core.codec import TYPE_KEY, DecodeError
from meeplog.core.game import Recorded
from meeplog.core.kernel import GameEvent
from meeplog.core.registry import UnknownName, load_rules
from meeplog.core.store import game_codec

FORMAT = "meeplog-replay"
FORMAT_VERSION = 1
EVENT_KEYS = ("version", "timestamp", "event")
STARTED_FIELDS = tuple(field.name for field in dataclasses.fields(GameStarted))  # in the header, in this order


class ReplayFormatError(ValueError):
    """A file that is not a replay this Meeplog can read; the message names the file, the line and the problem."""

    def __init__(self, source: str, line: int, problem: str) -> None:
        super().__init__(f"{source}, line {line}: {problem}")
        self.line = line
        self.problem = problem


class ReplayHeader(BaseModel):
    """Line 1: how to set the game up again, and what follows."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: str
    format_version: int
    id: uuid.UUID
    timestamp: str
    game: str
    rules_version: str
    data_hash: str
    config: dict[str, Any]
    seats: tuple[str, ...]
    seed: int
    origin: str | None
    events: int = Field(ge=1, description="the game's number of events, GameStarted included: the last version")


def dump_replay(history: Sequence[Recorded]) -> bytes:
    """The replay file of a stored history (GameStarted first, versions 1..n)."""
    first = history[0]
    if not isinstance(first.event, GameStarted):
        raise ValueError("a game's history must begin with GameStarted")
    codec = game_codec(first.game)
    started = {name: getattr(first.event, name) for name in STARTED_FIELDS}
    header = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "id": str(first.originator_id),
        "timestamp": first.timestamp.isoformat(),
        **started,
        "events": len(history),
    }
    lines = [codec.dumps(header)]
    lines.extend(
        codec.dumps({"version": r.originator_version, "timestamp": r.timestamp.isoformat(), "event": r.event})
        for r in history[1:]
    )
    return b"\n".join(lines) + b"\n"


def write_replay(history: Sequence[Recorded], path: Path) -> None:
    path.write_bytes(dump_replay(history))


def read_replay(path: Path) -> list[Recorded]:
    return parse_replay(path.read_bytes(), str(path))


def parse_replay(data: bytes, source: str = "replay") -> list[Recorded]:
    """The history a replay file holds; a ReplayFormatError at the first line that is not right."""
    lines = data.split(b"\n")
    complete = lines[-1] == b""  # the writer ends every line, the last one too
    if complete:
        lines.pop()
    if not lines:
        raise ReplayFormatError(source, 1, "the file is empty; a replay begins with a header line")
    header = _header(lines[0], source)
    game_id, game = header.id, header.game
    codec = game_codec(game)
    # decoded as the store decodes it, so that a game read from a file equals the same game read from a store
    started = codec.decode({TYPE_KEY: GameStarted.__name__, **header.model_dump(include=set(STARTED_FIELDS))})
    history = [Recorded(game_id, 1, _timestamp(header.timestamp, source, 1), game, started)]
    for number, line in enumerate(lines[1:], start=2):
        if number > header.events:
            raise ReplayFormatError(source, number, f"more events than the header announces ({header.events})")
        cut = not complete and number == len(lines)
        fields = _object(line, source, number, cut)
        if fields.keys() != set(EVENT_KEYS):
            raise ReplayFormatError(source, number, f"expected an object with keys {', '.join(EVENT_KEYS)}")
        version = fields["version"]
        if version != number:
            raise ReplayFormatError(
                source, number, f"holds event version {version!r}, expected {number} (a line is missing or moved)"
            )
        try:
            event = codec.decode(fields["event"])
        except DecodeError as error:
            raise ReplayFormatError(source, number, f"not a {game} event: {error}") from None
        if not isinstance(event, GameEvent) or isinstance(event, GameStarted):
            raise ReplayFormatError(source, number, f"not a {game} event after the start: {fields['event']!r}")
        history.append(Recorded(game_id, version, _timestamp(fields["timestamp"], source, number), game, event))
    if len(history) < header.events:
        raise ReplayFormatError(
            source,
            len(history) + 1,
            f"the file ends after {len(history)} events but its header announces {header.events} (truncated?)",
        )
    return history


def _header(line: bytes, source: str) -> ReplayHeader:
    try:
        fields = orjson.loads(line)
    except orjson.JSONDecodeError:
        fields = None
    if not isinstance(fields, dict) or fields.get("format") != FORMAT:
        raise ReplayFormatError(source, 1, f'not a Meeplog replay (no header with "format": "{FORMAT}")')
    version = fields.get("format_version")
    if not isinstance(version, int) or not 1 <= version <= FORMAT_VERSION:
        raise ReplayFormatError(
            source, 1, f"replay format version {version!r}: this Meeplog reads versions 1 to {FORMAT_VERSION}"
        )
    try:
        header = ReplayHeader.model_validate_json(line, strict=True)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in error.errors(include_url=False)
        )
        raise ReplayFormatError(source, 1, f"bad header ({problems})") from None
    try:
        load_rules(header.game)
    except UnknownName as error:
        raise ReplayFormatError(source, 1, str(error)) from None
    return header


def _object(line: bytes, source: str, number: int, cut: bool) -> dict[str, Any]:
    try:
        value = orjson.loads(line)
    except orjson.JSONDecodeError as error:
        problem = "cut off: the file ends in the middle of this line" if cut else f"not JSON ({error})"
        raise ReplayFormatError(source, number, problem) from None
    if not isinstance(value, dict):
        raise ReplayFormatError(source, number, f"expected an event (a JSON object), found {type(value).__name__}")
    return value


def _timestamp(text: Any, source: str, number: int) -> datetime:
    try:
        stamp = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        stamp = None
    if stamp is None or stamp.tzinfo is None:
        raise ReplayFormatError(source, number, f"bad timestamp {text!r}; expected ISO 8601 with a UTC offset")
    return stamp
