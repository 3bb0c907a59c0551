"""The table aggregate through its domain API (core/tables), without the web: the store refuses a second command for
one seat at one version, the debugger's lock is read from the store and opens at the end, a turn timer starts again
from what is stored after the table's process stopped, a command taken by the table's owner's process is handed to
the owner, a follower given a table just before its end is given it once more, over, and seats are parsed as a table
takes them."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from meeplog.core.audit import CommandRejected, PlayerFellBack
from meeplog.core.game import Recorded
from meeplog.core.store import GameStore, open_store
from meeplog.core.tables.coordination import OneProcess, word
from meeplog.core.tables.events import TableEnded, record, table_id
from meeplog.core.tables.playing import Playing
from meeplog.core.tables.service import Laid, Locked, Tables
from meeplog.core.tables.setup import Setup, seat_text
from meeplog.core.tables.table import NotNow, NotYourSeat, Table
from meeplog.core.tournament.progress import Records

WAIT_SECONDS = 60


@pytest.fixture
def tables(tmp_path) -> Iterator[Tables]:
    """The tables of a new SQLite store, open, as one `meeplog serve` process serves them."""
    served = Tables(open_store(str(tmp_path / "tables.db")))
    served.open()
    try:
        yield served
    finally:
        served.close()


def asked(table: Table, seat: int) -> int | None:
    """The version at which `seat` is asked (the table read until it is), None once the game is over."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        table.catch_up()
        with table.reading() as game:
            if table.over:
                return None
            if seat in game.pending().seats:
                return game.version
        assert time.monotonic() < deadline, f"seat {seat} was never asked"
        time.sleep(0.01)


def laid_and_left(path: str, setup: Setup) -> tuple[Laid, int | None]:
    """A table laid and played by a process until seat 0 is asked, then that process stops; and that version."""
    owner = Tables(open_store(path))
    owner.open()
    try:
        laid = owner.lay(setup)
        return laid, asked(owner.table(laid.game_id), 0)
    finally:
        owner.close()


def test_the_store_refuses_a_second_command_for_one_seat_at_one_version(tmp_path):
    path = str(tmp_path / "tables.db")
    laid, version = laid_and_left(path, Setup("forest", ("person", "heuristic", "heuristic"), seed=3))
    front = Tables(open_store(path), OneProcess())  # takes commands, plays nothing: nobody moves the game on
    table = front.table(laid.game_id)
    with table.reading() as game:
        first, second = game.legal(0)[:2]
    credential = laid.credentials[0]
    data = table.codec.encode(first)
    with pytest.raises(NotYourSeat):
        front.command(laid.game_id, 0, "guess", version, data)
    front.command(laid.game_id, 0, credential, version, data)
    for again in (data, table.codec.encode(second)):
        with pytest.raises(NotNow, match="taken already"):
            front.command(laid.game_id, 0, credential, version, again)
    with pytest.raises(Locked):
        front.guard(laid.game_id)


def test_the_debuggers_lock_opens_when_the_game_ends_and_a_bots_table_has_none(tables):
    bots = tables.lay(Setup("forest", ("random", "random", "random"), seed=1))
    tables.guard(bots.game_id)  # nobody's hand to hide from anyone
    laid = tables.lay(Setup("forest", ("person", "random", "random"), seed=2))
    table = tables.table(laid.game_id)
    with pytest.raises(Locked):
        tables.guard(laid.game_id)
    while (version := asked(table, 0)) is not None:
        with table.reading() as game:
            command = game.legal(0)[0]
        tables.command(laid.game_id, 0, laid.credentials[0], version, table.codec.encode(command))
        deadline = time.monotonic() + WAIT_SECONDS
        while table.version == version:
            assert time.monotonic() < deadline, "the command was never played"
            time.sleep(0.01)
    tables.guard(laid.game_id)
    deadline = time.monotonic() + WAIT_SECONDS
    while table.ended is None:
        assert time.monotonic() < deadline, "the table's end was never recorded"
        time.sleep(0.01)
        table.catch_up()
    assert table.ended.why == ""


