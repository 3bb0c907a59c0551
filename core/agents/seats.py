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
from meeplog.core.game import Game
from meeplog.core.players import Observation
from meeplog.core.tables.service import Tables
from meeplog.core.tables.setup import agent_seat
from meeplog.core.tables.table import NoTable, Table

LOOK_SECONDS = 2.0  # how often a stream looks at every table, should word of a change be lost


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
    determinisation: Any  # a state drawn by Rules.sample from what the seat knows (for bots that search), or None


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
    mine = agent_seat(name)
    return next((seat for seat, text in enumerate(table.laid.seats) if text == mine), None)


async def agent_events(
    tables: Tables, name: str, quiet: float, *, determinisations: bool = True
) -> AsyncIterator[AgentEvent | None]:
    """Agent `name`'s events in every table it sits at, as they happen; None after `quiet` seconds of none.

    Word of a change names its table, and only the tables named are read again (word comes of the tables the agent
    sits at and of tables new here, not of every decision of the others: `Tables.watch`); and of the agent's own
    tables, only word that may bring it news wakes the stream (its turn, the end: `_News.worth_a_look`, on the
    thread of the word), not each of the other seats' decisions. Every table is looked at once each LOOK_SECONDS as
    well, should word be lost. A turn carries a determinisation only when `determinisations`
    (drawing and pickling one costs more than the rest of the turn, and only bots that search use it)."""
    loop = asyncio.get_running_loop()
    changed = asyncio.Event()
    others: set[uuid.UUID] = set()  # tables read and found to have no seat of this agent's: their changes are not news
    named: set[uuid.UUID] = set()  # tables word came of since they were last read (added to from other threads)

    news = _News(tables, name, determinisations, others)

    def heard(game_id: uuid.UUID) -> None:
        if game_id not in others and news.worth_a_look(game_id):
            named.add(game_id)
            loop.call_soon_threadsafe(changed.set)

    stop_watching = tables.watch(heard, agent_seat(name))
    said = looked = time.monotonic()
    everything = True
    try:
        while True:
            changed.clear()
            asked: set[uuid.UUID] = set()
            while named:
                asked.add(named.pop())
            events = await asyncio.to_thread(news.look, None if everything else asked)
            for event in events:
                said = time.monotonic()
                yield event
            if not events and time.monotonic() - said >= quiet:
                said = time.monotonic()
                yield None
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), max(0.0, LOOK_SECONDS - (time.monotonic() - looked)))
            everything = time.monotonic() - looked >= LOOK_SECONDS
            if everything:
                looked = time.monotonic()
    finally:
        stop_watching()


class _News:
    """What one agent's stream has told it, and what is new since."""

    def __init__(self, tables: Tables, name: str, determinisations: bool, others: set[uuid.UUID]) -> None:
        self.tables = tables
        self.name = name
        self.determinisations = determinisations
        self.others = others
        self.seated: dict[uuid.UUID, tuple[int, int]] = {}  # game -> (seat, version its last turn was sent at, or -1)
        self.since: dict[uuid.UUID, int] = {}  # game -> the version the seat's feed was sent up to

    def look(self, named: set[uuid.UUID] | None) -> list[AgentEvent]:
        """The events of the tables `named` (every table, when None)."""
        news: list[AgentEvent] = []
        if named is None:
            unfinished = self.tables.unfinished()
            self.others &= {table.id for table in unfinished}  # forget the tables that ended
            fresh = [table for table in unfinished if table.id not in self.seated and table.id not in self.others]
            looked_at = list(self.seated)
        else:
            fresh = []
            for game_id in named:
                if game_id in self.seated or game_id in self.others:
                    continue
                try:
                    table = self.tables.table(game_id)
                except NoTable:
                    continue
                if table.over:
                    self.others.add(game_id)
                else:
                    fresh.append(table)
            looked_at = [game_id for game_id in named if game_id in self.seated]
        for table in fresh:
            if (seat := seat_of(table, self.name)) is None:
                self.others.add(table.id)
                continue
            self.seated[table.id] = (seat, -1)
            self.since[table.id] = 0
            news.append(Started(table, seat))
            looked_at.append(table.id)
        for game_id in looked_at:
            news.extend(self._of(game_id))
        return news

    def worth_a_look(self, game_id: uuid.UUID) -> bool:
        """Whether the table, as it is now, may have news for the agent: a table not looked at yet, or one where
        `_of` would find some. Called on the thread of the word of a change, from the table as that word left it (a
        later change brings its own word); what the stream's thread writes meanwhile makes it say no only to a turn
        that thread has told already."""
        seated = self.seated.get(game_id)
        if seated is None:
            return True
        try:
            table = self.tables.table(game_id)
        except NoTable:
            return True
        with table.reading() as game:
            return _news(table, game, *seated)

    def _of(self, game_id: uuid.UUID) -> list[AgentEvent]:
        seat, asked = self.seated[game_id]
        table = self.tables.table(game_id)
        with table.reading() as game:
            if not _news(table, game, seat, asked):
                return []
            if table.over:
                del self.seated[game_id], self.since[game_id]
                return [Over(table, seat, *_result(table))]
            observation = game.observation(seat, since=self.since[game_id])
            drawn = None
            if self.determinisations:
                drawn = game.rules.sample(game.state, seat, random.Random())
                observation = observation.replace(sample=partial(game.rules.sample, drawn, seat))
            self.seated[game_id] = (seat, game.version)
            self.since[game_id] = game.version
            return [Turn(table, seat, game.version, observation, drawn)]


def _news(table: Table, game: Game, seat: int, asked: int) -> bool:
    """Whether the table has news for `seat`, last told its turn at version `asked`: the end, or its turn since."""
    return table.over or (seat in game.pending().seats and game.version != asked)


def _result(table: Table) -> tuple[tuple[int, ...] | None, str]:
    last = table.game.log[-1].event
    if isinstance(last, GameFinished):
        return last.ranks, ""
    if isinstance(last, SeatForfeited):
        return None, f"seat {last.seat} forfeited: {last.why}"
    return None, table.ended.why if table.ended is not None else "the table stopped"
