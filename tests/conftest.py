"""Shared fixtures. The games under test (`meeplog_game`, `meeplog_rules`, and `--meeplog-rules module:Class` for a
game not yet registered) come from the conformance kit's pytest plugin, meeplog.core.conformance.plugin."""

import signal

import pytest

from meeplog.players import llm


def pytest_configure(config):
    """The tests that press Ctrl-C send SIGINT to the processes they start. A suite started in the background
    by a shell without job control (`(scripts/test &)`, a CI runner's) inherits SIGINT ignored, and an ignored
    signal stays ignored across exec: every such process would shrug it off. A handler is reset at exec."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_collection_modifyitems(items):
    """The files marked slow run first: xdist hands whole files to its workers in this order (scripts/test's
    --dist loadfile), and the longest handed out last would keep one worker busy while the other waits."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(autouse=True)
def forget_accepted_formats():
    """What endpoints accepted is remembered per process (players/llm.py); each test meets its server anew."""
    llm.accepted.clear()
    yield
    llm.accepted.clear()
