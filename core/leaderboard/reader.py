"""A store's leaderboards, one followed projection per set of settings, brought up to date on every read.

A projection starts from the view saved in the store, if there is one (core/leaderboard/saved.py). The command line
reads once and saves the view it reached (`keep`); the viewer reads on every page, from several threads, so each
read follows the store from where the last one stopped (a few records, or none) and refits warm, under a lock per
settings, and it never writes. The store's catalogue of analyses (core/analysis/catalogue.py) is followed the same
way, for the players' mean loss: one read of the lines listed since the last.
"""

from __future__ import annotations

import threading

from meeplog.core.analysis.catalogue import Catalogue
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
        self._catalogue = Catalogue(store)

    def read(self, settings: Settings, game: str | None = None, analysis_sims: int | None = None,
             analysis_seed: int | None = None) -> Leaderboard:
        """The leaderboard of every game stored so far (of one game's only, if `game` is given), with the mean losses
        of the analyses at `analysis_sims` and `analysis_seed` (by default of the setting with the most analyses)."""
        with self._lock:
            self._catalogue.follow()
            analyses = list(self._catalogue.lines)
            if settings not in self._followed:
                followed = FollowedLeaderboard(self.store, settings, saved.load(self.store, settings))
                self._followed[settings] = (followed, Strengths(), threading.Lock())
            followed, strengths, lock = self._followed[settings]
        with lock:
            if followed.follow() and self.keep:
                saved.save(self.store, followed.view)
            return leaderboard(followed.view, self.where, strengths, game, analyses=analyses,
                               analysis_sims=analysis_sims, analysis_seed=analysis_seed)
