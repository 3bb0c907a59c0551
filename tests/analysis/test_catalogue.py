"""The store's catalogue lists every analysis once, with its losses in sum, saved with the analysis it lists."""

from __future__ import annotations

from meeplog.core.analysis.catalogue import Catalogue, analyses_of
from meeplog.core.analysis.events import Settings
from meeplog.core.analysis.record import analyse, load_analysis
from meeplog.core.analysis.summary import per_game
from meeplog.core.rows import encoded
from meeplog.core.store import open_store
from tests.analysis.games import forest_game

SETTINGS = Settings(sims=12, seed=1, blunder=0.5, version="1")


def test_two_processes_listing_at_once_each_analysis_is_saved_and_listed_once(tmp_path, monkeypatch):
    store = open_store(str(tmp_path / "c.db"))
    game = forest_game()
    store.save(game)
    history = store.history(game.id)
    first, second, third = (analyse(history, seat, SETTINGS) for seat in range(3))
    theirs = Catalogue(open_store(str(tmp_path / "c.db")))
    save_rows, raced = store.save_rows, []

    def racing(rows, *args, **kwargs):
        """The other process saves between our reading the catalogue and our saving."""
        if not raced:
            raced.append(theirs.save([first, second]))
        save_rows(rows, *args, **kwargs)

    monkeypatch.setattr(store, "save_rows", racing)
    Catalogue(store).save([second, third])
    assert raced
    lines = Catalogue.read(store).lines
    assert [line.seat for line in lines] == [0, 1, 2]
    assert {line.analysis_id for line in lines} == {str(one.id) for one in (first, second, third)}
    assert lines[2].loss == per_game(third) and lines[2].player == third.head.player
    assert all(load_analysis(store, one.id) is not None for one in (first, second, third))
    assert [one.id for one in analyses_of(store, game.id)] == [first.id, second.id, third.id]


def test_an_analysis_stored_before_the_catalogue_is_listed_when_met_again(tmp_path):
    store = open_store(str(tmp_path / "c.db"))
    game = forest_game()
    store.save(game)
    old = analyse(store.history(game.id), 0, SETTINGS)
    store.save_rows(encoded(old.log))  # as `meeplog analyse` saved it before the catalogue
    assert list(analyses_of(store, game.id)) == []
    catalogue = Catalogue(store)
    catalogue.save((), [old])
    catalogue.save((), [old])
    assert [line.analysis_id for line in Catalogue.read(store).lines] == [str(old.id)]
