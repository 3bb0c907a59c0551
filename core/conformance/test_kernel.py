"""The rules-kernel half of the conformance suite: every game must pass all of it."""

from __future__ import annotations

import itertools
import pickle
import random
from typing import Any

import pytest

from meeplog.core.codec import Codec
from meeplog.core.conformance.leaks import find_leaks, find_setup_leaks
from meeplog.core.conformance.playouts import play, player_counts, problems, steps
from meeplog.core.kernel import IllegalCommand, Rules

RANDOM_GAMES = 200
LEAK_GAMES = 25

def test_random_full_games_end_with_a_valid_outcome_and_their_events_rebuild_the_state(
        meeplog_rules: Rules[Any, Any]
) -> None:
    for players in player_counts(meeplog_rules):
        config = meeplog_rules.configure(players)
        for seed in range(RANDOM_GAMES):
            assert problems(meeplog_rules, play(meeplog_rules, config, seed)) == [], f"{players} players, seed {seed}"


def test_same_seed_and_commands_give_identical_events(meeplog_rules: Rules[Any, Any]) -> None:
    for players in player_counts(meeplog_rules):
        config = meeplog_rules.configure(players)
        for seed in range(5):
            assert play(meeplog_rules, config, seed).events == play(meeplog_rules, config, seed).events


def test_clone_is_independent_and_sample_leaves_the_state_alone(meeplog_rules: Rules[Any, Any]) -> None:
    config = meeplog_rules.configure(meeplog_rules.max_players)
    rng = random.Random(1)
    for state, seat, command in steps(meeplog_rules, config, seed=3):
        before = state.clone()
        assert before == state
        meeplog_rules.sample(state, seat, rng)
        assert state == before, "sample changed the true state"
        meeplog_rules.apply(before, seat, command, random.Random(0))
        assert state == state.clone()


def test_states_survive_pickling(meeplog_rules: Rules[Any, Any]) -> None:
    """Process pools and Ray carry states between processes: a compiled (mypyc) class must pickle too."""
    for state, _, _ in steps(meeplog_rules, meeplog_rules.configure(meeplog_rules.max_players), seed=2):
        assert pickle.loads(pickle.dumps(state)) == state


def test_apply_does_what_decide_then_evolve_do(meeplog_rules: Rules[Any, Any]) -> None:
    """A game may fuse decide and evolve in its own `apply`, for speed; it must give the same events and state."""
    for players in player_counts(meeplog_rules):
        config = meeplog_rules.configure(players)
        for seed in range(3):
            for state, seat, command in steps(meeplog_rules, config, seed):
                decided, applied = state.clone(), state.clone()
                events = meeplog_rules.decide(decided, seat, command, random.Random(seed))
                for event in events:
                    meeplog_rules.evolve(decided, event)
                assert meeplog_rules.apply(applied, seat, command, random.Random(seed)) == events
                assert applied == decided, f"{players} players, seed {seed}: apply left another state"


def test_the_setup_events_are_what_setup_did_and_read_and_survive_a_json_round_trip_as_any_seat_sees_them(
        meeplog_rules: Rules[Any, Any]
) -> None:
    """Rules.setup_with_events: setup's own state, drawing from the rng as setup does, and events a log can show."""
    codec = Codec(meeplog_rules.events + meeplog_rules.commands)
    for players in player_counts(meeplog_rules):
        config = meeplog_rules.configure(players)
        for seed in range(3):
            plain, told = random.Random(seed), random.Random(seed)
            state = meeplog_rules.setup(config, plain)
            same, events = meeplog_rules.setup_with_events(config, told)
            assert same == state and plain.random() == told.random(), f"{players} players, seed {seed}"
            for event, seat in itertools.product(events, range(players)):
                seen = event.seen_by(seat)
                assert codec.loads(codec.dumps(seen)) == seen
                assert meeplog_rules.describe(state, seen)


def test_events_commands_and_views_survive_a_json_round_trip(meeplog_rules: Rules[Any, Any]) -> None:
    codec = Codec(meeplog_rules.events + meeplog_rules.commands)
    for players in player_counts(meeplog_rules):
        config = meeplog_rules.configure(players)
        for state, seat, command in steps(meeplog_rules, config, seed=11):
            assert codec.loads(codec.dumps(command)) == command
            view = meeplog_rules.view(state, seat)
            assert type(view).model_validate_json(view.model_dump_json()) == view
            for event in meeplog_rules.decide(state.clone(), seat, command, random.Random(0)):
                assert codec.loads(codec.dumps(event)) == event
                assert codec.loads(codec.dumps(event.seen_by(seat))) == event.seen_by(seat)


def test_commands_out_of_turn_are_refused_with_a_reason(meeplog_rules: Rules[Any, Any]) -> None:
    config = meeplog_rules.configure(meeplog_rules.max_players)
    for state, _seat, command in steps(meeplog_rules, config, seed=5):
        others = [s for s in range(meeplog_rules.max_players) if s not in meeplog_rules.pending(state).seats]
        for other in others:
            assert meeplog_rules.legal(state, other) == []
            before = state.clone()
            with pytest.raises(IllegalCommand) as refused:
                meeplog_rules.apply(state, other, command, random.Random(0))
            assert refused.value.reason
            assert state == before, "a refused command changed the state (replays/verify.py relies on it not to)"


def test_no_leak_in_views_or_event_feeds(meeplog_rules: Rules[Any, Any]) -> None:
    """States, choices or deals that differ only in what a seat cannot know look the same to that seat."""
    for players in player_counts(meeplog_rules):
        assert find_leaks(meeplog_rules, meeplog_rules.configure(players), range(LEAK_GAMES)) == []


def test_the_setup_leak_check_catches_setup_events_shown_unredacted(meeplog_rules: Rules[Any, Any]) -> None:
    """The check of the deal is not blind: a feed handing every seat the setup events whole is caught."""
    config = meeplog_rules.configure(meeplog_rules.max_players)
    _, events = meeplog_rules.setup_with_events(config, random.Random(0))
    if all(event.seen_by(seat) == event for event in events for seat in range(config.players)):
        pytest.skip(f"nothing of {meeplog_rules.title}'s setup events is hidden from anyone")
    whole = find_setup_leaks(meeplog_rules, config, 0, random.Random(0), feed=lambda _state, made, _seat: list(made))
    assert any("setup events seat" in problem for problem in whole)
