"""A game played again after an interruption: only what follows its stored part is sent, and a game that
goes another way than it did is caught."""

from __future__ import annotations

import asyncio

import pytest

from meeplog.core.conformance.matches import play_match
from meeplog.core.game import Game
from meeplog.core.players import make_player
from meeplog.core.resume import Diverged
from meeplog.core.runner import MatchRunner, MatchSettings
from meeplog.core.specs import PlayerSpec
from meeplog.core.tournament.progress import Progress

EVERY_DECISION = MatchSettings(save_every_decision=True)


def test_a_game_played_again_sends_only_what_follows_its_stored_part():
    first = play_match("forest", 3, seed=4)
    stored = first.log[:30]
    sent: list = []
    again = play_match("forest", 3, seed=4, store=Progress(stored, sent.extend), settings=EVERY_DECISION)
    assert [r.originator_version for r in sent] == list(range(31, again.version + 1))
    assert [r.event for r in sent] == [r.event for r in first.log[30:]]


def test_a_game_that_goes_another_way_than_its_stored_part_is_caught():
    first = play_match("forest", 3, seed=4)
    game = Game.start(first.rules, first.config, first.started.seats, seed=4)  # the same game, other bots
    players = [make_player(PlayerSpec("heuristic"), seat) for seat in range(3)]
    runner = MatchRunner(game, players, players, settings=EVERY_DECISION, store=Progress(first.log[:30], [].extend))
    with pytest.raises(Diverged, match="went another way at version") as caught:
        asyncio.run(runner.play())
    assert "version 1 " not in str(caught.value)  # the same start, then another move
