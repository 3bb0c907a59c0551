"""No leak in what the web viewer serves a seat (DESIGN.md section 8): the same state pairs as the view check.

Two states that differ only in what a seat cannot know must give that seat byte-identical responses: the JSON
of its panel (view, legal commands, board) and the HTML drawn from it, and the lines its event feed reads as.
"""

from __future__ import annotations

import dataclasses

import orjson
import pytest

from meeplog.core import codec
from meeplog.core.registry import load_rules
from meeplog.replays.viewer.frames import line, panel
from meeplog.replays.viewer.rendering import render_panel
from tests.conformance.leaks import find_leaks

LEAK_GAMES = 3


@pytest.fixture
def rules(game_name):
    return load_rules(game_name)


def served_panel(rules, state, seat, players) -> bytes:
    """The panel of a seat as the API serves it: its JSON and the HTML the page shows."""
    shown = panel(rules, state, seat, players)
    return codec.dumps(dataclasses.asdict(shown)) + render_panel(shown).encode()


def served_lines(rules, state, events, seat) -> bytes:
    return orjson.dumps([dataclasses.asdict(line(rules, state, 0, event, seat)) for event in events])


def test_no_leak_in_what_the_viewer_serves_a_seat(rules):
    for players in sorted({rules.min_players, rules.max_players}):
        config = rules.configure(players)
        problems = find_leaks(
            rules,
            config,
            range(LEAK_GAMES),
            prompt=lambda state, seat, players=players: served_panel(rules, state, seat, players),
            feed=lambda state, events, seat: served_lines(rules, state, events, seat),
        )
        assert problems == []


def test_the_leak_check_catches_a_panel_that_shows_another_seats_hand(rules):
    """The check is not blind: serving the whole state (the "all" perspective) as a seat's panel leaks."""
    config = rules.configure(rules.max_players)
    problems = find_leaks(
        rules, config, range(2), prompt=lambda state, seat: served_panel(rules, state, None, config.players)
    )
    assert problems, "the whole state differs between the twins, so serving it must be caught"
