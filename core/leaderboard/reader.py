"""A store's leaderboards, one followed projection per set of settings, brought up to date on every read.

A projection starts from the view saved in the store, if there is one (core/leaderboard/saved.py). The command line
reads once and saves the view it reached (`keep`); the viewer reads on every page, from several threads, so each
read follows the store from where the last one stopped (a few records, or none) and refits warm, under a lock per
settings, and it never writes.
"""

from __future__ import annotations

import threading

from meeplog.core.leaderboard import saved
from meeplog.core.leaderboard.board import Leaderboard, leaderboard
from meeplog.core.leaderboard.projection import FollowedLeaderboard, Settings
from meeplog.core.leaderboard.strengths import Strengths
from meeplog.core.store import GameStore


class LeaderboardReader:
    def __init__(self, store: GameStore, where: str, *, keep: bool = False) -> None:
        self.store = store
        self.where = where  # the store as the leaderboard names it
        self.keep = keep
        self._followed: dict[Settings, tuple[FollowedLeaderboard, Strengths, threading.Lock]] = {}
        self._lock = threading.Lock()

    def read(self, settings: Settings, game: str | None = None) -> Leaderboard:
        """The leaderboard of every game stored so far (of one game's only, if `game` is given)."""
        with self._lock:
            if settings not in self._followed:
                followed = FollowedLeaderboard(self.store, settings, saved.load(self.store, settings))
                self._followed[settings] = (followed, Strengths(), threading.Lock())
            followed, strengths, lock = self._followed[settings]
        with lock:
            if followed.follow() and self.keep:
                saved.save(self.store, followed.view)
            return leaderboard(followed.view, self.where, strengths, game)
