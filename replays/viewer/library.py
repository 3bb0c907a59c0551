"""Where the viewer reads games from: a store, or one replay file. Read-only: nothing here ever saves.

A store may hold 100,000 games, so the games list is read a page at a time by notification id (a cursor), and
a filter by game asks the database for that game's topics only. A replay file is read again on each request,
so a file being rewritten shows its latest content, and a damaged one is reported where it is asked for.
"""

from __future__ import annotations

import re
import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from meeplog.core.analysis.catalogue import analyses_of
from meeplog.core.analysis.record import Analysis
from meeplog.core.audit import GameFinished, GameStarted
from meeplog.core.codec import DecodeError
from meeplog.core.game import Recorded
from meeplog.core.leaderboard.board import Leaderboard
from meeplog.core.leaderboard.projection import Settings
from meeplog.core.leaderboard.reader import LeaderboardReader
from meeplog.core.registry import game_names
from meeplog.core.store import GameNotFound, GameStore
from meeplog.core.tournament.aggregate import Tournament
from meeplog.core.tournament.events import GameRecorded
from meeplog.core.tournament.stored import TournamentNotFound, load_tournament, tournament_ids
from meeplog.replays.format import ReplayFormatError, read_replay

PAGE_SIZE = 50
SCAN_LIMIT = 5_000  # notifications looked at per page when a filter skips most of them
CACHED_HISTORIES = 8  # stepping through a game asks for its history on every step: keep the last few read


_ID_TEXT = re.compile(r"[0-9a-fA-F][0-9a-fA-F-]{0,35}")  # a game id or a prefix of one


class NotFound(LookupError):
    """An id that names nothing here; the message says what was asked for and where to look."""


class Damaged(ValueError):
    """Stored data or a replay file that cannot be read back; the message says where and what is wrong."""


@dataclass(frozen=True)
class GameRow:
    id: uuid.UUID
    game: str
    seats: tuple[str, ...]
    started: datetime
    finished: GameFinished | None


@dataclass(frozen=True)
class GameFilter:
    game: str = ""
    player: str = ""
    tournament: str = ""


@dataclass(frozen=True)
class GamePage:
    rows: tuple[GameRow, ...]
    next_cursor: int | None  # where the next page starts, None on the last page


class StoreLibrary:
    """The games and tournaments of a store."""

    def __init__(self, store: GameStore, where: str) -> None:
        self.store = store
        self.where = where
        self._read = Recent()
        self._leaderboards = LeaderboardReader(store, where)

    def page(self, chosen: GameFilter, cursor: int = 1, size: int = PAGE_SIZE) -> GamePage:
        """Up to `size` games from notification `cursor` on, oldest first, that pass the filter."""
        if chosen.tournament:
            return self._tournament_page(chosen, cursor, size)
        games = [chosen.game] if chosen.game else game_names()
        topics = [f"{game}/GameStarted" for game in games]
        rows: list[GameRow] = []
        start, scanned = cursor, 0
        while len(rows) < size and scanned < SCAN_LIMIT:
            batch = self.store.recorder.select_notifications(start=start, limit=size, topics=topics)
            if not batch:
                return GamePage(tuple(rows), None)
            for note in batch:
                start = note.id + 1
                recorded = self._decoded(note)
                started = recorded.event
                if chosen.player.lower() in " ".join(started.seats).lower():
                    rows.append(self._row(recorded))
                if len(rows) == size:
                    break
            scanned += len(batch)
        return GamePage(tuple(rows), start)

    def _tournament_page(self, chosen: GameFilter, cursor: int, size: int) -> GamePage:
        """The games a tournament recorded, in its schedule's order; the cursor counts them from 1."""
        tournament = self.tournament(chosen.tournament)
        recorded = [r for _, r in sorted(tournament.results.items()) if isinstance(r, GameRecorded)]
        rows = []
        for result in recorded[cursor - 1 : cursor - 1 + size]:
            first = self.history(result.game_id, upto=1)[0]
            row = self._row(first)
            if (not chosen.game or row.game == chosen.game) and chosen.player.lower() in " ".join(row.seats).lower():
                rows.append(row)
        following = cursor + size
        return GamePage(tuple(rows), following if following <= len(recorded) else None)

    def _row(self, first: Recorded) -> GameRow:
        started = first.event
        assert isinstance(started, GameStarted)
        last = self.store.recorder.select_events(first.originator_id, desc=True, limit=1)
        ending = self._decoded(last[0]).event if last else None
        finished = ending if isinstance(ending, GameFinished) else None
        return GameRow(first.originator_id, started.game, started.seats, first.timestamp, finished)

    def resolve(self, game_id: str) -> uuid.UUID:
        """The game a full id or a unique prefix of one names, as the command line reads it (GameStore.resolve);
        a prefix is looked up among every stored game, so the pages redirect it to the full id."""
        if not _ID_TEXT.fullmatch(game_id):
            raise NotFound(f"{game_id!r} is not a game id; the games list links to every stored game")
        try:
            return self.store.resolve(game_id)
        except GameNotFound as error:
            raise NotFound(f"{error} in {self.where}") from None

    def history(self, game_id: str, upto: int | None = None) -> list[Recorded]:
        """The game's events (up to version `upto`); read again only when the game has grown since."""
        found = self.resolve(game_id)
        try:
            if upto is not None:
                return self.store.history(found, upto=upto)
            return self._read.get((found, self.version(str(found))), lambda: self.store.history(found))
        except GameNotFound:
            raise NotFound(f"no game {game_id} in {self.where}; the games list shows the stored games") from None
        except (DecodeError, KeyError, ValueError) as error:
            raise Damaged(f"game {game_id} in {self.where} cannot be read back: {error}") from None

    def version(self, game_id: str) -> int:
        """How many events the game has now (it grows while the game is played)."""
        last = self.store.recorder.select_events(self.resolve(game_id), desc=True, limit=1)
        return last[0].originator_version if last else 0

    def tournaments(self) -> list[Tournament]:
        return [load_tournament(self.store, found) for found in tournament_ids(self.store)]

    def tournament(self, tournament_id: str) -> Tournament:
        matches = [found for found in tournament_ids(self.store) if str(found).startswith(tournament_id.lower())]
        if len(matches) != 1 or not tournament_id:
            raise NotFound(
                f"no single tournament with an id starting {tournament_id!r} in {self.where}; "
                "the tournaments page lists them"
            )
        try:
            return load_tournament(self.store, matches[0])
        except TournamentNotFound as error:
            raise NotFound(str(error)) from None

    def leaderboard(self, settings: Settings, game: str | None = None) -> Leaderboard:
        """The store's leaderboard, following the games stored since the last page asked for it."""
        return self._leaderboards.read(settings, game)

    def analyses(self, game_id: uuid.UUID) -> list[Analysis]:
        return list(analyses_of(self.store, game_id))

    def _decoded(self, stored: object) -> Recorded:
        try:
            return self.store.mapper.to_domain_event(stored)
        except (DecodeError, KeyError, ValueError) as error:
            raise Damaged(f"a stored event in {self.where} cannot be read back: {error}") from None


