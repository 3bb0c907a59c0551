"""A real viewer server on a free port, and Debian's Chromium driven by Playwright, for the browser tests."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import uvicorn

from meeplog.replays.viewer.app import create_app
from meeplog.replays.viewer.library import Library

CHROMIUM = Path("/usr/bin/chromium")


@contextmanager
def served(library: Library) -> Iterator[str]:
    """The viewer over `library`, listening on 127.0.0.1 in a thread; its base URL."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(library), host="127.0.0.1", port=port, log_level="warning", timeout_graceful_shutdown=1
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the viewer did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


@contextmanager
def chromium() -> Iterator[object]:
    """A headless Chromium; the test skips, saying why, where it is not installed (scripts/setup-venv does)."""
    if not CHROMIUM.exists():
        pytest.skip(f"no Chromium at {CHROMIUM}: scripts/setup-venv installs Debian's (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM))
        try:
            yield browser
        finally:
            browser.close()
