"""The event codec: Ctrl-C during an encoding stays Ctrl-C, a kept encoding holds only its own bytes, and a
game's stored records are the codec's definition byte for byte."""

from __future__ import annotations

import dataclasses
import random
import tracemalloc
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Any

import orjson
import pytest

from meeplog.core import codec
from meeplog.core.game import Game
from meeplog.core.registry import game_names, load_rules
from meeplog.core.rows import encoded
from meeplog.core.store import stored_event


@dataclass(frozen=True)
class Ping:
    seat: int


class Interrupted(datetime):
    """A datetime subclass, which orjson hands to the codec's `default`: its encoding is where Ctrl-C lands."""

    def isoformat(self, sep: str = "T", timespec: str = "auto") -> str:
        raise KeyboardInterrupt


def test_ctrl_c_while_encoding_is_raised_as_itself():
    """orjson wraps what its `default` raises in a TypeError; an interrupted save must not read as a bad event.
    (Interrupted through a value, not by patching the codec: a compiled module's functions cannot be patched.)"""
    with pytest.raises(KeyboardInterrupt):
        codec.dumps([Ping(1), Interrupted(2026, 11, 29)])


def test_what_cannot_be_encoded_is_still_a_type_error():
    with pytest.raises(TypeError):
        codec.dumps(object())
    assert codec.dumps([Ping(1)]).startswith(b"[{")


def test_a_kept_encoding_holds_only_its_own_bytes():
    """orjson returns its whole output buffer (4 KB at least): a store's save keeps every event's encoding
    until it is written, so each must cost its length, not the buffer's."""
    tracemalloc.start()
    try:
        kept = [codec.dumps(Ping(seat)) for seat in range(1000)]
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert kept[7] == b'{"type":"Ping","seat":7}'
    assert held / len(kept) < 256, f"{held / len(kept):.0f} bytes held per encoding of {len(kept[7])} bytes"


def plainly(value: Any) -> Any:
    """The data the codec writes for `value`, worked out the slow and obvious way."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {field.name: plainly(getattr(value, field.name)) for field in dataclasses.fields(value)}
        return {"type": type(value).__name__, **fields}
    if isinstance(value, (set, frozenset)):
        return [plainly(item) for item in sorted(value)]
    if isinstance(value, (tuple, list)):
        return [plainly(item) for item in value]
    if isinstance(value, dict):
        return {key: plainly(item) for key, item in value.items()}
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Enum):
        return value.value
    return value


@pytest.mark.parametrize("game", game_names())
def test_a_game_s_records_are_stored_as_the_codec_defines_them(game):
    """The store writes a game's rows with per-class taggers and a timestamp encoded once per decision; the
    bytes must be those of the codec's definition: `{"timestamp": ..., "event": ...}`, each dataclass tagged."""
    rules = load_rules(game)
    for seed in range(3):
        played = Game.start(rules, rules.configure(rules.min_players), ["random"] * rules.min_players, seed)
        choices = random.Random(seed)
        while not (pending := played.pending()).over:
            for seat in pending.seats:
                played.submit(seat, choices.choice(played.legal(seat)))
        for recorded, row in zip(played.log, encoded(played.log), strict=True):
            expected = {"timestamp": recorded.timestamp, "event": recorded.event}
            assert row[3] == orjson.dumps(plainly(expected), option=orjson.OPT_NON_STR_KEYS), type(recorded.event)
            assert stored_event(recorded).state == row[3]


class Colour(Enum):
    RED = "red"


class Name(str):
    """A str subclass, which orjson writes as a str."""


class Moment(datetime):
    """A datetime subclass (freezegun's, say), which orjson leaves to the codec's `default`."""


@dataclass(frozen=True)
class Odd:
    """Everything an event may hold beyond scalars, tuples and dataclasses, which a record's fast path leaves to the
    full encoding."""

    value: Any


ODD_VALUES = [
    (Ping(1), (Ping(2), 3)),
    {"a": Ping(1), "b": [1, (2, Ping(3))]},
    frozenset({3, 1}),
    {1: "int key"},
    Colour.RED,
    Name("x"),
    (1, True, None, 2.5, "s", Colour.RED),
    datetime(2026, 11, 29, 4, 30),
    Moment(2026, 11, 29, 4, 30),
    (),
    {},
]


@pytest.mark.parametrize("value", ODD_VALUES, ids=repr)
def test_a_record_of_any_event_is_its_definition(value):
    """`record` writes most events without orjson's options and `default` (core/codec.py's `_plain`); whatever
    an event holds, its record is still `dumps({"timestamp": ..., "event": ...})`."""
    stamp = datetime(2026, 11, 29, 4, 31, 5, 123)
    event = Odd(value)
    assert codec.record(codec.record_start(stamp), event) == codec.dumps({"timestamp": stamp, "event": event})
    expected = orjson.dumps(plainly({"timestamp": stamp, "event": event}), option=orjson.OPT_NON_STR_KEYS)
    assert codec.record(codec.record_start(stamp), event) == expected
