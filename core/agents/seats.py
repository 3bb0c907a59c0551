"""What an agent is told, as its games go: a game started with its seat, its turn (the seat's observation and
legal commands, as the game's owner asks it), the game over. The web sends these down the agent's one stream
(replays/viewer/agents.py); the seat's commands come back through the tables (`Tables.command`), with the agent's
token as the seat's credential, so the seat contract and its checks are the browser seat's.

`Presence` counts the streams each agent holds open: the ladder seats only agents that are connected.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading
import time
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any

from meeplog.core.audit import GameFinished, SeatForfeited
from meeplog.core.players import Observation
from meeplog.core.tables.service import Tables
from meeplog.core.tables.setup import AGENT
from meeplog.core.tables.table import Table

LOOK_SECONDS = 0.5  # the longest a stream waits without word of a change before it looks again


@dataclass(frozen=True)
class Started:
    table: Table
    seat: int


@dataclass(frozen=True)
class Turn:
    table: Table
    seat: int
    version: int
    observation: Observation
    determinisation: Any  # a state drawn by Rules.sample from what the seat knows (for bots that search)


@dataclass(frozen=True)
class Over:
    table: Table
    seat: int
    ranks: tuple[int, ...] | None  # None: the game was forfeited or stopped, and has no result
    why: str


AgentEvent = Started | Turn | Over


class Presence:
    """How many streams each agent holds open, in this process."""

    def __init__(self) -> None:
        self._open: Counter[str] = Counter()
        self._lock = threading.Lock()

    @contextmanager
    def connected(self, name: str) -> Iterator[None]:
        with self._lock:
            self._open[name] += 1
        try:
            yield
        finally:
            with self._lock:
                self._open[name] -= 1
                if self._open[name] <= 0:
                    del self._open[name]

    def names(self) -> set[str]:
        with self._lock:
            return set(self._open)


def seat_of(table: Table, name: str) -> int | None:
    """The seat agent `name` plays at this table, if any."""
    mine = f"{name}={AGENT}"
    return next((seat for seat, text in enumerate(table.laid.seats) if text == mine), None)


async def agent_events(tables: Tables, name: str, quiet: float) -> AsyncIterator[AgentEvent | None]:
    """Agent `name`'s events in every table it sits at, as they happen; None after `quiet` seconds of none."""
    loop = asyncio.get_running_loop()
    changed = asyncio.Event()
    others: set[uuid.UUID] = set()  # tables read and found to have no seat of this agent's: their changes are not news

    def heard(game_id: uuid.UUID) -> None:
        if game_id not in others:
            loop.call_soon_threadsafe(changed.set)

    stop_watching = tables.watch(heard)
    seated: dict[uuid.UUID, tuple[int, int]] = {}  # game -> (seat, version its last turn was sent at, or -1)
    since: dict[uuid.UUID, int] = {}  # game -> the version the seat's feed was sent up to
    said = time.monotonic()
    try:
        while True:
            changed.clear()
            events = await asyncio.to_thread(_news, tables, name, seated, since, others)
            for event in events:
                said = time.monotonic()
                yield event
            if not events and time.monotonic() - said >= quiet:
                said = time.monotonic()
                yield None
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), LOOK_SECONDS)
    finally:
        stop_watching()


def _news(
    tables: Tables,
    name: str,
    seated: dict[uuid.UUID, tuple[int, int]],
    since: dict[uuid.UUID, int],
    others: set[uuid.UUID],
) -> list[AgentEvent]:
    news: list[AgentEvent] = []
    unfinished = tables.unfinished()
    for table in unfinished:
        if table.id in seated or table.id in others:
            continue
        if (seat := seat_of(table, name)) is None:
            others.add(table.id)
            continue
        seated[table.id] = (seat, -1)
        since[table.id] = 0
        news.append(Started(table, seat))
    others &= {table.id for table in unfinished}  # forget the tables that ended
    for game_id, (seat, asked) in list(seated.items()):
        table = tables.table(game_id)
        with table.reading() as game:
            if table.over:
                news.append(Over(table, seat, *_result(table)))
                del seated[game_id], since[game_id]
            elif seat in game.pending().seats and game.version != asked:
                drawn = game.rules.sample(game.state, seat, random.Random())
                observation = game.observation(seat, since=since[game_id]).replace(
                    sample=partial(game.rules.sample, drawn, seat)
                )
                news.append(Turn(table, seat, game.version, observation, drawn))
                seated[game_id] = (seat, game.version)
                since[game_id] = game.version
    return news


def _result(table: Table) -> tuple[tuple[int, ...] | None, str]:
    last = table.game.log[-1].event
    if isinstance(last, GameFinished):
        return last.ranks, ""
    if isinstance(last, SeatForfeited):
        return None, f"seat {last.seat} forfeited: {last.why}"
    return None, table.ended.why if table.ended is not None else "the table stopped"
