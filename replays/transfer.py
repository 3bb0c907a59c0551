"""Moving games between stores and replay files, unchanged: ids, versions, timestamps and every event."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from meeplog.core.game import Recorded
from meeplog.core.store import GameNotFound, GameStore
from meeplog.replays.format import dump_replay


class GameExists(ValueError):
    """The store already holds a game with the replay's id; importing it again would mix two histories."""


def export_game(store: GameStore, game_id: uuid.UUID) -> bytes:
    return dump_replay(store.history(game_id))


def import_history(store: GameStore, history: Sequence[Recorded], where: str) -> None:
    """Store a replayed history as it was recorded; refused if its game id is taken in `where`."""
    game_id = history[0].originator_id
    try:
        store.history(game_id, upto=1)
    except GameNotFound:
        store.save(*history)
        return
    raise GameExists(f"game {game_id} is already in {where}; `meeplog replay verify {game_id} --db {where}` checks it")
