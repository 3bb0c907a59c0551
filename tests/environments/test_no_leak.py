"""A seat's observation holds nothing it cannot know: the conformance suite's leak finder, run on observations.

find_leaks (core/conformance/leaks.py) draws the twin states (hidden cards redrawn with `sample`, another seat's
hidden choice changed) and compares what it is given besides views: here the whole observation dict.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from meeplog.core.conformance.leaks import find_leaks
from meeplog.core.registry import game_names, known_game, load_rules
from meeplog.players.environments import MeeplogEnv, env
from meeplog.players.environments.actions import Choice


def observed(environment: MeeplogEnv, state, seat: int) -> list[bytes]:
    """Every array of the seat's observation in `state`, with the decision it would be making there."""
    legal = environment.rules.legal(state, seat)
    choice = Choice(environment.catalogue.paths(legal), environment.catalogue.size) if legal else None
    return [array.tobytes() for array in environment.encode(state, seat, choice).values()]


@pytest.mark.parametrize("game", game_names())
def test_a_seat_observes_the_same_whatever_it_cannot_know(game: str):
    rules = load_rules(game)
    for players in (rules.min_players, rules.max_players):
        environment = env(game, players=players)
        problems = find_leaks(
            rules,
            environment.config,
            range(2),
            prompt=lambda state, seat, environment=environment: observed(environment, state, seat),
        )
        assert problems == []


class PeekingEnv(MeeplogEnv):
    """Adds the sum of the secret picks to every observation: the check must catch it."""

    def encode(self, state, seat: int, choice: Choice | None) -> dict[str, np.ndarray]:
        observation = super().encode(state, seat, choice)
        return {**observation, "peek": np.array([sum(state.picks.values())])}


def test_the_check_catches_an_observation_that_shows_another_seats_secret_pick():
    with known_game("tests.toy:PenniesRules"):
        honest, peeking = env("pennies", players=2), PeekingEnv("pennies", players=2)
        for environment, leaks in ((honest, False), (peeking, True)):
            problems = find_leaks(
                environment.rules,
                environment.config,
                range(5),
                prompt=lambda state, seat, environment=environment: observed(environment, state, seat),
            )
            assert bool(problems) == leaks
            assert all("the prompt of seat" in problem for problem in problems)


def test_secret_picks_are_asked_in_turn_and_applied_only_once_every_seat_has_picked():
    with known_game("tests.toy:PenniesRules"):
        environment = env("pennies", players=3)
        environment.reset(seed=1)
        before = environment.observe("player_1")["observation"]
        for agent in ("player_0", "player_1"):
            assert environment.agent_selection == agent
            environment.step(int(environment.observe(agent)["action_mask"].nonzero()[0][1]))
            assert environment.events == [], "nothing is applied while a seat has still to pick"
        assert (environment.observe("player_1")["observation"] == before).all()
        environment.step(int(environment.observe("player_2")["action_mask"].nonzero()[0][0]))
        picked = [event for event in environment.events if type(event).__name__ == "Picked"]
    assert [event.seat for event in picked] == [0, 1, 2], "applied in seat order, as the match runner does"
    assert environment.view("player_0").round == 2


def test_donkey_commits_are_secret_until_every_seat_has_loaded_the_donkey():
    environment = env("donkey", players=4)
    environment.reset(seed=3)
    rng = random.Random(3)
    checked = 0
    while environment.agents and checked < 3:
        pending = environment.rules.pending(environment.state)
        if pending.simultaneous and environment.agent_selection == environment.possible_agents[pending.seats[0]]:
            agents = [environment.possible_agents[seat] for seat in pending.seats]
            before = {agent: environment.observe(agent)["observation"] for agent in environment.possible_agents}
            applied = len(environment.events)
            for agent in agents[:-1]:
                while environment.agent_selection == agent:
                    environment.step(int(rng.choice(environment.observe(agent)["action_mask"].nonzero()[0])))
                assert len(environment.events) == applied
                assert all((environment.observe(other)["observation"] == before[other]).all() for other in before)
            checked += 1
        agent = environment.agent_selection
        if environment.terminations[agent]:
            environment.step(None)
        else:
            environment.step(int(rng.choice(environment.observe(agent)["action_mask"].nonzero()[0])))
    assert checked == 3, "a Donkey game loads the donkey in secret every round"
