"""The three persistence choices, each for real, and the errors of a store that cannot be opened."""

from __future__ import annotations

import multiprocessing
import shutil
import sqlite3
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from eventsourcing.persistence import IntegrityError
from eventsourcing.sqlite import SQLiteApplicationRecorder

from meeplog.core.conformance.matches import play_match
from meeplog.core.registry import game_names
from meeplog.core.result_rows import RESULT_KINDS
from meeplog.core.rows import encoded
from meeplog.core.runner import MatchSettings
from meeplog.core.store import ROWS_A_STATEMENT, GameNotFound, StoreUnavailable, open_store
from tests.stores import postgres_database, store_of_kind

OLD_STORE = Path(__file__).parents[1] / "fixtures" / "before-one-package" / "store.db"
KINDS = ["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


@pytest.mark.parametrize("kind", KINDS)
def test_games_are_saved_listed_and_rebuilt(kind, tmp_path):
    with store_of_kind(kind, tmp_path) as store:
        first = play_match("forest", 3, seed=1, store=store)
        second = play_match("forest", 4, seed=2, store=store)
        summaries = list(store.games())
        assert [s.id for s in summaries] == [first.id, second.id]
        assert summaries[1].seats == ("random",) * 4 and summaries[1].finished.ranks == second.outcome().ranks
        rebuilt = store.load(second.id)
        assert rebuilt.state == second.state
        assert rebuilt.log == second.log
        assert store.resolve(str(first.id)[:8]) == first.id


@pytest.mark.parametrize("kind", KINDS)
def test_a_game_saved_after_every_decision_is_stored_once_per_event(kind, tmp_path):
    with store_of_kind(kind, tmp_path) as store:
        game = play_match("forest", 3, seed=5, store=store, settings=MatchSettings(save_every_decision=True))
        assert [r.originator_version for r in store.history(game.id)] == list(range(1, game.version + 1))


@pytest.mark.parametrize("kind", KINDS)
def test_encoded_rows_of_many_games_are_saved_in_order_with_the_records_beside_them(kind, tmp_path):
    """A worker's chunk of games in one save: more rows than one SQLite statement holds, and not a multiple of it."""
    with store_of_kind(kind, tmp_path) as store:
        games = [play_match("forest", 3, seed=seed) for seed in range(4)]
        rows = [row for game in games for row in encoded(game.log)]
        assert len(rows) > ROWS_A_STATEMENT and len(rows) % ROWS_A_STATEMENT
        store.save_rows(rows)
        assert [s.id for s in store.games()] == [game.id for game in games]
        for game in games:
            assert store.history(game.id) == game.log
        with pytest.raises(IntegrityError):  # a second copy of any game is refused, and nothing of the save kept
            store.save_rows([*encoded(play_match("forest", 3, seed=9).log), *rows[:1]])
        assert len(list(store.games())) == 4


def test_a_sqlite_store_outlives_its_process(tmp_path):
    db = str(tmp_path / "games.db")
    game = play_match("forest", 3, seed=9, store=open_store(db))
    assert open_store(db).load(game.id).state == game.state


def test_unknown_games_are_reported(tmp_path):
    store = open_store("memory")
    with pytest.raises(GameNotFound, match="meeplog list"):
        store.resolve("abc")


@pytest.mark.parametrize(
    ("db", "message"),
    [
        ("postgresql://postgres@127.0.0.1:1/meeplog", "cannot open the store (PostgreSQL at 127.0.0.1:1/meeplog)"),
        ("postgresql://127.0.0.1", "names no database"),
        ("mysql://localhost/x", "unsupported database"),
        ("/no/such/folder/games.db", "folder '/no/such/folder' does not exist"),
    ],
)
def test_a_store_that_cannot_be_opened_says_why(db, message):
    with pytest.raises(StoreUnavailable) as error:
        open_store(db)
    assert message in str(error.value)


def _open_and_close(url: str) -> str:
    try:
        open_store(url).close()
    except StoreUnavailable as error:
        return str(error)
    return ""


@pytest.mark.postgres
def test_processes_opening_one_new_postgres_database_at_once_all_open_it():
    """Each opener creates the schema if missing and replaces its insert function; at the same moment, two
    of them used to fail one ("tuple concurrently updated", or a type created twice): a tournament starting
    while `tournament status` or a test polled the same database."""
    with ProcessPoolExecutor(8, mp_context=multiprocessing.get_context("spawn")) as pool:
        for _ in range(2):
            with postgres_database() as url:
                refused = [error for error in pool.map(_open_and_close, [url] * 16) if error]
                assert not refused, refused[0]


def test_sqlite_selects_results_from_their_table_as_the_library_selects_them_by_scanning(tmp_path):
    """Topics all of RESULT_KINDS are read from the results table the trigger fills; the answer is the library's
    own, page by page."""
    store = open_store(str(tmp_path / "games.db"))
    for seed in range(3):
        play_match("forest", 3, seed=seed, store=store, specs=["random", "mcts:sims=2", "random"])
    recorder = store.recorder
    topics = [f"forest/{k}" for k in RESULT_KINDS]
    scanned = SQLiteApplicationRecorder.select_notifications(recorder, start=1, limit=10_000, topics=topics)
    assert {note.topic.partition("/")[2] for note in scanned} >= {"GameStarted", "GameFinished"}
    paged, start = [], 1
    while page := recorder.select_notifications(start=start, limit=2, topics=topics):
        paged += page
        start = page[-1].id + 1
    assert paged == scanned
    upto = scanned[2].id
    assert recorder.select_notifications(1, 100, upto, topics[:1]) == [n for n in scanned[:3] if n.topic == topics[0]]
    after = recorder.select_notifications(scanned[0].id, 100, topics=topics, inclusive_of_start=False)
    assert after == scanned[1:]
    with sqlite3.connect(tmp_path / "games.db") as connection:  # the table gone, the selection says so: it used it
        connection.execute("DROP TABLE stored_events_result_rows")
    with pytest.raises(Exception, match="no such table"):
        recorder.select_notifications(1, 10, topics=topics)


@pytest.mark.parametrize("old_index", [False, True], ids=["before-the-index", "with-the-index"])
def test_a_sqlite_store_made_before_the_results_table_gets_it_filled_when_opened(old_index, tmp_path):
    """The fixture predates both ways of finding the results; from 2026-11-26 stores had a partial index instead,
    which goes once the table holds what it found."""
    old = tmp_path / "old.db"
    shutil.copy(OLD_STORE, old)
    if old_index:
        with sqlite3.connect(old) as connection:
            connection.execute(
                "CREATE INDEX stored_events_results ON stored_events (substr(topic, 1, 0)) WHERE (topic GLOB"
                " '*/Game[SF]*' OR topic GLOB '*/SeatForfeited' OR topic GLOB '*/PlayerFellBack')"
            )
    topics = [f"{game}/{k}" for game in game_names() for k in RESULT_KINDS]
    store = open_store(str(old))
    scanned = SQLiteApplicationRecorder.select_notifications(store.recorder, start=1, limit=10_000, topics=topics)
    assert len([n for n in scanned if n.topic.endswith("/GameStarted")]) == 5
    assert store.recorder.select_notifications(1, 10_000, topics=topics) == scanned
    with sqlite3.connect(old) as connection:
        copied = connection.execute("SELECT count(*) FROM stored_events_result_rows").fetchone()[0]
        assert not connection.execute("SELECT 1 FROM sqlite_master WHERE name = 'stored_events_results'").fetchall()
    open_store(str(old))  # opened again: copied once
    with sqlite3.connect(old) as connection:
        assert connection.execute("SELECT count(*) FROM stored_events_result_rows").fetchone()[0] == copied
    played = play_match("forest", 3, seed=9, store=store)  # and the trigger keeps it from now on
    assert store.recorder.select_notifications(1, 10_000, topics=topics)[-1].originator_id == played.id