def test_a_turn_timer_starts_again_from_what_is_stored_after_the_tables_process_stopped(tmp_path):
    path = str(tmp_path / "tables.db")
    laid, version = laid_and_left(path, Setup("forest", ("person", "random", "random"), turn_seconds=0.5, seed=5))
    time.sleep(1.0)  # the turn ran out while no process played the table
    again = Tables(open_store(path))
    again.open()
    try:
        table = again.table(laid.game_id)
        deadline = time.monotonic() + WAIT_SECONDS
        while not any(isinstance(r.event, PlayerFellBack) for r in table.game.log[version:]):
            assert time.monotonic() < deadline, "the fallback never moved for the seat out of time"
            time.sleep(0.05)
            table.catch_up()
        fell = next(r.event for r in table.game.log[version:] if isinstance(r.event, PlayerFellBack))
        assert fell.seat == 0 and "no answer within 0.5s" in fell.why
    finally:
        again.close()


@pytest.mark.parametrize(
    ("spec", "stored"),
    [("person", "person"), ("person:name=Ada", "Ada=person"), ("Ada=person", "Ada=person"),
     ("mcts:sims=30", "mcts:sims=30"), ("bot=heuristic", "bot=heuristic")],
)
def test_a_seat_is_stored_with_the_persons_name_in_front(spec, stored):
    assert seat_text(spec) == stored


def test_the_terminals_player_is_refused_with_a_pointer_to_person():
    with pytest.raises(ValueError, match="use person for a seat played from the browser"):
        seat_text("human:name=x")


def test_the_owner_in_this_process_plays_a_command_it_is_handed_without_reading_it_back(tables, monkeypatch):
    monkeypatch.setattr(Playing, "_sent", lambda self, seat, at: None)  # the store never gives the command back
    laid = tables.lay(Setup("forest", ("person", "heuristic", "heuristic"), seed=3))
    table = tables.table(laid.game_id)
    version = asked(table, 0)
    assert version is not None
    with table.reading() as game:
        data = table.codec.encode(game.legal(0)[0])
    tables.command(laid.game_id, 0, laid.credentials[0], version, data)
    deadline = time.monotonic() + WAIT_SECONDS
    while table.version <= version:
        assert time.monotonic() < deadline, "the command handed to the owner was never played"
        time.sleep(0.01)
        table.catch_up()


def test_a_decision_at_a_table_this_process_plays_reads_nothing_back_from_the_store(tables, monkeypatch):
    """The owner gives its table each save, so neither the word of that save nor the next command's check reads the
    store, and the seat waiting for a command handed to it does not look for it there."""
    laid = tables.lay(Setup("forest", ("person", "heuristic", "heuristic"), seed=3))
    table = tables.table(laid.game_id)
    reads: list[tuple[object, ...]] = []
    read = tables.store.events.get
    version = asked(table, 0)
    for decision in range(4):
        assert version is not None
        with table.reading() as game:
            data = table.codec.encode(game.legal(0)[0])
        if decision == 1:  # the owner looks in the store once, as it first asks a seat after it began to play
            monkeypatch.setattr(tables.store.events, "get", lambda *a, **k: reads.append(a) or read(*a, **k))
        tables.command(laid.game_id, 0, laid.credentials[0], version, data)
        version = kept_until_asked(table, 0, after=version)
    assert reads == []


def test_a_command_refused_by_the_table_as_kept_here_is_checked_again_against_the_store(tables):
    """The table this process plays is not read before a command is checked, but a refusal is made sure of: the
    table kept here may lag the store (another process took the table over, and its word is on its way)."""
    laid = tables.lay(Setup("forest", ("random", "random", "person"), seed=3))
    table = tables.table(laid.game_id)
    first = asked(table, 2)
    assert first is not None
    lagging = Table(tables.store, laid.game_id)  # as the store stands while the seat is asked
    with table.reading() as game:
        tables.command(laid.game_id, 2, laid.credentials[2], first, table.codec.encode(game.legal(2)[0]))
    version = kept_until_asked(table, 2, after=first)
    assert version is not None
    with table.reading() as game:
        data = table.codec.encode(game.legal(2)[0])
    tables._tables[laid.game_id] = lagging
    tables.command(laid.game_id, 2, laid.credentials[2], version, data)
    assert lagging.version >= version  # read, and taking the owner's saves since


