"""The event codec: Ctrl-C during an encoding stays Ctrl-C, and a kept encoding holds only its own bytes."""

from __future__ import annotations

import tracemalloc
from dataclasses import dataclass

import pytest

from meeplog.core import codec


@dataclass(frozen=True)
class Ping:
    seat: int


def test_ctrl_c_while_encoding_is_raised_as_itself(monkeypatch):
    """orjson wraps what its `default` raises in a TypeError; an interrupted save must not read as a bad event."""

    def interrupted(obj):
        raise KeyboardInterrupt

    monkeypatch.setattr(codec, "_tagged", interrupted)
    with pytest.raises(KeyboardInterrupt):
        codec.dumps([Ping(1)])


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
