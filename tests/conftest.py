"""Shared pytest options: `--rules module:Class` runs the conformance suite on a game not yet registered."""

from collections.abc import Iterator

import pytest

from meeplog.core.registry import game_names, known_game
from meeplog.players import llm


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--rules",
        action="append",
        default=[],
        help="run the conformance suite on this game instead of the registered ones (module:Class, repeatable)",
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "game_name" in metafunc.fixturenames:
        names = metafunc.config.getoption("rules") or game_names()
        metafunc.parametrize("game_name", names, indirect=True)


@pytest.fixture
def game_name(request: pytest.FixtureRequest) -> Iterator[str]:
    """The game under test. One given as `--rules module:Class` is known by its own name while its test runs
    (stored games and replays name their game), and only then."""
    name = request.param
    if ":" not in name:
        yield name
        return
    with known_game(name):
        yield name


@pytest.fixture(autouse=True)
def forget_accepted_formats():
    """What endpoints accepted is remembered per process (players/llm.py); each test meets its server anew."""
    llm.accepted.clear()
    yield
    llm.accepted.clear()
