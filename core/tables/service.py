"""The tables of one store, as one server process serves them: the domain API the web (and any other front) calls.

- `lay(setup)` starts a table: its game and its laying are stored in one transaction, and each seat played from
  outside gets its credential, handed back once (`Laid`) and kept only as a hash.
- `table(game_id)` is the table as this process last read it; `check(game_id, seat, credential)` the same, for the
  seat's holder only.
- `command(game_id, seat, credential, version, data)` sends a seat's command: checked against the game at that
  version, then stored as a record only one of which can exist for that seat at that version, whichever process
  took it; the process that owns the table plays it.
- `follow(game_id)` yields the table each time it changes, in any process.
- `guard(game_id)` refuses the debugger a game people are playing (Locked), from what the store holds, so the
  lock outlives any process.

`open()` reads which tables have not ended and starts the sweep that claims them (coordination.py): at once in a
single process, and in a process of several within SWEEP_SECONDS of their owner's death. `close()` stops playing;
everything played is in the store already.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import threading
import time
import uuid
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from eventsourcing.persistence import IntegrityError

from meeplog.core.audit import GameFinished, SeatForfeited
from meeplog.core.codec import dumps
from meeplog.core.game import Game, Recorded
from meeplog.core.options import configure
from meeplog.core.players import make_player
from meeplog.core.registry import UnknownName, load_rules
from meeplog.core.specs import NamedSpec, PlayerSpec
from meeplog.core.store import GameStore
from meeplog.core.tables.coordination import Coordination, coordination_for, read_word, word
from meeplog.core.tables.events import (
    TABLE_TOPIC,
    SeatCommanded,
    TableEnded,
    TableLaid,
    command_id,
    record,
    table_id,
)
from meeplog.core.tables.playing import CHECK_SECONDS, Playing
from meeplog.core.tables.setup import Setup, credential_hash, is_person, new_credential, seat_texts
from meeplog.core.tables.table import NoTable, NotNow, Table
from meeplog.core.tournament.progress import Records

log = logging.getLogger(__name__)

KEPT_TABLES = 256  # tables read and kept beyond the unfinished ones (pages of ended games people still look at)
SWEEP_SECONDS = 1.0  # how often a process looks for tables nobody plays (their owner died)
FOLLOW_SECONDS = 0.05  # how often `follow` looks at the table in memory (word of changes updates it)


class Locked(PermissionError):
    """People are playing the game: what shows every seat's hand stays closed until it is over."""


@dataclass(frozen=True)
class Laid:
    """A table just laid: its game's id, seats as stored, and each outside seat's credential (shown only here)."""

    game_id: uuid.UUID
    title: str
    seats: tuple[str, ...]
    credentials: dict[int, str]


