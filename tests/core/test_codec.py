"""The event codec: Ctrl-C during an encoding stays Ctrl-C."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from core import codec


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
