"""Verify re-runs the rules on every recorded decision and names the first event they no longer cause."""

from __future__ import annotations

import dataclasses

from meeplog.core.audit import AUDIT_EVENTS, DECISIONS, CommandAccepted
from meeplog.core.registry import load_rules
from meeplog.replays.format import dump_replay, parse_replay
from meeplog.replays.verify import verify
from tests.replays.games import PENNIES, audited_game, sample_games
from tests.replays.recording import record


def test_every_sample_game_verifies_refusals_fallbacks_exchanges_and_simultaneous_decisions_included():
    for game in sample_games():
        verdict = verify(game.log)
        assert verdict.ok, verdict.divergence
        assert verdict.decisions == sum(isinstance(r.event, DECISIONS) for r in game.log)
        assert verdict.notes == ()
    assert PENNIES in {game.rules.name for game in sample_games()}


def bumped(event):
    """The event with its last whole-number field changed by one (a plausible hand edit)."""
    name = next(f.name for f in reversed(dataclasses.fields(event)) if type(getattr(event, f.name)) is int)
    return dataclasses.replace(event, **{name: getattr(event, name) + 1})


def test_editing_one_event_in_a_file_makes_verify_point_at_it(meeplog_game, meeplog_rules):
    game = record(meeplog_game, meeplog_rules.max_players, 5)
    history = parse_replay(dump_replay(game.log))
    candidates = [r for r in history[len(history) // 2:] if not isinstance(r.event, AUDIT_EVENTS)
                  and any(type(getattr(r.event, f.name)) is int for f in dataclasses.fields(r.event))]
    target = candidates[0]
    lines = dump_replay(history).split(b"\n")
    edited = [*history[:target.originator_version - 1], target._replace(event=bumped(target.event)),
              *history[target.originator_version:]]
    lines[target.originator_version - 1] = dump_replay(edited).split(b"\n")[target.originator_version - 1]

    verdict = verify(parse_replay(b"\n".join(lines)))
    assert not verdict.ok
    divergence = verdict.divergence
    assert divergence.version == target.originator_version
    assert bumped(target.event) in divergence.recorded and target.event in divergence.redecided
    assert type(target.event).__name__ in divergence.problem


def test_a_recorded_command_the_rules_refuse_is_reported_at_its_decision():
    history = list(record("forest", 3, 5).log)
    index, decision = next((i, r) for i, r in enumerate(history) if i > 60 and isinstance(r.event, CommandAccepted)
                           and type(r.event.command).__name__ == "PlayCard")
    history[index] = decision._replace(event=CommandAccepted(decision.event.seat, type(decision.event.command)(999)))
    divergence = verify(history).divergence
    assert divergence.version == decision.originator_version
    assert divergence.problem.startswith(f"the rules now refuse seat {decision.event.seat}'s command") or \
        divergence.problem.startswith(f"decide failed on seat {decision.event.seat}'s command")
    assert divergence.redecided == ()


def test_a_change_in_the_rules_behaviour_is_caught(monkeypatch):
    game = record("forest", 4, 6)
    rules = load_rules("forest")
    apply = rules.apply

    def forgetful(state, seat, command, rng):
        events = apply(state, seat, command, rng)
        return events[:-1] if len(events) > 1 else events

    monkeypatch.setattr(rules, "apply", forgetful)
    divergence = verify(game.log).divergence
    assert divergence is not None and "no longer cause" in divergence.problem
    assert len(divergence.redecided) == len(divergence.recorded) - 1


def test_other_randomness_is_caught():
    """The deal comes from the seed: a replay set up with another seed parts ways at once."""
    game = record("forest", 3, 7)
    started = game.log[0]
    other = started._replace(event=dataclasses.replace(started.event, seed=started.event.seed + 1))
    divergence = verify([other, *game.log[1:]]).divergence
    assert divergence is not None and divergence.decision <= 2


def without(history, index):
    """The history with the record at `index` taken out and the rest renumbered, as a careless edit would leave it."""
    return [r._replace(originator_version=v) for v, r in enumerate(history[:index] + history[index + 1:], 1)]


def test_a_missing_decision_is_reported_at_the_first_event_it_leaves_unexplained():
    history = list(record("forest", 3, 8).log)
    index = next(i for i, r in enumerate(history) if i > 20 and isinstance(r.event, CommandAccepted))
    divergence = verify(without(history, index)).divergence
    assert divergence.version == index + 1
    assert "no longer cause the recorded" in divergence.problem


def test_an_event_no_decision_caused_is_reported():
    history = list(audited_game().log)  # a model exchange before each decision
    index = next(i for i, r in enumerate(history) if i > 20 and isinstance(r.event, CommandAccepted)
                 and isinstance(history[i - 1].event, AUDIT_EVENTS))
    divergence = verify(without(history, index)).divergence
    assert divergence.version == index + 1
    assert "was recorded but no decision caused it" in divergence.problem


def test_other_rules_or_data_versions_are_noted_not_failed():
    game = record("forest", 3, 9)
    started = game.log[0]
    older = started._replace(event=dataclasses.replace(started.event, rules_version="0", data_hash="sha256:old"))
    verdict = verify([older, *game.log[1:]])
    assert verdict.ok
    assert verdict.notes == ("recorded with rules version 0, replayed with 1",
                             f"recorded with data sha256:old, replayed with {started.event.data_hash}")


def test_a_config_the_rules_no_longer_accept_is_a_divergence_at_the_start():
    game = record("forest", 3, 10)
    started = game.log[0]
    bad = started._replace(event=dataclasses.replace(started.event, config={**started.event.config, "colour": 1}))
    divergence = verify([bad, *game.log[1:]]).divergence
    assert divergence.decision == 0 and divergence.version == 1
    assert "cannot be set up again" in divergence.problem and "colour" in divergence.problem