class Tables:
    def __init__(self, store: GameStore, coordination: Coordination | None = None,
                 announce: Callable[[str], None] = lambda _: None) -> None:
        """`coordination` defaults to the store's kind's (coordination.py), made by `open`: until then the tables
        are read and guarded, but none is laid or played."""
        self.store = store
        self._coordination = coordination
        self.announce = announce
        self._tables: dict[uuid.UUID, Table] = {}
        self._playing: dict[uuid.UUID, Playing] = {}
        self._unfinished: set[uuid.UUID] = set()
        self._watchers: dict[str | None, list[Callable[[uuid.UUID], None]]] = {}  # by the seat watched, None: all
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._sweeper = threading.Thread(target=self._sweep, name="tables sweep", daemon=True)

    # --- the process's life --------------------------------------------------------------------------

    def open(self) -> None:
        """Find the tables that have not ended, hear of changes, and start playing what nobody plays; StoreBusy
        when the store can be served by one process only and another serves it. Opening open tables does nothing."""
        if self._sweeper.is_alive():
            return
        if self._coordination is None:
            self._coordination = coordination_for(self.store.db)
        laid: list[uuid.UUID] = []
        ended: set[uuid.UUID] = set()
        topics = [f"{TABLE_TOPIC}/{TableLaid.__name__}", f"{TABLE_TOPIC}/{TableEnded.__name__}"]
        start = 1
        while batch := self.store.recorder.select_notifications(start=start, limit=500, topics=topics):
            for note in batch:
                recorded = self.store.mapper.to_domain_event(note)
                if isinstance(recorded.event, TableLaid):
                    laid.append(uuid.UUID(recorded.event.game_id))
                else:
                    ended.add(recorded.originator_id)
            start = batch[-1].id + 1
        with self._lock:
            self._unfinished = {game_id for game_id in laid if table_id(game_id) not in ended}
        self.coordination.listen(self._heard)
        self._claim_all()
        self._sweeper.start()

    def close(self) -> None:
        self._stop.set()
        if self._sweeper.is_alive():
            self._sweeper.join(SWEEP_SECONDS * 3)
        for playing in list(self._playing.values()):
            playing.stop()
        if self._coordination is not None:
            self._coordination.close()

    @property
    def coordination(self) -> Coordination:
        if self._coordination is None:
            raise RuntimeError("the tables are not open: call Tables.open() first (the viewer does as it starts)")
        return self._coordination

    # --- laying a table ------------------------------------------------------------------------------

    def lay(self, setup: Setup) -> Laid:
        """Start a table; ValueError, in one line, for a setup that cannot be played."""
        try:
            rules = load_rules(setup.game)
            seats = seat_texts(setup.seats)
            config = configure(rules, len(seats), setup.options)
            for seat, spec in enumerate(seats):  # every player is built once now, so a bad spec is refused here
                if not is_person(spec):
                    make_player(NamedSpec.parse(spec).spec, seat)
            make_player(PlayerSpec.parse(setup.fallback), 0)
        except UnknownName as error:  # a game or player not installed: a bad request like the others
            raise ValueError(str(error)) from None
        seed = setup.seed if setup.seed is not None else random.randrange(2**31)
        game = Game.start(rules, config, seats, seed)
        credentials = {seat: new_credential() for seat, spec in enumerate(seats)
                       if is_person(spec) and seat not in setup.holders}
        hashes = {seat: credential_hash(credential) for seat, credential in credentials.items()} | setup.holders
        commanded = tuple(sorted(hashes))
        laid = TableLaid(str(game.id), seats, commanded, tuple(hashes[seat] for seat in commanded),
                         setup.turn_seconds, setup.fallback, setup.pace_seconds)
        table = table_id(game.id)
        self.store.save(Records(game.id, game.collect_events()), Records(table, [record(table, 1, laid)]))
        with self._lock:
            self._unfinished.add(game.id)
        self._claim(game.id)
        self.coordination.notify(word(game.id))
        return Laid(game.id, rules.title, seats, credentials)

    # --- reading a table ------------------------------------------------------------------------------

    def table(self, game_id: uuid.UUID | str) -> Table:
        """The table of that game as last read (read now the first time); NoTable if there is none.

        A table read the first time is read once more when it is kept: what was saved while it was read, its owner's
        `_saved` and the word did not find here, and nothing else would bring it until the next save."""
        found = _game_id(game_id)
        with self._lock:
            table = self._tables.get(found)
        if table is None:
            read = Table(self.store, found)
            with self._lock:
                table = self._tables.setdefault(found, read)
                self._forget_some()
            if table is read:
                table.catch_up()
        return table

    def _forget_some(self) -> None:
        """Drop the oldest kept tables that have ended, past KEPT_TABLES (they are read again if asked for)."""
        ended = [game_id for game_id, table in self._tables.items() if table.ended is not None]
        for game_id in ended[: max(0, len(ended) - KEPT_TABLES)]:
            del self._tables[game_id]

    def check(self, game_id: uuid.UUID | str, seat: int, credential: str) -> Table:
        table = self.table(game_id)
        table.check(seat, credential)
        return table

    def unfinished(self) -> list[Table]:
        """The tables not ended, as last read."""
        with self._lock:
            ids = sorted(self._unfinished)
        return [self.table(game_id) for game_id in ids]

    def guard(self, game_id: uuid.UUID) -> None:
        """Locked while people play the game at a table; nothing for any other game."""
        records = list(self.store.events.get(table_id(game_id)))
        if not records or any(isinstance(r.event, TableEnded) for r in records):
            return
        laid = records[0].event
        if not isinstance(laid, TableLaid) or not laid.commanded:
            return
        last = self.store.events.get(game_id, desc=True, limit=1)
        if any(isinstance(r.event, GameFinished | SeatForfeited) for r in last):
            return
        raise Locked("people are playing this game from their seats; its debugger opens when it is over")

    async def follow(self, game_id: uuid.UUID | str, quiet: float) -> AsyncIterator[Table | None]:
        """The table now and each time it changes, None after `quiet` seconds without a change; it ends once it
        has yielded the table over. The store is read again every CHECK_SECONDS, should word of a change be lost.

        Whether to end is decided by the table as it was when yielded, not as it is when the reader comes back:
        the owner's thread may end the game while the reader draws what it was given, and a reader that was given
        the table before its end must be given it once more, over (a seat's page would otherwise wait for ever)."""
        table = self.table(game_id)
        seen: tuple[int, bool] | None = None
        since = checked = time.monotonic()
        while True:
            now = (table.version, table.over)
            if now != seen:
                seen, since = now, time.monotonic()
                yield table
                if now[1]:
                    return
            elif time.monotonic() - since >= quiet:
                since = time.monotonic()
                yield None
            await asyncio.sleep(FOLLOW_SECONDS)
            if time.monotonic() - checked >= CHECK_SECONDS:
                await asyncio.to_thread(table.catch_up)
                checked = time.monotonic()

    def watch(self, heard: Callable[[uuid.UUID], None], seat: str | None = None) -> Callable[[], None]:
        """Call `heard(game_id)` (on another thread) each time a table changed, once this process has read the
        change; with `seat` (a seat as laid, `NAME=agent`), only for the tables with that seat and those not read
        here yet (an agent's stream is not called at every decision of the tables it does not sit at). The function
        returned stops it."""
        with self._lock:
            self._watchers.setdefault(seat, []).append(heard)

        def unwatch() -> None:
            with self._lock:
                self._watchers[seat].remove(heard)

        return unwatch

    # --- commands ------------------------------------------------------------------------------------

    def command(self, game_id: uuid.UUID | str, seat: int, credential: str, version: int, data: Any) -> None:
        """Send `seat`'s command `data` (its JSON) as seen at `version`: NotYourSeat without the seat's credential,
        NotNow when the seat may not play it then or another command for that seat and version was taken first,
        ValueError when it is no command of the game.

        A table this process plays is checked as it is kept: its owner gives it each save before it asks the next
        seat (`_saved`), so it holds every record the seat can have seen, and it is read only to make sure of a
        refusal (another process may have taken the table over). Another process's word may still be on its way,
        and a table played elsewhere is read first."""
        table = self.check(game_id, seat, credential)
        with self._lock:
            playing = self._playing.get(table.id)
        if playing is None:
            table.catch_up()
        try:
            command = table.command_of(seat, version, data)
        except NotNow:
            if playing is None or not table.catch_up():
                raise
            command = table.command_of(seat, version, data)
        sent = command_id(table.id, version, seat)
        try:
            self.store.save(Records(sent, [record(sent, 1, SeatCommanded(seat, version, dumps(command).decode()))]))
        except IntegrityError:
            raise NotNow("a command for this seat at this moment was taken already; wait for the next turn") from None
        if playing is None or not playing.tell(seat, version, command):
            # the owner is another process (or none yet, or it stopped since): the word wakes it, and it reads the
            # command stored. A command changes nothing that a page or stream shows, so an owner told needs no word.
            self.coordination.notify(word(table.id))

    # --- ownership -----------------------------------------------------------------------------------

    def _sweep(self) -> None:
        while not self._stop.wait(SWEEP_SECONDS):
            try:
                if not self.coordination.alive():
                    for playing in list(self._playing.values()):
                        playing.stop()
                self._claim_all()
            except Exception:  # the store is down for a moment: the next sweep tries again
                log.exception("the tables' sweep failed")

    def _claim_all(self) -> None:
        with self._lock:
            free = [game_id for game_id in self._unfinished if game_id not in self._playing]
        for game_id in free:
            self._claim(game_id)

    def _claim(self, game_id: uuid.UUID) -> None:
        """Play the table if nobody does: from the store, as it stands."""
        with self._lock:
            if self._stop.is_set() or game_id in self._playing or not self.coordination.claim(table_id(game_id)):
                return
            records = list(self.store.events.get(table_id(game_id)))
            laid = records[0].event
            assert isinstance(laid, TableLaid)
            history = self.store.history(game_id)
            if any(isinstance(r.event, TableEnded) for r in records):
                self._forget(game_id)
                return
            if isinstance(history[-1].event, GameFinished | SeatForfeited):
                self._end(game_id, "")
                return
            try:
                playing = Playing(self.store, laid, history, partial(self._saved, game_id), self._stopped)
            except Exception as error:  # a player that cannot be built now (a plug-in gone): the table stops
                self._end(game_id, f"{type(error).__name__}: {error}")
                return
            self._playing[game_id] = playing
        playing.start()

    def _saved(self, game_id: uuid.UUID, records: Sequence[Recorded]) -> None:
        """The owner saved (committed) these records of the game: its table here takes them as they are, and the
        word says up to which version they go, so that this process, hearing it, reads nothing back."""
        with self._lock:
            table = self._tables.get(game_id)
        if table is not None:
            try:
                table.take_saved(records)
            except Exception:  # the store failed a catch-up for a moment: the word's own catch-up tries again
                log.exception("taking the saved records of table %s failed", game_id)
        self.coordination.notify(word(game_id, records[-1].originator_version))

    def _stopped(self, playing: Playing, why: str | None) -> None:
        game_id = playing.game.id
        with self._lock:
            self._playing.pop(game_id, None)
            if why is None:
                self.coordination.release(table_id(game_id))
                return
            self._end(game_id, why)
        if why:
            self.announce(f"the table of game {game_id} stopped: {why}")

    def _end(self, game_id: uuid.UUID, why: str) -> None:
        """Record the table's end (once, whoever gets there first) and let it go."""
        table = table_id(game_id)
        version = len(list(self.store.events.get(table)))
        with contextlib.suppress(IntegrityError):  # another record came first; the next sweep reads it
            self.store.save(Records(table, [record(table, version + 1, TableEnded(why))]))
        self._forget(game_id)
        self.coordination.notify(word(game_id))

    def _forget(self, game_id: uuid.UUID) -> None:
        self._unfinished.discard(game_id)
        self.coordination.release(table_id(game_id))

    # --- word of changes -----------------------------------------------------------------------------

    def _heard(self, text: str) -> None:
        """A table changed, here or in another process: bring what this process keeps of it up to date.

        Word of the game's records (it has their version) is read only by a process whose table lacks them: the
        owner that saved them gave them to its table already. Nor does it wake the owner's waiting seat, which waits
        for a command: only word without a version may be of one stored by another process."""
        try:
            game_id, version = read_word(text)
        except ValueError:
            return
        with self._lock:
            table, playing, known = self._tables.get(game_id), self._playing.get(game_id), game_id in self._unfinished
        try:
            if table is not None:
                if version is None or table.version < version:
                    table.catch_up()
                if table.ended is not None:
                    with self._lock:
                        self._unfinished.discard(game_id)
            elif not known:
                records = list(self.store.events.get(table_id(game_id)))
                if records and not any(isinstance(r.event, TableEnded) for r in records):
                    with self._lock:
                        self._unfinished.add(game_id)
        except Exception:  # a store that fails for a moment: the next change, or a reader's own check, catches up
            log.exception("reading table %s after word of a change failed", game_id)
        if playing is not None and version is None:
            playing.wake()
        with self._lock:
            if table is None:  # a table not read here yet: a new one, perhaps, whose seats any watcher may hold
                watchers = [heard for kept in self._watchers.values() for heard in kept]
            else:
                watchers = [heard for seat in (None, *set(table.laid.seats)) for heard in self._watchers.get(seat, ())]
        for heard in watchers:
            heard(game_id)


def _game_id(game_id: uuid.UUID | str) -> uuid.UUID:
    if isinstance(game_id, uuid.UUID):
        return game_id
    try:
        return uuid.UUID(game_id)
    except ValueError:
        raise NoTable(f"{game_id!r} is not a game id") from None
