"""Whole episodes: rewards from the outcome, seeds that replay a game exactly, games kept in the store, and the
narration render() prints."""

from __future__ import annotations

import pytest

from meeplog.core.audit import AUDIT_EVENTS, CommandAccepted
from meeplog.core.game import Game
from meeplog.core.narrate import narrate
from meeplog.core.store import open_store
from meeplog.players.environments import env
from tests.environments.play import episode


@pytest.mark.parametrize("reward", ["rank", "score"])
def test_every_seat_is_rewarded_at_the_end_with_its_rank_or_its_score(reward: str):
    environment = env("donkey", players=4, reward=reward)
    played = episode(environment, 9)
    outcome = environment.rules.outcome(environment.state)
    if reward == "rank":
        expected = [1.0 - 2.0 * (rank - 1) / 3 for rank in outcome.ranks]
    else:
        expected = [float(score) for score in outcome.scores]
    assert played.rewards == {f"player_{seat}": value for seat, value in enumerate(expected)}
    assert max(played.rewards.values()) > min(played.rewards.values())


def test_a_seed_replays_its_game_on_the_bare_kernel_through_the_aggregate_and_as_meeplog_play_would():
    bare = env("trekking", players=3)
    recorded = env("trekking", players=3, store=open_store("memory"))
    assert episode(bare, 31).actions == episode(recorded, 31).actions
    assert bare.events == recorded.events
    replayed = Game.start(bare.rules, bare.config, ["random"] * 3, seed=31)
    for entry in recorded.game.log:
        if isinstance(entry.event, CommandAccepted):
            replayed.submit(entry.event.seat, entry.event.command)
    assert [entry.event for entry in replayed.log if not isinstance(entry.event, AUDIT_EVENTS)] == bare.events


def test_a_game_played_with_a_store_is_saved_whole_and_renders_as_meeplog_log_prints_it():
    store = open_store("memory")
    environment = env("hike", players=2, store=store, render_mode="ansi")
    rendered = []
    episode(environment, 5, lambda environment: rendered.append(environment.render()))
    rendered.append(environment.render())
    history = store.history(environment.game.id)
    assert [entry.event for entry in history] == [entry.event for entry in environment.game.log]
    assert "\n".join(filter(None, rendered)) == "\n".join(f"{version:>5}  {line}" for version, line in narrate(history))
    assert history[0].event.seats == ("environment", "environment")
    assert history[-1].event.ranks == environment.rules.outcome(environment.state).ranks


def test_render_asks_for_a_render_mode():
    environment = env("hike", players=2)
    environment.reset(seed=1)
    with pytest.raises(RuntimeError, match="render_mode='human' or 'ansi'"):
        environment.render()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 9}, "Let's Take a Hike takes 2 to 5 players, not 9"),
        ({"config": {"players": 3}}, "give the number of seats as players=N, not inside config"),
        ({"reward": "wins"}, "reward must be 'rank' .* or 'score'"),
        ({"render_mode": "rgb_array"}, "render_mode must be one of"),
        ({"seats": ["random"]}, "seats names 1 players for a 2-player game"),
    ],
)
def test_bad_options_are_refused_saying_what_is_accepted(options: dict, message: str):
    with pytest.raises(ValueError, match=message):
        env("hike", **{"players": 2, **options})
