"""A store filled with a game of every kind and a tournament, once per test module (tests/viewer/stores.py), and
Chromium (once per module) with a fresh page per test that fails the test if the page's script failed."""

from __future__ import annotations

import pytest

from tests.viewer.browser import chromium
from tests.viewer.stores import filled_store


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    path = tmp_path_factory.mktemp("viewer") / "games.db"
    store, games = filled_store(path)
    return path, store, games


@pytest.fixture(scope="module")
def browser():
    with chromium() as running:
        yield running


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    opened = context.new_page()
    errors = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert errors == [], f"the page's script failed: {errors}"