class FileLibrary:
    """One replay file, as `meeplog replay view FILE` serves it; no other path is ever opened."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.where = str(path)
        self._read = Recent()

    def page(self, chosen: GameFilter, cursor: int = 1, size: int = PAGE_SIZE) -> GamePage:
        history = self.history(None)
        first, last = history[0], history[-1].event
        started = first.event
        assert isinstance(started, GameStarted)
        finished = last if isinstance(last, GameFinished) else None
        row = GameRow(first.originator_id, started.game, started.seats, first.timestamp, finished)
        keep = (
            cursor == 1
            and chosen.game in ("", row.game)
            and not chosen.tournament
            and chosen.player.lower() in " ".join(row.seats).lower()
        )
        return GamePage((row,) if keep else (), None)

    def history(self, game_id: str | None, upto: int | None = None) -> list[Recorded]:
        try:
            stat = self.path.stat()
            history = self._read.get((stat.st_mtime_ns, stat.st_size), lambda: read_replay(self.path))
        except ReplayFormatError as error:
            raise Damaged(f"the replay file is damaged: {error}") from None
        except OSError as error:
            raise Damaged(f"cannot read {self.path}: {error.strerror}") from None
        if game_id is not None and self.resolve(game_id) != history[0].originator_id:
            raise NotFound(f"{self.path} holds game {history[0].originator_id}, not {game_id!r}")
        return history[:upto]

    def resolve(self, game_id: str) -> uuid.UUID:
        """The file's game, when `game_id` is its id or a prefix of it."""
        held = self.history(None, 1)[0].originator_id
        if not game_id or not str(held).startswith(game_id.lower()):
            raise NotFound(f"{self.path} holds game {held}, not {game_id!r}")
        return held

    def version(self, game_id: str) -> int:
        return len(self.history(game_id))

    def tournaments(self) -> list[Tournament]:
        return []

    def tournament(self, tournament_id: str) -> Tournament:
        raise NotFound(f"a replay file holds one game and no tournament ({self.path})")

    def analyses(self, game_id: uuid.UUID) -> list[Analysis]:
        return []  # a replay file holds the game alone

    def leaderboard(self, settings: Settings, game: str | None = None) -> Leaderboard:
        raise NotFound(f"a replay file holds one game and no leaderboard ({self.path}); a store's is `meeplog serve`'s")


Library = StoreLibrary | FileLibrary


class Recent:
    """The last few histories read, by a key that changes whenever the history does (its version, a file's stat)."""

    def __init__(self) -> None:
        self._kept: OrderedDict[Hashable, list[Recorded]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, read: Callable[[], list[Recorded]]) -> list[Recorded]:
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
        history = read()
        with self._lock:
            self._kept[key] = history
            while len(self._kept) > CACHED_HISTORIES:
                self._kept.popitem(last=False)
        return history


def seats_of(history: Sequence[Recorded]) -> int:
    started = history[0].event
    assert isinstance(started, GameStarted)
    return len(started.seats)
