"""A store filled with a game of every kind and a tournament, once per test module (tests/viewer/stores.py)."""

from __future__ import annotations

import pytest

from tests.viewer.stores import filled_store


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    path = tmp_path_factory.mktemp("viewer") / "games.db"
    store, games = filled_store(path)
    return path, store, games