def test_a_command_handed_over_as_its_seats_turn_ran_out_is_not_kept(tables):
    """A command committed just as its seat's turn runs out is handed to an owner that has played the fallback and
    will never ask for that version again: the owner lets it go by the seat's next turns, not at the table's end."""
    laid = tables.lay(Setup("forest", ("person", "random", "random"), turn_seconds=0.3, seed=4))
    table = tables.table(laid.game_id)
    version = asked(table, 0)
    assert version is not None
    with table.reading() as game:
        late = game.legal(0)[0]
    deadline = time.monotonic() + WAIT_SECONDS
    while table.version == version:  # the turn runs out and the fallback plays
        assert time.monotonic() < deadline, "the seat's turn never ran out"
        time.sleep(0.01)
    playing = tables._playing[laid.game_id]
    assert playing.tell(0, version, late)
    later = kept_until_asked(table, 0, after=table.version)
    assert later is not None and kept_until_asked(table, 0, after=later) is not None
    assert (0, version) not in playing._told


def test_a_watcher_of_one_seat_hears_of_the_tables_with_that_seat_and_of_tables_not_read_yet(tables):
    heard: list[uuid.UUID] = []
    tables.watch(heard.append, "Ada=person")
    mine = tables.lay(Setup("forest", ("Ada=person", "random", "random"), seed=1))
    theirs = tables.lay(Setup("forest", ("Bob=person", "random", "random"), seed=2))
    assert theirs.game_id in heard  # new here: whose seats it has is not known before it is read
    for laid in (mine, theirs):
        tables.table(laid.game_id)
    heard.clear()
    for laid in (mine, theirs):
        tables.coordination.notify(word(laid.game_id))
    assert set(heard) == {mine.game_id}


def kept_until_asked(table: Table, seat: int, after: int) -> int | None:
    """The version past `after` at which `seat` is asked, as the owner keeps the table in this process (never read
    from the store here), None once the game is over."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        with table.reading() as game:
            if table.over:
                return None
            if game.version > after and seat in game.pending().seats:
                return game.version
        assert time.monotonic() < deadline, f"seat {seat} was never asked after version {after}"
        time.sleep(0.01)


def test_a_table_read_the_first_time_has_what_was_saved_while_it_was_read(tmp_path, monkeypatch):
    """The owner gives its saves to the table kept here, and the word of them reads nothing when the table is not
    kept yet: a save made while the table was first read must still reach it, or its seat is never told its turn."""
    path = str(tmp_path / "tables.db")
    laid, version = laid_and_left(path, Setup("forest", ("person", "random", "random"), seed=7))
    assert version is not None
    front = Tables(open_store(path), OneProcess())  # plays nothing: only this test saves
    read = Table.__init__

    def saved_meanwhile(table: Table, store: GameStore, game_id: uuid.UUID) -> None:
        read(table, store, game_id)
        late = Recorded(game_id, table.version + 1, datetime.now(UTC), "forest", CommandRejected(0, None, "late"))
        store.save(Records(game_id, [late]))

    monkeypatch.setattr(Table, "__init__", saved_meanwhile)
    assert front.table(laid.game_id).version == version + 1


def test_a_follower_given_the_table_just_before_it_ended_is_given_it_once_more_over(tmp_path):
    """The table ends (here: its end is recorded) while the reader of `follow` still draws the table it was given,
    as the owner's thread ends a game while a seat's stream draws the sheet before the last: the follower must
    still be given the table over, or the seat's page waits for ever for a turn that will not come."""
    path = str(tmp_path / "tables.db")
    laid, version = laid_and_left(path, Setup("forest", ("person", "random", "random"), seed=7))
    front = Tables(open_store(path), OneProcess())  # plays nothing: only this test moves the table
    ended = table_id(laid.game_id)

    async def given() -> list[tuple[int, bool]]:
        followed = front.follow(laid.game_id, quiet=WAIT_SECONDS)
        table = await anext(followed)
        seen = [(table.version, table.over)]
        front.store.save(Records(ended, [record(ended, 2, TableEnded("stopped while its page drew"))]))
        table.catch_up()  # as the word of the end does, on another thread, before the reader comes back
        seen += [(later.version, later.over) async for later in followed if later is not None]
        return seen

    assert asyncio.run(given()) == [(version, False), (version, True)]
