"""The action space: an index names the same choice in every state, combinations are built an item at a time,
amounts are ranked, and every legal command can be chosen whatever the survey missed."""

from __future__ import annotations

import random
from collections import defaultdict

from meeplog.core.kernel import Command
from meeplog.players.environments import MeeplogEnv, env
from meeplog.players.environments.actions import Choice
from tests.environments.play import episode


def legal_now(environment: MeeplogEnv) -> list[Command]:
    return environment.rules.legal(environment.state, environment.possible_agents.index(environment.agent_selection))


def test_an_index_names_the_same_command_in_every_state():
    environment = env("trekking", players=3)
    named: dict[int, set[Command]] = defaultdict(set)

    def note(environment: MeeplogEnv) -> None:
        for path, command in environment.catalogue.paths(legal_now(environment)):
            if len(path) == 1:
                named[path[0]].add(command)

    episode(environment, 101, note)
    assert len(named) > 100
    for index, commands in named.items():
        label = environment.catalogue.labels[index]
        if not label.startswith(("unlisted", "finish")):
            assert [repr(command) for command in commands] == [label]


def test_a_payment_is_built_one_card_at_a_time_and_each_step_offers_only_what_can_complete_it():
    environment = env("hike", players=2)
    catalogue = environment.catalogue
    payments = []
    episode(
        environment, 7, lambda e: payments.append(legal_now(e)) if type(legal_now(e)[0]).__name__ == "Pay" else None
    )
    choices = [legal for legal in payments if len(legal) > 2]
    assert choices, "random games of Let's Take a Hike offer payments of several cards"
    rng = random.Random(0)
    for legal in choices:
        paths = catalogue.paths(legal)
        path, target = rng.choice(paths)
        choice = Choice(paths, catalogue.size)
        for step, index in enumerate(path):
            if index not in choice.options:
                continue  # a step with one possible answer was taken for the seat
            assert choice.options == {p[step] for p, _ in paths if p[:step] == path[:step]}
            made = choice.choose(index)
            if made is not None:
                assert made == target
                break
        assert made == target
        assert [catalogue.labels[i] for i in path[1:-1]] == [f"add {card!r}" for card in target.cards]


def test_amounts_are_ranked_in_ascending_order():
    environment = env("routard", players=3)
    catalogue = environment.catalogue
    seen = []

    def note(environment: MeeplogEnv) -> None:
        paths = catalogue.paths(legal_now(environment))
        ranges = sorted((path[0], command) for path, command in paths if type(command).__name__ == "Narrow")
        if len(ranges) > 1:
            seen.append(ranges)

    for seed in range(6):
        episode(environment, seed, note)
    assert seen, "random games of Le Jeu du Routard narrow amounts down (bids, cheques) by ranges"
    for ranges in seen:
        assert [catalogue.labels[index] for index, _ in ranges] == [f"Narrow #{rank}" for rank in range(len(ranges))]
        bounds = [(command.low, command.high) for _, command in ranges]
        assert bounds == sorted(bounds)


def test_every_legal_command_has_its_own_index_even_where_the_survey_was_too_small():
    environment = env("trekking", players=2, survey_games=2)
    offered = 0

    def check(environment: MeeplogEnv) -> None:
        nonlocal offered
        legal = legal_now(environment)
        paths = environment.catalogue.paths(legal)
        assert sorted(map(repr, legal)) == sorted(repr(command) for _, command in paths)
        assert len({path for path, _ in paths}) == len(paths)
        offered += sum(environment.catalogue.labels[path[0]].startswith("unlisted") for path, _ in paths)

    episode(environment, 55, check)
    assert offered > 0, "a two-game survey misses some commands, which the unlisted block then offers"
