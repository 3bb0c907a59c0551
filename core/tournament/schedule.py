"""Who plays which deal: seat rotation and paired seeds, so that the luck of the deal cancels out.

Games come in blocks of one deal (one seed) played once per rotation of its seating, so every player of
the table sits in every seat on the same cards. With more players than seats, successive deals go to
successive tables (every combination of players in turn), so everybody meets everybody equally often.

A tournament's id is derived from what defines it (game, rules version, options, players in order, seats,
number of games, seed, fallback): running the same command again finds the same tournament and resumes it.
Where it is stored (`--db`), how many workers play it and where results go are not part of it.
"""

from __future__ import annotations

import hashlib
import itertools
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from meeplog.core.specs import NamedSpec, seat_label
from meeplog.core.tournament.events import Fixture

TOURNAMENT_NAMESPACE = uuid.UUID("6b1d1a52-8f3e-5c1e-9d0e-3a1f6e7c2b90")


@dataclass(frozen=True)
class Plan:
    """A tournament as asked for on the command line, with the players' specs in canonical form."""

    game: str
    rules_version: str
    config: dict[str, Any]  # the game's options, `players` (the seat count) included
    players: tuple[str, ...]
    games: int
    seed: int
    fallback: str

    @property
    def seats(self) -> int:
        return int(self.config["players"])

    def id(self) -> uuid.UUID:
        identity = orjson.dumps(self.__dict__, option=orjson.OPT_SORT_KEYS)
        return uuid.uuid5(TOURNAMENT_NAMESPACE, identity.decode())


def canonical(spec: str) -> str:
    """A player (`[NAME=]spec`) written the one way the tournament stores it."""
    return str(NamedSpec.parse(spec))


def labels(players: Sequence[str]) -> list[str]:
    """Each player's label in the standings: its name, else its spec, with #2, #3... for repeated specs."""
    seen: dict[str, int] = {}
    named = []
    for label in map(seat_label, players):
        seen[label] = seen.get(label, 0) + 1
        named.append(label if seen[label] == 1 else f"{label}#{seen[label]}")
    return named


def derive_seed(*parts: object) -> int:
    """A 31-bit seed that depends on `parts` only (stable across runs and machines, unlike hash())."""
    digest = hashlib.sha256(":".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1


def fixtures(players: int, seats: int, games: int, seed: int) -> list[Fixture]:
    """The first `games` games of the endless schedule: deal by deal, every rotation of each table."""
    tables = list(itertools.combinations(range(players), seats))
    schedule = []
    for index in range(games):
        deal, rotation = divmod(index, seats)
        table = tables[deal % len(tables)]
        seating = table[rotation:] + table[:rotation]
        schedule.append(Fixture(index, deal, derive_seed(seed, "deal", deal), seating))
    return schedule


def game_id(tournament_id: uuid.UUID, index: int) -> uuid.UUID:
    """The id the tournament's game `index` is stored under: fixed, so a game can never be stored twice."""
    return uuid.uuid5(tournament_id, f"game {index}")


def player_seed(tournament_seed: int, index: int, seat: int) -> int:
    """The seed of the bot (and of the fallback) in `seat` of game `index`."""
    return derive_seed(tournament_seed, "game", index, "seat", seat)
