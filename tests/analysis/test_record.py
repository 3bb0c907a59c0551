"""An analysis is its own record in the store, found again under the same settings and apart under others."""

from __future__ import annotations

from types import SimpleNamespace

from meeplog.core.analysis.catalogue import Catalogue, analyses_of
from meeplog.core.analysis.events import Settings
from meeplog.core.analysis.parallel import analysed, pending
from meeplog.core.analysis.record import analysis_id, load_analysis
from meeplog.core.analysis.summary import summarise
from meeplog.core.store import open_store
from tests.analysis.games import forest_game


def test_an_analysis_is_stored_apart_found_again_by_its_settings_and_never_mixed_with_another_settings(tmp_path):
    store = open_store(str(tmp_path / "a.db"))
    game = forest_game()
    store.save(game)
    history = store.history(game.id)
    settings = Settings(sims=20, seed=1, blunder=0.5, version="1")
    first = stored_or_new(store, history, 1, settings)
    assert stored_or_new(store, history, 1, settings).scored == first.scored
    assert first.finished and first.scored and first.head.game_id == str(game.id)
    assert first.head.player == "HeuristicPlayer" and first.head.settings == settings
    again = load_analysis(open_store(str(tmp_path / "a.db")), analysis_id(game.id, 1, settings))
    assert again is not None and again.scored == first.scored
    other = Settings(sims=21, seed=1, blunder=0.5, version="1")
    assert load_analysis(store, analysis_id(game.id, 1, other)) is None
    second = stored_or_new(store, history, 1, other)
    assert second.id != first.id
    assert [found.id for found in analyses_of(store, game.id)] == [first.id, second.id]
    assert store.history(game.id) == history  # the game itself is not written to
    row, = summarise([first])
    assert row.player == "HeuristicPlayer" and row.games == 1 and row.low is row.high is None and row.decisions > 0


def stored_or_new(store, history, seat, settings):
    """The seat's analysis: found in the store, or made and saved, as `meeplog analyse` does."""
    done, tasks = pending(store, [history], (seat,), settings)
    for analyses in analysed(tasks, workers=1):
        Catalogue(store).save(analyses)
        done += analyses
    found, = done
    return found


def test_a_summary_does_not_depend_on_the_order_the_analyses_come_in():
    """Workers finish in any order and a read-back lists analyses by store order: the figures must be equal."""
    def analysis(player: str, loss: float) -> SimpleNamespace:
        step = SimpleNamespace(chain=0, loss_rank=loss, loss_score=loss, blunder=False)
        return SimpleNamespace(head=SimpleNamespace(player=player), scored=[step])

    analyses = [analysis("a", loss) for loss in (0.1, 0.2, 0.3)] + [analysis("b", loss) for loss in (0.3, 0.2, 0.1)]
    assert summarise(analyses) == summarise(list(reversed(analyses)))
