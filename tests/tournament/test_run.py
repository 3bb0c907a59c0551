"""Playing in worker processes: every game stored once with its result, and failures recorded."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from eventsourcing.persistence import IntegrityError, OperationalError

from meeplog.core.store import open_store
from meeplog.core.tournament import run
from meeplog.core.tournament.events import GameFailed, GameRecorded
from meeplog.core.tournament.own_writes import save_games
from meeplog.core.tournament.run import TournamentConflict, Watcher, play_tournament
from meeplog.core.tournament.schedule import game_id
from meeplog.core.tournament.standings import standings
from meeplog.core.tournament.stored import load_tournament, open_tournament
from meeplog.core.tournament.worker import play, play_game
from tests.stores import store_of_kind
from tests.tournament.plans import forest_plan


class Counting(Watcher):
    def __init__(self) -> None:
        self.results: list = []

    def recorded(self, results) -> None:
        self.results += results


@pytest.mark.parametrize("kind", ["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_every_scheduled_game_is_stored_once_under_its_own_id_with_its_result(kind, tmp_path):
    with store_of_kind(kind, tmp_path) as store:
        plan = forest_plan(games=9)
        tournament, _ = open_tournament(store, plan)
        watcher = Counting()
        play_tournament(store, tournament, workers=2, watcher=watcher)
        assert sorted(result.index for result in watcher.results) == list(range(9))
        stored = load_tournament(store, plan.id())
        assert stored.finished and stored.runs == 1 and stored.results == tournament.results
        assert sorted(str(s.id) for s in store.games()) == sorted(str(game_id(plan.id(), i)) for i in range(9))
        for index, result in stored.results.items():
            assert isinstance(result, GameRecorded) and result.game_id == str(game_id(plan.id(), index))
            game = store.load(game_id(plan.id(), index))
            fixture = stored.plan.fixtures[index]
            assert game.started.seed == fixture.seed and game.started.seats == ("random",) * 3
            assert (result.scores, result.ranks) == (game.outcome().scores, game.outcome().ranks)


def test_a_failure_while_recording_results_records_none_and_the_resumed_run_stores_each_game_once(tmp_path):
    """The results of a batch are saved in one transaction, which fails here; the workers saved their games
    before (own_writes.py), and the next run records those from the stored copies."""
    db = str(tmp_path / "games.db")
    plan = forest_plan(games=6)
    store = open_store(db)
    tournament, _ = open_tournament(store, plan)
    with sqlite3.connect(db) as connection:  # the process dies before the transaction commits
        connection.execute(
            "CREATE TRIGGER die BEFORE INSERT ON stored_events WHEN NEW.topic = 'tournament/GameRecorded'"
            " BEGIN SELECT RAISE(ABORT, 'killed'); END"
        )
    with pytest.raises(TournamentConflict) as error:
        play_tournament(store, tournament, workers=2)
    assert isinstance(error.value.__cause__, IntegrityError)
    store = open_store(db)
    assert load_tournament(store, plan.id()).results == {}
    assert {str(s.id) for s in store.games()} <= {str(game_id(plan.id(), i)) for i in range(6)}

    with sqlite3.connect(db) as connection:
        connection.execute("DROP TRIGGER die")
    resumed, _ = open_tournament(store, plan)
    play_tournament(store, resumed, workers=2)
    assert sorted(str(s.id) for s in store.games()) == sorted(str(game_id(plan.id(), i)) for i in range(6))
    elsewhere = open_store("memory")
    uninterrupted, _ = open_tournament(elsewhere, plan)
    play_tournament(elsewhere, uninterrupted, workers=1)
    assert standings(resumed) == standings(uninterrupted)


def test_a_game_that_cannot_be_played_is_recorded_as_failed_and_the_rest_go_on(tmp_path):
    store = open_store("memory")
    plan = forest_plan(players=("random", "random", "random", "random:seed=abc"), games=8)
    tournament, _ = open_tournament(store, plan)
    play_tournament(store, tournament, workers=2)
    failed = {index for index, result in tournament.results.items() if isinstance(result, GameFailed)}
    assert failed == {f.index for f in tournament.plan.fixtures if 3 in f.seating}
    assert all("bad options for player 'random'" in tournament.results[index].reason for index in failed)
    assert tournament.finished and len(list(store.games())) == 8 - len(failed)
    assert standings(tournament).failed == len(failed)


UNGUARDED_SCRIPT = """
from meeplog.core.store import open_store
from meeplog.core.tournament.run import play_tournament
from meeplog.core.tournament.stored import open_tournament
from tests.tournament.plans import forest_plan

