"""Finding tournaments in the store: by id, by the plan that defines them, or by an id prefix."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

from meeplog.core.store import GameStore
from meeplog.core.tournament.aggregate import Tournament
from meeplog.core.tournament.events import TOURNAMENT_TOPIC
from meeplog.core.tournament.schedule import Plan

SCHEDULED_TOPIC = f"{TOURNAMENT_TOPIC}/TournamentScheduled"


class TournamentNotFound(LookupError):
    pass


def load_tournament(store: GameStore, tournament_id: uuid.UUID) -> Tournament:
    history = list(store.events.get(tournament_id))
    if not history:
        raise TournamentNotFound(f"no tournament {tournament_id} in this store; `meeplog tournament list` shows them")
    return Tournament.rebuild(history)


def open_tournament(store: GameStore, plan: Plan) -> tuple[Tournament, bool]:
    """The stored tournament this plan defines, or a newly scheduled and saved one; and whether it was stored."""
    try:
        return load_tournament(store, plan.id()), True
    except TournamentNotFound:
        tournament = Tournament.schedule(plan)
        store.save(tournament)
        return tournament, False


def tournament_ids(store: GameStore) -> Iterator[uuid.UUID]:
    """Every stored tournament's id, oldest first."""
    start = 1
    while batch := store.recorder.select_notifications(start=start, limit=500, topics=[SCHEDULED_TOPIC]):
        for note in batch:
            yield uuid.UUID(str(note.originator_id))
        start = batch[-1].id + 1


def resolve_tournament(store: GameStore, prefix: str) -> uuid.UUID:
    """A tournament id from its full text or an unambiguous prefix."""
    matches = [found for found in tournament_ids(store) if str(found).startswith(prefix.lower())]
    if len(matches) != 1:
        found = "no stored tournament" if not matches else f"{len(matches)} stored tournaments"
        raise TournamentNotFound(f"{found} with an id starting {prefix!r}; `meeplog tournament list` shows them")
    return matches[0]
