"""Stores and replay files for the viewer's tests: every game, a game with the whole audit trail, a tournament."""

from __future__ import annotations

from pathlib import Path

from meeplog.core.game import Game
from meeplog.core.registry import game_names, load_rules
from meeplog.core.store import GameStore, open_store
from meeplog.core.tournament.run import play_tournament
from meeplog.core.tournament.stored import open_tournament
from meeplog.replays.format import write_replay
from tests.replays.games import audited_game
from tests.replays.recording import record
from tests.tournament.plans import forest_plan

TOURNAMENT_GAMES = 3


def one_game_of_each() -> list[Game]:
    """A whole game of every registered game at its most seats (so that every seat has something hidden)."""
    return [record(name, min(load_rules(name).max_players, 4), 3) for name in game_names()]


def filled_store(path: Path) -> tuple[GameStore, list[Game]]:
    """A SQLite store holding one game of each, the audited game, and a finished forest tournament."""
    store = open_store(str(path))
    games = [*one_game_of_each(), audited_game()]
    for game in games:
        store.save(*game.log)
    tournament, _ = open_tournament(store, forest_plan(games=TOURNAMENT_GAMES))
    play_tournament(store, tournament, workers=1)
    return store, games


def replay_file(game: Game, folder: Path) -> Path:
    path = folder / f"{game.rules.name}-{game.id}.jsonl"
    write_replay(game.log, path)
    return path
