"""No leak in what the web viewer serves a seat (DESIGN.md sections 8 and 10): the same state pairs as the view check.

Two states that differ only in what a seat cannot know must give that seat byte-identical responses: the JSON
of its panel (view, legal commands, board) and the HTML drawn from it, and the lines its event feed reads as;
and, for a person playing the seat from the browser, its seat page's sheet (what the page and its event stream
send: the board, the legal commands with their JSON and board targets, the narration, the status).
Without the viewer's extra installed, these checks skip and say which extra would run them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

import orjson
import pytest

from meeplog.core import codec
from meeplog.core.conformance.leaks import find_leaks
from meeplog.core.extras import MissingExtra, needs_extra
from meeplog.core.kernel import GameEvent, Rules

try:
    with needs_extra("viewer", "the viewer's leak check"):
        from meeplog.replays.viewer.frames import line, panel
        from meeplog.replays.viewer.rendering import render_panel
        from meeplog.replays.viewer.sheets import sheet
except MissingExtra as missing:
    pytest.skip(str(missing), allow_module_level=True)

LEAK_GAMES = 3


def served_panel(rules: Rules[Any, Any], state: Any, seat: int | None, players: int) -> bytes:
    """The panel of a seat as the API serves it: its JSON and the HTML the page shows."""
    shown = panel(rules, state, seat, players)
    return codec.dumps(dataclasses.asdict(shown)) + render_panel(shown).encode()


def served_lines(rules: Rules[Any, Any], state: Any, events: Sequence[GameEvent], seat: int) -> bytes:
    return orjson.dumps([dataclasses.asdict(line(rules, state, 0, event, seat)) for event in events])


def test_no_leak_in_what_the_viewer_serves_a_seat(meeplog_rules: Rules[Any, Any]) -> None:
    assert leaks_at_each_count(
        meeplog_rules,
        prompt=lambda state, seat, players: served_panel(meeplog_rules, state, seat, players),
        feed=lambda state, events, seat, _: served_lines(meeplog_rules, state, events, seat),
    ) == []


def served_sheet(rules: Rules[Any, Any], state: Any, seat: int, players: int, events: Sequence[GameEvent]) -> bytes:
    """A seat page's sheet as the page and its event stream send it."""
    seats = [f"player {number}" for number in range(players)]
    return orjson.dumps(sheet(rules, state, seat, seats=seats, events=events, version=0))


def test_no_leak_in_what_a_seat_page_and_its_event_stream_send(meeplog_rules: Rules[Any, Any]) -> None:
    assert leaks_at_each_count(
        meeplog_rules,
        prompt=lambda state, seat, players: served_sheet(meeplog_rules, state, seat, players, ()),
        feed=lambda state, events, seat, players: served_sheet(meeplog_rules, state, seat, players, events),
    ) == []


def leaks_at_each_count(
    rules: Rules[Any, Any],
    prompt: Callable[[Any, int, int], bytes],
    feed: Callable[[Any, Sequence[GameEvent], int, int], bytes],
) -> list[str]:
    """The leaks found at the fewest and the most players; `prompt` and `feed` are also given the player count."""
    problems: list[str] = []
    for players in sorted({rules.min_players, rules.max_players}):
        problems += find_leaks(
            rules,
            rules.configure(players),
            range(LEAK_GAMES),
            prompt=lambda state, seat, players=players: prompt(state, seat, players),
            feed=lambda state, events, seat, players=players: feed(state, events, seat, players),
        )
    return problems


def test_the_leak_check_catches_a_panel_that_shows_another_seats_hand(meeplog_rules: Rules[Any, Any]) -> None:
    """The check is not blind: serving the whole state (the "all" perspective) as a seat's panel leaks."""
    config = meeplog_rules.configure(meeplog_rules.max_players)
    problems = find_leaks(meeplog_rules, config, range(2),
                          prompt=lambda state, seat: served_panel(meeplog_rules, state, None, config.players))
    assert problems, "the whole state differs between the twins, so serving it must be caught"
