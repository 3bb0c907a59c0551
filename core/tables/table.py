"""A table as a process last read it from the store: its laying, its game folded to the last stored record, and
its end. Any process keeps one for each table it serves, brought up to date when word comes that the table
changed (coordination.py), or by the owner as it saves (`take_saved`), and read under its lock, since both come on
other threads.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from meeplog.core.audit import GameFinished, SeatForfeited
from meeplog.core.codec import Codec, DecodeError
from meeplog.core.game import Game, Recorded
from meeplog.core.kernel import Command
from meeplog.core.store import GameStore
from meeplog.core.tables.events import TableEnded, TableLaid, table_id
from meeplog.core.tables.setup import holds


class NoTable(LookupError):
    """No table is laid for that game in this store."""


class NotYourSeat(PermissionError):
    """The credential is missing or wrong for that seat, or the seat takes no commands."""


class NotNow(RuntimeError):
    """The command cannot be played now: not the seat's turn, the game moved on, or it is over."""


class Table:
    """One table, as the store held it when last read."""

    def __init__(self, store: GameStore, game_id: uuid.UUID) -> None:
        self.id = game_id
        self.store = store
        self.lock = threading.RLock()
        records = list(store.events.get(table_id(game_id)))
        if not records or not isinstance(records[0].event, TableLaid):
            raise NoTable(f"no game {game_id} is being played at this store's tables")
        self.laid: TableLaid = records[0].event
        self.ended: TableEnded | None = None
        self._table_version = 0
        self.game = Game.rebuild(store.history(game_id))
        self.codec = Codec(self.game.rules.commands)
        self._take(records)

    @property
    def version(self) -> int:
        """The game's version: how many of its records are stored."""
        return self.game.version

    @property
    def over(self) -> bool:
        """Whether the game has ended (finished, forfeited) or the table stopped for good."""
        last = self.game.log[-1].event
        return self.ended is not None or isinstance(last, GameFinished | SeatForfeited)

    @property
    def locked(self) -> bool:
        """Whether the debugger is closed: people play here and the game is not over."""
        return bool(self.laid.commanded) and not self.over

    def catch_up(self) -> bool:
        """Read what was stored since the last read; whether anything was."""
        with self.lock:
            before = (self.game.version, self._table_version)
            self.game.extend(self.store.events.get(self.id, gt=self.game.version))
            self._take(self.store.events.get(table_id(self.id), gt=self._table_version))
            return (self.game.version, self._table_version) != before

    def take_saved(self, records: Sequence[Recorded]) -> None:
        """Fold the game's records this process just saved (it owns the table), instead of reading them back; the
        store is read only when they do not follow on from the table's last record (it missed some)."""
        with self.lock:
            fresh = [recorded for recorded in records if recorded.originator_version > self.game.version]
            if fresh and fresh[0].originator_version == self.game.version + 1:
                self.game.extend(fresh)
            elif fresh:
                self.catch_up()

    def _take(self, records: Any) -> None:
        for recorded in records:
            self._table_version = recorded.originator_version
            if isinstance(recorded.event, TableEnded):
                self.ended = recorded.event

    def check(self, seat: int, credential: str) -> None:
        """NotYourSeat unless `credential` is `seat`'s."""
        if seat not in self.laid.commanded:
            raise NotYourSeat(f"seat {seat} is not played from outside the server at this table")
        stored = self.laid.credential_hashes[self.laid.commanded.index(seat)]
        if not holds(stored, credential):
            raise NotYourSeat(f"this is not seat {seat}'s link: its token is missing or wrong")

    def command_of(self, seat: int, version: int, data: Any) -> Command:
        """The command `data` (its JSON) for `seat`, if the seat may play it at `version`; NotNow if not now,
        ValueError if it is no command of the game."""
        try:
            command = self.codec.decode(data)
        except (DecodeError, KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a command of {self.game.rules.title}: {error}") from None
        if not isinstance(command, Command):
            raise ValueError(f"not a command of {self.game.rules.title}")
        with self.lock:
            if self.over:
                raise NotNow("the game is over")
            if version != self.game.version:
                raise NotNow("the game has moved on since that page was drawn; choose again")
            if seat not in self.game.pending().seats:
                raise NotNow("the seat is not being asked for a move now; wait for your turn")
            if command not in self.game.legal(seat):
                raise NotNow("that command is not among the legal ones now")
        return command

    @contextmanager
    def reading(self) -> Iterator[Game]:
        """The game as last read, held still while the block reads it."""
        with self.lock:
            yield self.game
