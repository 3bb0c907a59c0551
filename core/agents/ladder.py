"""The ladder (`meeplog serve --ladder GAME[:SEATS]`): connected agents seated continuously, every game rated.

Every PAIR_SECONDS the ladder looks at the agents holding a stream open (seats.Presence) and not sitting at a
table that has not ended, and fills tables from them, game by game in turn, while enough wait. Whom to seat
(LMArena's active sampling, simplified): first the waiting agent with the fewest ladder games (its interval is the
widest), then, with probability EXPLORE, partners drawn at random, else the waiting agents nearest it in rating,
whose result says the most about the order between them. Seats are rotated: the group, in name order, is turned
by one more place at every table laid, so agents that meet again meet at other seats.

The ladder's ratings only choose pairs: an Elo per agent, from the games it laid, in this process's memory (a
restart starts them afresh, which costs a few games of pairing, nothing else). The games themselves are stored
like any table's, and the leaderboard projection rates them as it rates every game.
"""

from __future__ import annotations

import logging
import random
import threading
import uuid
from collections import Counter
from dataclasses import dataclass

from meeplog.core.agents.registry import Agents
from meeplog.core.agents.seats import Presence
from meeplog.core.audit import GameFinished
from meeplog.core.registry import load_rules
from meeplog.core.tables.service import Tables
from meeplog.core.tables.setup import Setup, agent_seat, seated_agent

log = logging.getLogger(__name__)

PAIR_SECONDS = 0.2
EXPLORE = 0.25  # the share of tables whose partners are drawn at random
TURN_SECONDS = 60.0  # an agent that says nothing this long has the table's fallback move for it
ELO_K = 24.0


@dataclass(frozen=True)
class Rung:
    """One game of the ladder, and how many seat each of its tables."""

    game: str
    seats: int

    @classmethod
    def parse(cls, text: str) -> Rung:
        """`GAME[:SEATS]`, SEATS by default the game's fewest players; ValueError, in one line, if it cannot be."""
        game, _, seats = text.partition(":")
        rules = load_rules(game)
        if not seats:
            return cls(game, rules.min_players)
        if not seats.isdigit() or not rules.min_players <= int(seats) <= rules.max_players:
            raise ValueError(
                f"--ladder {text}: {rules.title} takes {rules.min_players} to {rules.max_players}"
                " players; give GAME:SEATS within them"
            )
        return cls(game, int(seats))


class Ladder:
    def __init__(
        self, tables: Tables, agents: Agents, presence: Presence, rungs: list[Rung], rng: random.Random | None = None
    ) -> None:
        self.tables = tables
        self.agents = agents
        self.presence = presence
        self.rungs = rungs
        self.rng = rng or random.Random()
        self.ratings: dict[str, float] = {}
        self.games: Counter[str] = Counter()
        self._laid: dict[uuid.UUID, tuple[str, ...]] = {}  # game -> the agents by seat, until it is rated here
        self._turn = 0
        self.laid = 0  # tables laid: how far the next group's seats are turned
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="ladder", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(5)

    def _run(self) -> None:
        while not self._stop.wait(PAIR_SECONDS):
            try:
                self.pair()
            except Exception:  # the store is down for a moment, an agent revoked meanwhile: the next round tries again
                log.exception("the ladder's round failed")

    def pair(self) -> list[uuid.UUID]:
        """One round: rate what ended, then lay every table the waiting agents fill; the games laid."""
        busy = set()
        for table in self.tables.unfinished():
            busy |= {name for seat in table.laid.seats if (name := seated_agent(seat))}
        self._rate_ended()
        live = {agent.name for agent in self.agents.all() if agent.revoked is None}
        waiting = sorted((self.presence.names() & live) - busy)
        laid = []
        for _ in range(len(self.rungs)):
            rung = self.rungs[self._turn % len(self.rungs)]
            self._turn += 1
            while len(waiting) >= rung.seats:
                group = self.choose(waiting, rung.seats)
                waiting = [name for name in waiting if name not in group]
                laid.append(self._lay(rung, group))
        return laid

    def choose(self, waiting: list[str], seats: int) -> list[str]:
        """`seats` of the waiting agents: the least played first, then its partners (see the module's docstring)."""
        first = min(waiting, key=lambda name: (self.games[name], self.rng.random()))
        others = [name for name in waiting if name != first]
        if self.rng.random() < EXPLORE:
            partners = self.rng.sample(others, seats - 1)
        else:
            mine = self.ratings.get(first, 0.0)
            partners = sorted(others, key=lambda name: (abs(self.ratings.get(name, 0.0) - mine), self.rng.random()))
            partners = partners[: seats - 1]
        group = sorted([first, *partners])
        turn = self.laid % seats
        return group[turn:] + group[:turn]

    def _lay(self, rung: Rung, group: list[str]) -> uuid.UUID:
        holders = {seat: self.agents.get(name).token_hash for seat, name in enumerate(group)}
        setup = Setup(rung.game, tuple(agent_seat(name) for name in group), turn_seconds=TURN_SECONDS, holders=holders)
        laid = self.tables.lay(setup)
        for name in group:
            self.games[name] += 1
        self._laid[laid.game_id] = tuple(group)
        self.laid += 1
        return laid.game_id

    def _rate_ended(self) -> None:
        for game_id, names in list(self._laid.items()):
            table = self.tables.table(game_id)
            if not table.over:
                continue
            del self._laid[game_id]
            last = table.game.log[-1].event
            if isinstance(last, GameFinished):
                self._elo(names, last.ranks)

    def _elo(self, names: tuple[str, ...], ranks: tuple[int, ...]) -> None:
        """Each pair of seats as one game between two: the better rank won, a tie is half each."""
        change: Counter[str] = Counter()
        for a in range(len(names)):
            for b in range(a + 1, len(names)):
                ra, rb = self.ratings.get(names[a], 0.0), self.ratings.get(names[b], 0.0)
                expected = 1 / (1 + 10 ** ((rb - ra) / 400))
                scored = 1.0 if ranks[a] < ranks[b] else 0.5 if ranks[a] == ranks[b] else 0.0
                change[names[a]] += ELO_K * (scored - expected)
                change[names[b]] -= ELO_K * (scored - expected)
        for name, delta in change.items():
            self.ratings[name] = self.ratings.get(name, 0.0) + delta
