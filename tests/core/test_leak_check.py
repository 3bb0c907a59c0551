"""The no-leak check itself must catch leaks, or the conformance suite proves nothing."""

from meeplog.core.conformance.leaks import find_leaks
from tests.toy import LeakyPenniesRules, LoudPenniesRules, PenniesRules


def test_a_sound_game_passes():
    rules = PenniesRules()
    assert find_leaks(rules, rules.configure(3), range(10)) == []


def test_a_view_showing_other_seats_secret_picks_is_caught():
    rules = LeakyPenniesRules()
    problems = find_leaks(rules, rules.configure(3), range(10))
    assert any("view of seat" in p for p in problems)


def test_an_event_announcing_a_secret_pick_is_caught():
    rules = LoudPenniesRules()
    problems = find_leaks(rules, rules.configure(3), range(10))
    assert any("reveals a hidden choice" in p for p in problems)


def test_a_prompt_showing_hidden_state_is_caught():
    rules = PenniesRules()
    problems = find_leaks(rules, rules.configure(2), range(10), prompt=lambda state, seat: repr(state.picks))
    assert any("prompt of seat" in p for p in problems)
