"""The leaderboard is a projection of the store (DESIGN.md section 10): it follows the games as they are stored, and
is rebuilt at will under another rating model.

It takes eventsourcing's projection shape (`eventsourcing.projection`): a `Projection` whose `process_event(event,
tracking)` folds one stored record into its view, and a view that is a `TrackingRecorder`, which records with each
record the notification id it came from. `follow` reads the store's notification log from the view's tracking
position on, filtered by topic, so it resumes exactly where it stopped, never folds a record twice, and a new view
(`Settings` for another model) is a rebuild from the first record.

Where the state lives, and why: in memory while a process runs, in the library's plain-Python tracking recorder;
between processes, in the store, saved by `meeplog leaderboard` with its position (core/leaderboard/saved.py).
- The library's runner (`ProjectionRunner`) waits on a subscription, which its SQLite recorder does not offer (it
  raises NotImplementedError), and SQLite is the default store; reading the notification log from the tracking
  position (`select_notifications`, which every recorder answers) is the same contract pulled instead of pushed,
  done when the leaderboard is asked for (the command line once, the viewer on each page).
- Rebuilding from the first record costs a read of every game's results. SQLite keeps them in a table of their
  own in log order (core/result_rows.py); without it, a selection by topic scanned every row of the log for the
  few that matter: for 100,000 games (26.6 million rows, 6.6 GB) 8 s, before 3 s of CPU to decode and fold
  (docs/performance.md); PostgreSQL still scans. So the view a command reached is kept in the store, in a table
  of its own, with its position in the same statement, and a new process resumes from it (0.06 s for those
  100,000 games). The fold keeps counts of distinct rankings, so the view is small.
- The viewer only reads: it resumes from a saved view if there is one, and otherwise builds its own in memory.
  (Reading the log by two threads ahead of the fold was tried: 8.5 s against 8.8 s, within the noise.)

Only four kinds of record are read, by topic: GameStarted (the game and its seats), PlayerFellBack (a seat's
fallback moved for it), GameFinished (the ranks) and SeatForfeited. Each is decoded only as far as the fold needs
(JSON, not the game's typed events: that costs ten times more, for four fields). A game in which a seat's fallback
made most of that seat's decisions was decided by the fallback: such a game, and one a dead seat forfeited, are
counted apart and rate nobody unless `include_forfeits` (then a forfeit ranks its seat last and the others tied
first). A game forked from another's position (`replay fork`) is counted apart always: it began mid-game.
"""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from eventsourcing.persistence import Notification, Tracking
from eventsourcing.popo import POPOTrackingRecorder
from eventsourcing.projection import Projection

from meeplog.core.leaderboard.bootstrap import REPLICATES, SEED
from meeplog.core.leaderboard.online import OnlineRatings
from meeplog.core.leaderboard.players import Players
from meeplog.core.leaderboard.tally import FALLBACK, FORFEIT, FORKED, GameTally
from meeplog.core.registry import game_names
from meeplog.core.result_rows import RESULT_KINDS
from meeplog.core.store import GameStore, stored_data

Model = Literal["bt", "openskill"]
MODELS: tuple[Model, ...] = ("bt", "openskill")
KINDS = RESULT_KINDS  # the records read: the store keeps them apart (core/result_rows.py)
DECISIONS = ("CommandAccepted", "PlayerFellBack")
BATCH = 5_000  # notifications read per query


@dataclass(frozen=True)
class Settings:
    """What a view is built for: another value is another view, rebuilt from the store."""

    model: Model = "bt"
    include_forfeits: bool = False
    replicates: int = REPLICATES
    seed: int = SEED


@dataclass(frozen=True)
class Fact:
    """A stored record as far as the leaderboard reads it."""

    game_id: uuid.UUID
    game: str
    kind: str
    event: dict[str, Any]


def fact(note: Notification) -> Fact:
    game, _, kind = note.topic.partition("/")
    game_id = note.originator_id  # a UUID from every recorder of the library; a string only if configured so
    return Fact(
        game_id if isinstance(game_id, uuid.UUID) else uuid.UUID(game_id), game, kind, stored_data(note)["event"]
    )


@dataclass
class Playing:
    """A game started and not ended yet: its players by seat, and how often each seat's fallback moved."""

    game: str
    players: list[int]
    forked: bool
    fell_back: Counter[int] = field(default_factory=Counter)