store = open_store("memory")
tournament, _ = open_tournament(store, forest_plan(games=3))
play_tournament(store, tournament, workers=1)
"""


def test_workers_that_cannot_start_are_reported_rather_than_failing_every_game(tmp_path):
    script = tmp_path / "unguarded.py"  # its workers re-run it on start, as multiprocessing does, and die
    script.write_text(UNGUARDED_SCRIPT)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    run = subprocess.run([sys.executable, script], capture_output=True, text=True, timeout=120, env=env, check=False)
    assert run.returncode == 1
    assert "WorkersUnavailable: worker processes die as they start" in run.stderr


GAMES_PAST_THE_INTERRUPT = 30_000  # random games one worker cannot finish before the Ctrl-C


def test_ctrl_c_saves_the_result_of_every_game_finished_before_it(tmp_path, monkeypatch):
    """Group commit keeps the results of finished games in an open batch; Ctrl-C must save that batch, not drop it.
    Here the batch is never full nor old enough to be saved while the run goes, so every result stored was saved
    by Ctrl-C, and each names a game its worker stored. The Ctrl-C comes once the worker has stored a game, however
    long a loaded machine takes to start it."""
    monkeypatch.setattr(run, "BATCH_SECONDS", 3600.0)
    monkeypatch.setattr(run, "BATCH_GAMES", 10**6)
    path = tmp_path / "games.db"
    store = open_store(str(path))
    tournament, _ = open_tournament(store, forest_plan(games=GAMES_PAST_THE_INTERRUPT))

    def ctrl_c(*_: object) -> None:
        raise KeyboardInterrupt

    def once_a_game_is_stored() -> None:
        watching = open_store(str(path))
        deadline = time.monotonic() + 120
        while not any(True for _ in watching.games()) and time.monotonic() < deadline:
            time.sleep(0.05)
        signal.setitimer(signal.ITIMER_REAL, 0.2)  # a few more games, then Ctrl-C in the main thread

    previous = signal.signal(signal.SIGALRM, ctrl_c)
    threading.Thread(target=once_a_game_is_stored, daemon=True).start()
    try:
        with pytest.raises(KeyboardInterrupt):
            play_tournament(store, tournament, workers=1)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    stored = load_tournament(store, tournament.id)
    games = {str(summary.id) for summary in store.games()}
    assert 0 < len(stored.results) < GAMES_PAST_THE_INTERRUPT, "the interrupt should land while games are being played"
    assert {result.game_id for result in stored.results.values()} <= games  # workers save their games first


@pytest.mark.parametrize("kind", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_a_game_stored_without_its_result_is_recorded_from_the_stored_copy(kind, tmp_path):
    """A run killed after a worker saved its game and before the result was recorded: the next run plays that
    game again, finds it stored (workers save their own games), and records its result once."""
    with store_of_kind(kind, tmp_path) as store:
        plan = forest_plan(games=4)
        tournament, _ = open_tournament(store, plan)
        first = run.task(tournament, tournament.pending()[2], db=store.db)
        assert run.writes_own_games(store.db)
        [played] = play((first,))  # saved by "its worker"; the tournament never heard of it
        assert isinstance(played, run.PlayedGame) and played.rows == ()  # its rows went to the store, not back
        assert store.load(first.game_id).outcome() is not None
        play_tournament(store, tournament, workers=2)
        stored = load_tournament(store, plan.id())
        assert stored.finished and sorted(stored.results) == [0, 1, 2, 3]
        assert all(isinstance(result, GameRecorded) for result in stored.results.values())
        assert sorted(str(s.id) for s in store.games()) == sorted(str(game_id(plan.id(), i)) for i in range(4))
        game = store.load(game_id(plan.id(), 2))
        assert (stored.results[2].scores, stored.results[2].ranks) == (game.outcome().scores, game.outcome().ranks)


def test_a_chunk_with_a_game_stored_already_saves_the_others_and_gives_back_the_stored_one(tmp_path):
    """Saving a worker's chunk in one transaction: one game an earlier attempt stored makes the store refuse
    it; each game is then saved alone, and the stored one comes back as the game."""
    db = str(tmp_path / "games.db")
    store = open_store(db)
    tournament, _ = open_tournament(store, forest_plan(games=3))
    played = [asyncio.run(play_game(run.task(tournament, fixture))) for fixture in tournament.pending()]
    assert all(isinstance(game, run.PlayedGame) for game in played)
    assert save_games(db, [played[1].rows]) == [None]
    stored = save_games(db, [game.rows for game in played])
    assert stored[0] is None and stored[2] is None
    assert [record.originator_version for record in stored[1]] == [row[1] for row in played[1].rows]
    assert sorted(str(s.id) for s in store.games()) == sorted(str(game.id) for game in played)


def committed_then(error, save):
    """`save`, whose first call commits and then raises `error`: OperationalError for the answer a restarting
    server never sends, IntegrityError for the library's own try again (it retries an insert) refused for it."""
    calls = []

    def committed_then_failed(*args, **kwargs):
        save(*args, **kwargs)
        calls.append(args)
        if len(calls) == 1:
            raise error

    return committed_then_failed, calls


