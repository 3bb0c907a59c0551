"""JSON encoding of events and commands, tagged by class name, so stores and replays stay readable.

orjson writes the dataclasses (via `default`, to add the `type` tag); decoding looks the tag up in the
game's classes and the engine's own, and turns JSON arrays back into tuples (events hold no lists).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from datetime import datetime
from typing import Any, Final

import orjson

TYPE_KEY: Final = "type"
_OPTIONS: Final = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_NON_STR_KEYS


class DecodeError(ValueError):
    """A JSON object that does not name a known event or command, or whose fields do not fit it."""


class Codec:
    """Encodes and decodes the dataclasses of one game plus the engine's audit events."""

    def __init__(self, classes: Iterable[type]) -> None:
        self._classes: dict[str, type] = {}
        for cls in classes:
            known = self._classes.setdefault(cls.__name__, cls)
            if known is not cls:
                raise ValueError(f"two classes are named {cls.__name__}: {known.__module__} and {cls.__module__}")
            if TYPE_KEY in {f.name for f in dataclasses.fields(cls)}:
                raise ValueError(f"{cls.__name__} has a field named {TYPE_KEY!r}, which the codec reserves")

    def dumps(self, obj: Any) -> bytes:
        return dumps(obj)

    def loads(self, data: bytes | str) -> Any:
        return self.decode(orjson.loads(data))

    def encode(self, obj: Any) -> Any:
        """Plain JSON-ready data (dicts, lists, scalars) for `obj`."""
        return orjson.loads(self.dumps(obj))

    def decode(self, data: Any) -> Any:
        if isinstance(data, list):
            return tuple(self.decode(item) for item in data)
        if not isinstance(data, dict):
            return data
        if TYPE_KEY not in data:
            return {key: self.decode(value) for key, value in data.items()}
        name = data[TYPE_KEY]
        cls = self._classes.get(name)
        if cls is None:
            raise DecodeError(f"unknown type {name!r}")
        fields = {key: self.decode(value) for key, value in data.items() if key != TYPE_KEY}
        try:
            return cls(**fields)
        except TypeError as error:
            raise DecodeError(f"{name}: {error}") from None


def dumps(obj: Any) -> bytes:
    """JSON bytes for any mix of plain data and our dataclasses; needs no registry, only decoding does.

    The bytes are a copy of exactly their length. orjson hands back its whole output buffer, 4 KB at least
    whatever it holds, so every record kept until a save (a game's events, a worker's finished game) held
    4 KB, and allocating the fresh buffers cost six times the encoding (ijl/orjson#483 and
    home-assistant/core#181240 measured the same).
    """
    return b"".join((_encoded(obj), b""))  # join copies two parts (it would hand back a lone one as it is)


def record_start(timestamp: datetime) -> bytes:
    """The JSON of a stored record up to its event (`record` completes it), made once for the records that
    share their timestamp: a decision's."""
    return b'{"timestamp":' + _encoded(timestamp) + b',"event":'


def record(start: bytes, event: Any) -> bytes:
    """`dumps({"timestamp": timestamp, "event": event})`, from `record_start(timestamp)`: a record as the store
    keeps it, a copy of exactly its length."""
    plain = _plain(event)
    return b"".join((start, _encoded(event) if plain is _NOT_PLAIN else orjson.dumps(plain), b"}"))


_NOT_PLAIN: Final = object()  # what `_plain` gives for data that only orjson with `_tagged` encodes


def _plain(obj: object) -> object:
    """`obj` as the plain data (dicts with str keys, lists, scalars) that orjson writes as `_encoded` writes `obj`,
    or _NOT_PLAIN for anything else (a set, a datetime, an enum, a key that is no str): the fast path of a
    record's event. Given no option and no `default`, orjson takes a tenth of what the options' parsing and a
    call of `_tagged` for every dataclass cost it, and this compiled walk of a small event is cheaper still."""
    kind = type(obj)
    if kind is int or kind is str or kind is bool or kind is float or obj is None:
        return obj
    if type(obj) is tuple or type(obj) is list:  # exactly these (a subclass is left to orjson's options), narrowed
        return _plain_items(obj)
    if type(obj) is dict:
        return _plain_dict(obj)
    names = _tag_names(kind)
    return _NOT_PLAIN if names is None else _tag(obj, names, plain=True)


def _plain_items(items: tuple[object, ...] | list[object]) -> object:
    """A tuple or list as plain data: itself when it holds scalars only (most events' do), else a list."""
    plain: list[object] | None = None
    for index, item in enumerate(items):
        value = _plain(item)
        if value is _NOT_PLAIN:
            return _NOT_PLAIN
        if value is not item and plain is None:
            plain = list(items[:index])
        if plain is not None:
            plain.append(value)
    return items if plain is None else plain


def _plain_dict(data: dict[object, object]) -> object:
    plain: dict[str, object] = {}
    for key, item in data.items():
        value = _plain(item)
        if type(key) is not str or value is _NOT_PLAIN:
            return _NOT_PLAIN
        plain[key] = value
    return plain


def _encoded(obj: Any) -> bytes:
    try:
        return orjson.dumps(obj, default=_tagged, option=_OPTIONS)
    except TypeError as error:
        # orjson turns whatever `default` raises into a TypeError, Ctrl-C included: give it back as itself,
        # or an interrupted save reads as an unserialisable event.
        if isinstance(error.__cause__, KeyboardInterrupt):
            raise error.__cause__ from None
        raise


def _tagged(obj: Any) -> Any:
    """orjson's `default`: our dataclasses tagged (`_tag`), sets sorted, datetime subclasses in ISO form."""
    names = _tag_names(type(obj))  # of its type: is_dataclass says yes for a dataclass type itself too
    if names is not None:
        return _tag(obj, names, plain=False)
    if isinstance(obj, (set, frozenset)):
        return sorted(obj)
    if isinstance(obj, datetime):  # a datetime subclass, which orjson leaves to us: freezegun's in tests
        return obj.isoformat()
    raise TypeError(f"cannot encode {type(obj).__name__}")


def _tag(obj: object, names: tuple[str, ...], *, plain: bool) -> object:
    """The one rule by which both encodings tag a dataclass: `{"type": its name, field: value, ...}`, the fields in
    their order (`names`, from `_tag_names`). With `plain`, each value as plain data too (`_plain`), or _NOT_PLAIN if
    one is not."""
    tagged: dict[str, object] = {TYPE_KEY: names[0]}
    for name in names[1:]:
        value = getattr(obj, name)
        if plain:
            value = _plain(value)
            if value is _NOT_PLAIN:
                return _NOT_PLAIN
        tagged[name] = value
    return tagged


def _tag_names(cls: type) -> tuple[str, ...] | None:
    """A dataclass's name, then its fields' names (what `_tag` writes), made at its first encoding; None for a
    class that is no dataclass."""
    names = _NAMES.get(cls)
    if names is None and dataclasses.is_dataclass(cls):
        names = _NAMES[cls] = (cls.__name__, *(field.name for field in dataclasses.fields(cls)))
    return names


_NAMES: Final[dict[type, tuple[str, ...]]] = {}  # `_tag_names` of each class met
