"""The projection's view kept in a SQLite store, with its tracking position, so a new process resumes from it.

Reading a large store from its first record is bound by SQLite's scan of every row (docs/performance.md). `meeplog
leaderboard` therefore saves the view it built, in a table of its own in the same database (`leaderboard_views`,
beside the library's, never touching the games), with the notification id it has read up to, in one statement: the
view and its position cannot disagree. The next process loads it and follows only what was stored since. A view is
kept per settings and per set of installed games (a game installed later was never read), and a view saved by
another format is ignored and built again. The viewer only loads a saved view: it never writes to the store.

The state is JSON (orjson), never pickle: a store file may come from anyone, and loading it must not run code. A
memory store keeps no view, as it lives no longer than its process; nor, yet, does a PostgreSQL store (its SQL and
types differ; the same table would do there).
"""

from __future__ import annotations

import uuid
from collections import Counter
from typing import Any

import numpy as np
import orjson
from eventsourcing.persistence import PersistenceError, Tracking
from eventsourcing.sqlite import SQLiteApplicationRecorder

from meeplog.core.leaderboard.head_to_head import Pairs
from meeplog.core.leaderboard.online import OnlineRatings
from meeplog.core.leaderboard.players import Players
from meeplog.core.leaderboard.projection import LeaderboardView, Playing, Settings
from meeplog.core.leaderboard.tally import GameTally, PlayerTally, SeatTally
from meeplog.core.registry import game_names
from meeplog.core.store import GameStore

FORMAT = 2  # raise it when what a saved view holds changes: older ones are then built again (2: a player at two
# seats of a game counts one game)
CREATE = (
    "CREATE TABLE IF NOT EXISTS leaderboard_views "
    "(name TEXT PRIMARY KEY, notification_id INTEGER NOT NULL, state BLOB NOT NULL)"
)
SAVE = (
    "INSERT INTO leaderboard_views VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE "
    "SET notification_id = excluded.notification_id, state = excluded.state"
)
EXISTS = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'leaderboard_views'"
LOAD = "SELECT notification_id, state FROM leaderboard_views WHERE name = ?"


def key(settings: Settings) -> str:
    """The name a view is kept under: its settings, the games it reads, and the format."""
    forfeits = "with" if settings.include_forfeits else "without"
    games = ",".join(game_names())
    return f"{settings.model};{forfeits} forfeits;{settings.replicates};{settings.seed};{games};format {FORMAT}"


def save(store: GameStore, view: LeaderboardView) -> bool:
    """Keep `view` and its position in the store (a SQLite store only); whether it was kept. A store that cannot be
    written now (a read-only file, a writer holding it past the lock's timeout) keeps the view it had: the leaderboard
    was computed all the same, and the next run reads a little more."""
    recorder = store.recorder
    if not isinstance(recorder, SQLiteApplicationRecorder):
        return False
    position = view.max_tracking_id(store.name) or 0
    try:
        with recorder.datastore.transaction(commit=True) as cursor:
            cursor.execute(CREATE)
            cursor.execute(SAVE, (key(view.settings), position, encode(view)))
    except PersistenceError:
        return False
    return True


def load(store: GameStore, settings: Settings) -> LeaderboardView | None:
    """The view kept for `settings`, at its position; None where there is none."""
    recorder = store.recorder
    if not isinstance(recorder, SQLiteApplicationRecorder):
        return None
    with recorder.datastore.transaction(commit=False) as cursor:
        cursor.execute(EXISTS)
        if cursor.fetchone() is None:
            return None
        cursor.execute(LOAD, (key(settings),))
        row = cursor.fetchone()
    if row is None:
        return None
    view = decode(row[1], settings)
    if row[0]:
        view.insert_tracking(Tracking(store.name, row[0]))
    return view


def encode(view: LeaderboardView) -> bytes:
    players = view.players
    return orjson.dumps(
        {
            "players": [players.identities, players.names, players.specs],
            "tallies": {game: _tally(tally) for game, tally in view.tallies.items()},
            "online": {
                game: [[player, rating.mu, rating.sigma] for player, rating in online.ratings.items()]
                for game, online in view.online.items()
            },
            "playing": [
                [str(game_id), p.game, p.players, p.forked, list(p.fell_back.items())]
                for game_id, p in view.playing.items()
            ],
        }
    )


def decode(data: bytes, settings: Settings) -> LeaderboardView:
    saved = orjson.loads(data)
    view = LeaderboardView(settings)
    view.players = Players.restored(*saved["players"])
    for game, kept in saved["tallies"].items():
        _restore(view.tally(game), kept)
    for game, ratings in saved["online"].items():
        online = view.online[game] = OnlineRatings()
        online.ratings = {player: online.model.rating(mu=mu, sigma=sigma) for player, mu, sigma in ratings}
    for game_id, game, seated, forked, fell_back in saved["playing"]:
        view.playing[uuid.UUID(game_id)] = Playing(game, seated, forked, Counter(dict(fell_back)))
    return view


def _tally(tally: GameTally) -> dict[str, Any]:
    return {
        "patterns": list(tally.patterns),
        "counts": tally.counts,
        "replicate_counts": [counts.tolist() for counts in tally.replicate_counts],
        "resampler": tally.resampler.position(),
        "players": [[p, t.games, t.wins, t.ranks, dict(t.apart)] for p, t in tally.players.items()],
        "seats": [[seats, table.games, table.wins] for seats, table in tally.seats.items()],
        "pairs": [[a, b, games, wins] for (a, b), (games, wins) in tally.pairs.met.items()],
        "rated": tally.rated,
        "apart": dict(tally.apart),
    }


def _restore(tally: GameTally, kept: dict[str, Any]) -> None:
    tally.patterns = {_pattern(found): index for index, found in enumerate(kept["patterns"])}
    tally.counts = kept["counts"]
    tally.replicate_counts = [np.array(counts, dtype=np.int64) for counts in kept["replicate_counts"]]
    tally.resampler.resume(kept["resampler"])
    for player, games, wins, ranks, apart in kept["players"]:
        tally.players[player] = PlayerTally(games, wins, ranks, Counter(apart))
    for seats, games, wins in kept["seats"]:
        tally.seats[seats] = SeatTally(games, wins)
    tally.pairs = Pairs()
    for a, b, games, wins in kept["pairs"]:
        tally.pairs.met[a, b] = [games, wins]
    tally.rated = kept["rated"]
    tally.apart = Counter(kept["apart"])


def _pattern(found: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(group) for group in found)
