"""The store half of the conformance suite: games recorded through the aggregate survive the store."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from meeplog.core.codec import Codec
from meeplog.core.conformance.matches import play_match
from meeplog.core.conformance.playouts import player_counts
from meeplog.core.kernel import Rules
from meeplog.core.narrate import narrate
from meeplog.core.store import game_codec, open_store


@pytest.mark.parametrize("kind", ["memory", "sqlite"])
def test_rebuilding_from_the_store_gives_the_live_state(meeplog_game: str, meeplog_rules: Rules[Any, Any], kind: str,
                                                        tmp_path: Path) -> None:
    store = open_store("memory" if kind == "memory" else str(tmp_path / "games.db"))
    for players in player_counts(meeplog_rules):
        live = play_match(meeplog_game, players, seed=players, store=store)
        stored = store.load(live.id)
        assert stored.state == live.state
        assert [r.event for r in stored.log] == [r.event for r in live.log]
        assert stored.outcome() == live.outcome()


def test_every_recorded_event_and_its_redactions_survive_json(meeplog_game: str,
                                                              meeplog_rules: Rules[Any, Any]) -> None:
    codec: Codec = game_codec(meeplog_game)
    match = play_match(meeplog_game, meeplog_rules.min_players, seed=3)
    for recorded in match.log:
        assert codec.loads(codec.dumps(recorded.event)) == recorded.event
        for seat in range(match.players):
            seen = recorded.event.seen_by(seat)
            assert codec.loads(codec.dumps(seen)) == seen


def test_every_event_as_every_seat_sees_it_can_be_narrated(meeplog_game: str, meeplog_rules: Rules[Any, Any]) -> None:
    """Logs, `--as SEAT` views and the human player describe redacted events too."""
    match = play_match(meeplog_game, meeplog_rules.max_players, seed=4)
    for seat in range(match.players):
        lines = [line for _, line in narrate(match.log, seat)]
        assert len(lines) > 1 and all(isinstance(line, str) and line for line in lines)