class LeaderboardView(POPOTrackingRecorder):
    """Everything the leaderboard needs, with how far into the store's notification log it has read."""

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings
        self.players = Players()
        self.tallies: dict[str, GameTally] = {}
        self.online: dict[str, OnlineRatings] = {}
        self.playing: dict[uuid.UUID, Playing] = {}

    def tally(self, game: str) -> GameTally:
        found = self.tallies.get(game)
        if found is None:
            replicates = self.settings.replicates if self.settings.model == "bt" else 0
            found = self.tallies[game] = GameTally(game, replicates, self.settings.seed)
        return found

    def rate(self, game: str, players: list[int], ranks: list[int]) -> None:
        self.tally(game).rate(players, ranks)
        if self.settings.model == "openskill":
            self.online.setdefault(game, OnlineRatings()).rate(players, ranks)


class LeaderboardProjection(Projection[LeaderboardView]):
    """Folds the games' starts, fallbacks and ends into the view. `decisions` counts each seat's decisions of a
    game, asked only of a game in which a fallback moved (to tell a slip from a game the fallback played)."""

    name = "leaderboard"

    def __init__(self, view: LeaderboardView, decisions: Callable[[uuid.UUID], Counter[int]]) -> None:
        super().__init__(view)
        self.decisions = decisions
        self.topics = tuple(f"{game}/{kind}" for game in game_names() for kind in KINDS)  # the games installed now

    def process_event(self, domain_event: Fact, tracking: Tracking) -> None:
        view, event = self.view, domain_event.event
        if domain_event.kind == "GameStarted":
            players = [view.players.of(seat) for seat in event["seats"]]
            view.playing[domain_event.game_id] = Playing(domain_event.game, players, event.get("origin") is not None)
        elif (playing := view.playing.get(domain_event.game_id)) is not None:
            if domain_event.kind == "PlayerFellBack":
                playing.fell_back[event["seat"]] += 1
            else:
                del view.playing[domain_event.game_id]
                self._ended(domain_event, playing)
        view.insert_tracking(tracking)

    def _ended(self, ended: Fact, playing: Playing) -> None:
        view, players = self.view, playing.players
        tally = view.tally(playing.game)
        include = view.settings.include_forfeits
        if playing.forked:
            tally.count_apart(FORKED, players, ())
        elif ended.kind == "SeatForfeited":
            seat = ended.event["seat"]
            tally.count_apart(FORFEIT, players, (seat,))
            if include:
                view.rate(playing.game, players, [len(players) if s == seat else 1 for s in range(len(players))])
        elif culprits := self._decided_by_fallback(ended.game_id, playing):
            tally.count_apart(FALLBACK, players, culprits)
            if include:
                view.rate(playing.game, players, ended.event["ranks"])
        else:
            view.rate(playing.game, players, ended.event["ranks"])

    def _decided_by_fallback(self, game_id: uuid.UUID, playing: Playing) -> list[int]:
        """The seats whose fallback made more than half of their decisions."""
        if not playing.fell_back:
            return []
        made = self.decisions(game_id)
        return sorted(seat for seat, count in playing.fell_back.items() if 2 * count > made[seat])


class FollowedLeaderboard:
    """A store's leaderboard projection, brought up to the store's last record whenever `follow` is called."""

    def __init__(self, store: GameStore, settings: Settings | None = None, view: LeaderboardView | None = None) -> None:
        """A new view for `settings`, or `view` to resume from (a saved one: core/leaderboard/saved.py)."""
        self.store = store
        self.view = view or LeaderboardView(settings or Settings())
        self.projection = LeaderboardProjection(self.view, self._decisions)

    @property
    def position(self) -> int:
        """The notification id of the last record folded (0 before any)."""
        return self.view.max_tracking_id(self.store.name) or 0

    def follow(self, upto: int | None = None) -> int:
        """Fold every record of interest stored since the last call (up to notification `upto`); how many."""
        read = 0
        for note in self._notifications(upto):
            self.projection.process_event(fact(note), Tracking(self.store.name, note.id))
            read += 1
        return read

    def _notifications(self, upto: int | None) -> Iterator[Notification]:
        start = self.position + 1
        topics = self.projection.topics
        while batch := self.store.recorder.select_notifications(start=start, limit=BATCH, stop=upto, topics=topics):
            yield from batch
            start = batch[-1].id + 1

    def _decisions(self, game_id: uuid.UUID) -> Counter[int]:
        made: Counter[int] = Counter()
        for stored in self.store.recorder.select_events(game_id):
            if stored.topic.rpartition("/")[2] in DECISIONS:
                made[stored_data(stored)["event"]["seat"]] += 1
        return made
