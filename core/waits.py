"""What `meeplog play` shows while a game waits on a seat: who, and for how long.

A model or an HTTP agent may take minutes on one decision (a server that fails is retried with backoff), and
a game played in silence looks hung. In a terminal a status line names the seat the game waits on, who plays
it and the seconds so far; elsewhere (a log file, a pipe) a line is written once a wait passes
`QUIET_FOR` seconds, then every `EVERY` seconds. A person at the terminal is never shown a wait of their own:
their prompt is on the screen.
"""

from __future__ import annotations

import asyncio
import contextlib
import time

from rich.console import Console

from meeplog.core.kernel import Outcome
from meeplog.core.runner import MatchRunner

TICK = 0.25  # seconds between two looks at the runner
QUIET_FOR = 10.0  # a wait shorter than this is not written to a log
EVERY = 30.0  # then a line every this many seconds


async def play_showing_waits(runner: MatchRunner, console: Console) -> Outcome | None:
    """Play the runner's game to its end, showing its waits on `console` (not at all when a person plays
    here: a status line would draw over their prompt)."""
    if any(seat.player.interactive for seat in runner.seats):
        return await runner.play()
    playing = asyncio.ensure_future(runner.play())
    with console.status("") if console.is_terminal else contextlib.nullcontext() as status:
        written: dict[int, float] = {}  # for a log: when each seat's current wait was last written
        while not playing.done():
            await asyncio.wait([playing], timeout=TICK)
            line = waiting_line(runner)
            if status is not None:
                status.update(line or "")
            elif line:
                _write_now_and_then(runner, console, written)
    return playing.result()


def waiting_line(runner: MatchRunner) -> str | None:
    """What the game waits on now, or None."""
    now = time.monotonic()
    waits = [
        f"seat {seat} ({runner.seats[seat].player.describe()}) for {now - since:.0f}s"
        for seat, since in sorted(runner.waiting.items())
    ]
    return "waiting on " + ", ".join(waits) if waits else None


def _write_now_and_then(runner: MatchRunner, console: Console, written: dict[int, float]) -> None:
    now = time.monotonic()
    for seat in list(written):
        if seat not in runner.waiting:
            del written[seat]
    due = [
        seat for seat, since in runner.waiting.items()
        if now - since >= QUIET_FOR and now - written.get(seat, since - EVERY) >= EVERY
    ]
    if due:
        written.update(dict.fromkeys(due, now))
        console.print(waiting_line(runner), soft_wrap=True)
