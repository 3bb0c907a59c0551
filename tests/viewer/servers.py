"""`meeplog serve` as a real process, for the tests that stop, kill and start servers, and a seat's sheet read from
its event stream as a page reads it."""

from __future__ import annotations

import signal
import socket
import subprocess
import threading
import time
from typing import Any

import httpx
import orjson

from tests.tournament.plans import MEEPLOG

START_SECONDS = 60  # the longest a server may take to listen (it resumes its tables first)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """One `meeplog serve` process on `port` (a free one by default); its terminal's lines in `lines`."""

    def __init__(self, db: str, port: int | None = None, *more: str) -> None:
        self.db = db
        self.more = more  # further options of `meeplog serve`
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.lines: list[str] = []
        self.process: subprocess.Popen[str] | None = None

    def start(self) -> Server:
        self.lines = []
        self.process = subprocess.Popen([MEEPLOG, "serve", "--db", self.db, "--port", str(self.port), *self.more],
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        threading.Thread(target=self._read, args=(self.process,), daemon=True).start()
        deadline = time.monotonic() + START_SECONDS
        while not any(line.startswith(f"Meeplog viewer on {self.url}/") for line in self.lines):
            assert self.process.poll() is None, f"the server stopped: {self.lines}"
            assert time.monotonic() < deadline, f"the server did not listen: {self.lines}"
            time.sleep(0.05)
        return self

    def _read(self, process: subprocess.Popen[str]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            self.lines.append(line.rstrip("\n"))

    def stop(self, how: signal.Signals = signal.SIGTERM) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(how)
            self.process.wait(30)

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()


def start_table(server: Server, game: str, seats: list[str], **more: Any) -> dict[str, Any]:
    answer = httpx.post(f"{server.url}/api/tables", json={"game": game, "seats": seats, **more}, timeout=30)
    assert answer.status_code == 201, answer.text
    return answer.json()


def token_of(link: str) -> str:
    return link.partition("token=")[2]


def asked(server: Server, game_id: str, seat: int, token: str, after: int = -1) -> dict[str, Any]:
    """The seat's sheet, as its stream sends it, once the seat is asked at a version past `after` (or it is over)."""
    events = f"{server.url}/api/play/{game_id}/{seat}/events"
    with httpx.stream("GET", events, params={"token": token}, timeout=60) as stream:
        for line in stream.iter_lines():
            if line.startswith("data: "):
                sheet = orjson.loads(line.removeprefix("data: "))
                if sheet["version"] > after and (sheet["yours"] or sheet["over"]):
                    return sheet
    raise AssertionError(f"the stream of seat {seat} ended before the seat was asked")


def send(server: Server, game_id: str, seat: int, token: str, sheet: dict[str, Any], *,
         index: int = 0) -> httpx.Response:
    body = {"token": token, "version": sheet["version"], "command": sheet["commands"][index]["command"]}
    return httpx.post(f"{server.url}/api/play/{game_id}/{seat}", json=body, timeout=30)
