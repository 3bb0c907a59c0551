"""Shared pytest options: `--rules module:Class` runs the conformance suite on a game not yet registered."""

import pytest

from core.registry import game_names


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
        metafunc.parametrize("game_name", names)
