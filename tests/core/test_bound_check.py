"""The bounded-decision check itself must catch a game that grows, or the conformance suite proves nothing."""

import pytest

from meeplog.core.conformance.bounds import OutOfBounds, measure
from meeplog.core.limits import MAX_LEGAL_COMMANDS
from meeplog.core.registry import load_rules
from tests.toy import CrowdedPenniesRules, PenniesRules, WordyPenniesRules


def test_a_bounded_game_is_measured_to_the_end():
    rules = PenniesRules()
    playout, extremes = measure(rules, rules.configure(3), 0, ["first", "last", "random"])
    assert extremes.decision == 2 and extremes.decisions == len(playout.decisions) == 9
    assert 200 < extremes.observation < 2_000


def test_a_decision_growing_past_the_bound_is_caught_where_it_happens():
    rules = CrowdedPenniesRules()
    with pytest.raises(OutOfBounds, match=f"512 legal commands at decision 2 \\(bound {MAX_LEGAL_COMMANDS}\\)"):
        measure(rules, rules.configure(2), 0, ["random", "random"])


def test_an_observation_past_the_bound_is_caught():
    rules = WordyPenniesRules()
    with pytest.raises(OutOfBounds, match=r"was sent 70,\d{3} bytes at decision 0"):
        measure(rules, rules.configure(2), 0, ["first", "first"])


def test_a_game_not_weighed_plays_the_same_and_still_bounds_the_decisions():
    """scripts/soak --skip-observations: the same game, with only the cheap checks (heuristic seats read the
    sampled state, never a view)."""
    rules = load_rules("forest")
    specs = ["random", "heuristic", "first"]
    weighed, _ = measure(rules, rules.configure(3), 4, specs)
    light, extremes = measure(rules, rules.configure(3), 4, specs, weigh=False)
    assert light.events == weighed.events and extremes.observation == 0
    assert extremes.decisions == len(light.decisions) > 0
    with pytest.raises(OutOfBounds, match="512 legal commands"):
        measure(CrowdedPenniesRules(), CrowdedPenniesRules().configure(2), 0, ["random", "random"], weigh=False)
