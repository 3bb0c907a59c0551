"""Time travel: any step of a recorded game, as a whole or as one seat saw it, with the prompt made there."""

from __future__ import annotations

import asyncio

import pytest

from meeplog.core.audit import DECISIONS, LlmExchange
from meeplog.core.cli import player_seed
from meeplog.core.game import Game
from meeplog.core.players import make_player
from meeplog.core.registry import load_rules
from meeplog.core.runner import MatchRunner
from meeplog.core.specs import PlayerSpec
from meeplog.replays.steps import Timeline
from meeplog.replays.travel import at_step, state_data
from tests.replays.games import audited_game, simultaneous_game


def live_positions(game_name: str, players: int, seed: int) -> tuple[Game, dict[int, object]]:
    """A game played live, with a copy of its state after every decision, by version."""
    rules = load_rules(game_name)
    game = Game.start(rules, rules.configure(players), ["random"] * players, seed)
    states = {game.version: game.state.clone()}
    seats = [make_player(PlayerSpec("random"), player_seed(seed, seat)) for seat in range(players)]
    runner = MatchRunner(game, seats, seats, on_decision=lambda g: states.__setitem__(g.version, g.state.clone()))
    asyncio.run(runner.play())
    return game, states


def test_every_step_shows_the_state_the_live_game_had_there():
    game, states = live_positions("forest", 4, 21)
    timeline = Timeline.of(game.log)
    assert timeline.last == sum(isinstance(r.event, DECISIONS) for r in game.log)
    for step in range(timeline.last + 1):
        position = at_step(game.log, step)
        assert position.version in states
        assert position.game.state == states[position.version]
        assert position.game.over == (step == timeline.last)


def test_a_seat_sees_its_own_view_and_a_feed_redacted_for_it():
    game = audited_game()
    position = at_step(game.log, 30)
    seat = position.game.pending().seats[0]
    other = (seat + 1) % 3
    assert position.game.rules.view(position.game.state, seat).seat == seat
    feed = dict(position.feed(seat))
    assert feed.keys() == set(range(1, position.version + 1))
    assert feed == {r.originator_version: r.event.seen_by(seat) for r in game.log[:position.version]}
    their_exchange = next(v for v, r in enumerate(game.log, 1) if isinstance(r.event, LlmExchange)
                          and r.event.seat == other)
    assert feed[their_exchange].prompt is None  # another seat's prompt holds its hand
    assert position.last_decision(seat) < position.version


def test_the_prompt_recorded_at_a_step_is_shown_for_its_seat_only():
    game = audited_game()
    timeline = Timeline.of(game.log)
    for step in (0, 17, timeline.last - 1):
        position = at_step(game.log, step)
        seat = position.game.pending().seats[0]
        made_here = [r.event for r in game.log[timeline.ends[step]:timeline.decisions[step]]]
        prompts = [e.prompt for e in made_here if isinstance(e, LlmExchange)]
        assert prompts and [e.prompt for e in position.exchanges(seat)] == prompts
        assert all(f"seat {seat}," in prompt for prompt in prompts)
        assert position.exchanges((seat + 1) % 3) == []


def test_in_a_simultaneous_round_the_pending_seats_are_the_ones_not_yet_applied():
    game = simultaneous_game()
    assert at_step(game.log, 0).game.pending().seats == (0, 1, 2)
    position = at_step(game.log, 1)
    assert position.game.pending().seats == (1, 2)
    assert position.decision.event.seat == 0
    assert position.feed(1)[-1][1].side is None  # seat 0's pick, hidden from seat 1
    assert position.feed(0)[-1][1].side is not None


def test_the_state_shows_its_plain_data_and_leaves_out_the_config_and_data_files():
    data = state_data(at_step(audited_game().log, 5).game.state)
    assert "hands" in data and "deck" in data
    assert "config" not in data and "data" not in data


def test_a_step_out_of_range_is_refused_naming_the_range():
    game = audited_game()
    last = Timeline.of(game.log).last
    with pytest.raises(ValueError, match=f"this game has steps 0 to {last} \\(one per decision\\); there is no step"):
        at_step(game.log, last + 1)
