"""Shared fixtures. The games under test (`meeplog_game`, `meeplog_rules`, and `--meeplog-rules module:Class` for a
game not yet registered) come from the conformance kit's pytest plugin, meeplog.core.conformance.plugin."""

import pytest

from meeplog.players import llm


@pytest.fixture(autouse=True)
def forget_accepted_formats():
    """What endpoints accepted is remembered per process (players/llm.py); each test meets its server anew."""
    llm.accepted.clear()
    yield
    llm.accepted.clear()
