"""The store's catalogue of analyses: a line per finished analysis (whose decisions, under which settings, their
losses in sum), so that tournament standings, the leaderboard and the viewer find every analysis without a scan.

An analysis is its own record (core/analysis/record.py), found by its id once its game, seat and settings are known;
finding them all by topic would read the whole log (SQLite's index of topics holds the games' results only). The
catalogue is one more record with a fixed id, a `Listed` event per analysis, saved in the same transaction as the
analysis it lists, so a listed analysis is always stored. Reading it is one range of the store's primary key, and
following it reads only the lines after the last one read. Two processes saving at once race for its next version:
the loser reads what the winner listed and tries again, without the analyses the winner saved (they have the same
ids: the same game, seat and settings).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from typing import cast

from eventsourcing.persistence import IntegrityError

from meeplog.core.analysis.events import ANALYSIS_TOPIC, Listed
from meeplog.core.analysis.record import ANALYSIS_NAMESPACE, Analysis, load_analysis
from meeplog.core.analysis.summary import per_game
from meeplog.core.game import Recorded
from meeplog.core.rows import encoded
from meeplog.core.store import GameStore

CATALOGUE_ID = uuid.uuid5(ANALYSIS_NAMESPACE, "catalogue")
ATTEMPTS = 5  # saves lost to another process's before giving up


def listed(analysis: Analysis) -> Listed:
    head = analysis.head
    return Listed(str(analysis.id), head.game_id, head.game, head.seat, head.player, head.settings,
                  per_game(analysis))


class Catalogue:
    """The catalogue as read so far (`follow` brings it up to the store), and the way analyses are saved into it."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.lines: list[Listed] = []
        self.version = 0  # the catalogue's last line read
        self._ids: set[str] = set()

    @classmethod
    def read(cls, store: GameStore) -> Catalogue:
        """The store's catalogue as it is now."""
        catalogue = cls(store)
        catalogue.follow()
        return catalogue

    def follow(self) -> int:
        """Read the lines saved since the last call; how many."""
        new = self.store.recorder.select_events(CATALOGUE_ID, gt=self.version or None)
        for stored in new:
            line = cast("Recorded", self.store.mapper.to_domain_event(stored)).event
            if not isinstance(line, Listed):
                raise ValueError(f"the catalogue of analyses holds a {type(line).__name__}, not a Listed line")
            self.lines.append(line)
            self._ids.add(line.analysis_id)
        if new:
            self.version = new[-1].originator_version
        return len(new)

    def save(self, made: Sequence[Analysis], stored: Sequence[Analysis] = ()) -> None:
        """Save the analyses just `made` with their lines in one transaction, and list those `stored` already
        that the catalogue lacks (made before it, or by a process that lost the race to list them)."""
        for attempt in range(ATTEMPTS):
            self.follow()
            new = [one for one in made if str(one.id) not in self._ids]
            lines = [listed(one) for one in (*new, *stored) if str(one.id) not in self._ids]
            if not lines:
                return
            now = datetime.now(UTC)
            log = [Recorded(CATALOGUE_ID, self.version + index, now, ANALYSIS_TOPIC, line)
                   for index, line in enumerate(lines, start=1)]
            try:
                self.store.save_rows([*(row for one in new for row in encoded(one.log)), *encoded(log)])
            except IntegrityError:
                if attempt + 1 == ATTEMPTS:
                    raise
                continue
            self.follow()
            return


def analyses_of(store: GameStore, game_id: uuid.UUID) -> Iterator[Analysis]:
    """Every listed analysis of a stored game, in the order they were made (for the viewer)."""
    wanted = str(game_id)
    for line in Catalogue.read(store).lines:
        if line.game_id == wanted and (found := load_analysis(store, uuid.UUID(line.analysis_id))) is not None:
            yield found
