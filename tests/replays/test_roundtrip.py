"""Games leave one store as replay files and enter another unchanged, and still verify there."""

from __future__ import annotations

import pytest

from meeplog.core.registry import game_names
from meeplog.core.store import open_store
from meeplog.replays.format import read_replay, write_replay
from meeplog.replays.transfer import GameExists, export_game, import_history
from meeplog.replays.verify import verify
from tests.replays.games import audited_game, sample_games
from tests.stores import store_of_kind


def test_every_game_exported_imports_into_a_fresh_sqlite_store_and_verifies(tmp_path):
    source = open_store("memory")
    games = sample_games()
    for game in games:
        source.save(*game.log)
    assert {game.rules.name for game in games} >= set(game_names())

    db = str(tmp_path / "fresh.db")
    fresh = open_store(db)
    files = {}
    for game in games:
        files[game.id] = export_game(source, game.id)
        path = tmp_path / f"{game.id}.jsonl"
        path.write_bytes(files[game.id])
        import_history(fresh, read_replay(path), db)

    reopened = open_store(db)
    for game in games:
        stored = reopened.history(game.id)
        assert stored == game.log
        assert export_game(reopened, game.id) == files[game.id]
        verdict = verify(stored)
        assert verdict.ok, verdict.divergence
        assert verdict.finished and verdict.events == game.version
    assert {summary.id for summary in reopened.games()} >= {g.id for g in games if g.rules.name in game_names()}


@pytest.mark.parametrize("kind", ["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_a_file_imports_into_any_store_once(kind, tmp_path):
    game = audited_game()
    path = tmp_path / "game.jsonl"
    write_replay(game.log, path)
    with store_of_kind(kind, tmp_path) as store:
        import_history(store, read_replay(path), kind)
        assert store.history(game.id) == game.log
        assert verify(store.history(game.id)).ok
        with pytest.raises(GameExists, match=f"game {game.id} is already in {kind}"):
            import_history(store, read_replay(path), kind)
        assert store.history(game.id) == game.log