LOST_ANSWERS = [OperationalError("server closed the connection unexpectedly"),
                IntegrityError("duplicate key value violates unique constraint")]


@pytest.mark.parametrize("error", LOST_ANSWERS, ids=["lost-answer", "library-retry-refused"])
@pytest.mark.parametrize("kind", ["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_a_save_whose_commit_landed_but_whose_answer_was_lost_is_not_saved_again(kind, error, tmp_path, monkeypatch):
    """A connection lost during a commit leaves unknown whether it happened. When it did, the save tried again
    meets its own records in the store: that is the save done, not another process running the tournament."""
    with store_of_kind(kind, tmp_path) as store:
        plan = forest_plan(games=6)
        tournament, _ = open_tournament(store, plan)
        save, started = committed_then(error, store.save)  # the run's first save: the tournament started
        save_rows, batches = committed_then(error, store.save_rows)  # its first batch of results
        monkeypatch.setattr(store, "save", save)
        monkeypatch.setattr(store, "save_rows", save_rows)
        play_tournament(store, tournament, workers=1)
        assert started and batches
        stored = load_tournament(store, plan.id())
        assert stored.finished and stored.runs == 1 and sorted(stored.results) == list(range(6))
        assert sorted(str(s.id) for s in store.games()) == sorted(str(game_id(plan.id(), i)) for i in range(6))


@pytest.mark.parametrize("error", LOST_ANSWERS, ids=["lost-answer", "library-retry-refused"])
def test_a_refused_save_that_is_not_this_runs_own_is_still_a_conflict(error, tmp_path, monkeypatch):
    """The store refusing records that differ from the ones sent is another writer's doing, however it shows."""
    store = open_store(str(tmp_path / "games.db"))
    plan = forest_plan(games=2)
    tournament, _ = open_tournament(store, plan)
    rival, _ = open_tournament(open_store(str(tmp_path / "games.db")), plan)
    rival.start(3)  # another process started the same tournament first, with three workers
    original, calls = store.save, []

    def rival_first(*aggregates):
        calls.append(aggregates)
        if len(calls) > 1:
            return original(*aggregates)
        original(rival)
        raise error

    monkeypatch.setattr(store, "save", rival_first)
    with pytest.raises(TournamentConflict):
        play_tournament(store, tournament, workers=1)
