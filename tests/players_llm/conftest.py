"""A mock model server per test, on 127.0.0.1 and an ephemeral port, stopped when the test ends."""

from __future__ import annotations

from contextlib import ExitStack

import pytest

from meeplog.players.mock_llm import MockPolicy, serving


@pytest.fixture
def mock_server():
    """Call with MockPolicy fields to start a server; every server started is stopped after the test."""
    with ExitStack() as stack:
        yield lambda **policy: stack.enter_context(serving(MockPolicy(**policy)))

