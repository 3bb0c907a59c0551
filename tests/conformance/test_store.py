"""The store half of the conformance suite: games recorded through the aggregate survive the store."""

from __future__ import annotations

import pytest

from meeplog.core.codec import Codec
from meeplog.core.narrate import narrate
from meeplog.core.registry import load_rules
from meeplog.core.store import game_codec
from tests.conformance.playouts import player_counts
from tests.matches import play_match
from tests.stores import store_of_kind


@pytest.mark.parametrize("kind", ["memory", "sqlite"])
def test_rebuilding_from_the_store_gives_the_live_state(game_name, kind, tmp_path):
    with store_of_kind(kind, tmp_path) as store:
        for players in player_counts(load_rules(game_name)):
            live = play_match(game_name, players, seed=players, store=store)
            stored = store.load(live.id)
            assert stored.state == live.state
            assert [r.event for r in stored.log] == [r.event for r in live.log]
            assert stored.outcome() == live.outcome()


def test_every_recorded_event_and_its_redactions_survive_json(game_name):
    codec: Codec = game_codec(game_name)
    match = play_match(game_name, load_rules(game_name).min_players, seed=3)
    for recorded in match.log:
        assert codec.loads(codec.dumps(recorded.event)) == recorded.event
        for seat in range(match.players):
            seen = recorded.event.seen_by(seat)
            assert codec.loads(codec.dumps(seen)) == seen



def test_every_event_as_every_seat_sees_it_can_be_narrated(game_name):
    """Logs, `--as SEAT` views and the human player describe redacted events too."""
    match = play_match(game_name, load_rules(game_name).max_players, seed=4)
    for seat in range(match.players):
        lines = [line for _, line in narrate(match.log, seat)]
        assert len(lines) > 1 and all(isinstance(line, str) and line for line in lines)
