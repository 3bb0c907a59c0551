"""Fork: a game continued from a step by other players is a new, verifiable game that records its origin."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest

from meeplog.core.audit import CommandAccepted, GameFinished
from meeplog.core.cli import player_seed
from meeplog.core.players import make_player
from meeplog.core.runner import MatchRunner, MatchSettings
from meeplog.core.specs import PlayerSpec
from meeplog.core.store import open_store
from meeplog.replays.fork import CannotFork, fork
from meeplog.replays.steps import Timeline
from meeplog.replays.verify import verify
from tests.replays.games import audited_game, forest_game, simultaneous_game


def play_on(game, seed: int, store=None) -> None:
    players = [make_player(PlayerSpec("random"), player_seed(seed, seat)) for seat in range(game.players)]
    asyncio.run(MatchRunner(game, players, players, settings=MatchSettings(), store=store).play())


@pytest.mark.parametrize("step", [0, 25])
def test_a_forked_game_keeps_the_original_up_to_the_step_then_plays_on_and_verifies(step, tmp_path):
    original = audited_game()
    timeline = Timeline.of(original.log)
    store = open_store(str(tmp_path / "games.db"))
    forked = fork(original.log, step, ["random:seed=1"] * 3)
    assert forked.id != original.id and forked.version == timeline.ends[step]
    play_on(forked, seed=99, store=store)

    stored = store.history(forked.id)
    started = stored[0].event
    assert started.origin == f"{original.id}@{step}"
    assert started.seats == ("random:seed=1",) * 3
    assert dataclasses.replace(started, seats=(), origin=None) == dataclasses.replace(original.started, seats=())
    setup = timeline.ends[0]  # the fork's own setup events, recorded as it starts: the original's
    assert [r.event for r in stored[1:setup]] == [r.event for r in original.log[1:setup]] != []
    prefix = [r._replace(originator_id=original.id) for r in stored[setup:timeline.ends[step]]]
    assert prefix == original.log[setup:timeline.ends[step]]
    assert [r.event for r in stored[timeline.ends[step]:]] != [r.event for r in original.log[timeline.ends[step]:]]
    assert isinstance(stored[-1].event, GameFinished)
    verdict = verify(stored)
    assert verdict.ok and verdict.finished, verdict.divergence


def test_a_fork_at_a_step_continues_exactly_as_the_original_would_with_the_same_moves():
    """The random generator stands where it stood: replaying the original's own commands reproduces it."""
    original = forest_game(4)
    timeline = Timeline.of(original.log)
    forked = fork(original.log, 33, list(original.started.seats))
    for record in original.log[timeline.decisions[33]:]:
        if isinstance(record.event, CommandAccepted):
            forked.submit(record.event.seat, record.event.command)
    assert [r.event for r in forked.log[1:]] == [r.event for r in original.log[1:]]


def test_a_simultaneous_game_forks_in_the_middle_of_a_round():
    original = simultaneous_game()
    forked = fork(original.log, 4, ["random"] * 3)
    assert forked.pending().seats == (1, 2)  # the second round's first pick is in
    play_on(forked, seed=5)
    assert verify(forked.log).ok


def test_an_unfinished_game_can_be_continued_from_its_last_step():
    original = forest_game()
    timeline = Timeline.of(original.log)
    unfinished = original.log[:timeline.ends[40]]
    forked = fork(unfinished, 40, ["random"] * original.players)
    play_on(forked, seed=3)
    assert forked.over and verify(forked.log).ok


def test_forks_that_cannot_be_made_say_why():
    original = forest_game()
    last = Timeline.of(original.log).last
    with pytest.raises(CannotFork, match=f"the game is over at step {last}; fork it at a step from 0 to {last - 1}"):
        fork(original.log, last, ["random"] * original.players)
    with pytest.raises(CannotFork, match="the game has 3 seats; give one player per seat, not 2"):
        fork(original.log, 3, ["random"] * 2)
    with pytest.raises(ValueError, match="there is no step 999"):
        fork(original.log, 999, ["random"] * original.players)
    started = original.log[0]
    reseeded = [started._replace(event=dataclasses.replace(started.event, seed=12345)), *original.log[1:]]
    with pytest.raises(CannotFork, match="the installed rules do not reproduce this game up to step 20"):
        fork(reseeded, 20, ["random"] * original.players)
