"""The end of a Forest match by category (ruling O2's parts), a match of several games included."""

from __future__ import annotations

from meeplog.core.conformance.playouts import play
from meeplog.core.registry import load_rules

RULES = load_rules("forest")


def test_a_three_game_match_adds_the_earlier_games_to_the_last_ones_parts():
    state = play(RULES, RULES.configure(3, match_games=3), 4).state
    pads = RULES.score_pad(state)
    assert [set(pad) for pad in pads] == [{"orangutans", "cards in piles", "deforestation", "earlier games"}] * 3
    assert [sum(pad.values()) for pad in pads] == list(RULES.outcome(state).scores)
    assert all(pad["cards in piles"] <= 0 and pad["deforestation"] <= 0 for pad in pads)


def test_a_single_game_has_no_earlier_games():
    state = play(RULES, RULES.configure(4), 2).state
    assert all("earlier games" not in pad for pad in RULES.score_pad(state))
