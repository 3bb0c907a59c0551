"""What a remote seat sends shows no more than the seat may know, for every registered game (DESIGN.md 4).

"Sent" is the LLM conversation (players/prompts.py) followed by the HTTP agent's observation
(players/http_agent.py), both built from an Observation of the state as Game.observation builds it.
The leak check renders them with an empty feed: the feed's events are the seat's redacted events, which
test_kernel's event-feed check already covers, and two worlds compared there share their history. The
second test renders them with the seat's real feed at every decision, so that encoding the feed and
describing the legal commands from a sampled state works for every game.
"""

from __future__ import annotations

import pytest

from core.codec import Codec
from core.players import Observation
from core.registry import load_rules
from players.http_agent import observe
from players.prompts import conversation, legal_in, render
from tests.conformance.leaks import find_leaks
from tests.conformance.playouts import Playout, steps

LEAK_GAMES = 1  # per player count: a prompt costs a few ms and long games have ~1,000 decisions


@pytest.fixture
def rules(game_name):
    return load_rules(game_name)


def observation(rules, state, seat, feed=()) -> Observation:
    return Observation(
        game=rules.name,
        seat=seat,
        view=rules.view(state, seat),
        legal=tuple(rules.legal(state, seat)),
        feed=tuple(feed),
        rules=rules,
        sample=lambda rng: rules.sample(state, seat, rng),
    )


def sent(rules, state, seat, feed=()) -> str:
    obs = observation(rules, state, seat, feed)
    return render(conversation(obs)) + "\n\n" + observe(obs, None).model_dump_json()


def test_no_leak_in_llm_prompts_or_agent_observations(rules):
    """Views and feeds are checked on many more games by test_kernel; this adds the prompt's own parts."""
    for players in sorted({rules.min_players, rules.max_players}):
        config = rules.configure(players)
        assert find_leaks(rules, config, range(LEAK_GAMES), prompt=lambda state, seat: sent(rules, state, seat)) == []


def test_prompts_list_every_legal_command_and_describe_the_seats_feed(rules):
    codec = Codec(rules.commands)
    config = rules.configure(rules.max_players)
    playout = Playout(config, seed=2)
    delivered = [0] * config.players
    for state, seat, _command in steps(rules, config, playout.seed, playout):
        feed = [event.seen_by(seat) for event in playout.events[delivered[seat]:]]
        delivered[seat] = len(playout.events)
        obs = observation(rules, state, seat, feed)
        text = render(conversation(obs))
        assert legal_in(text) == [codec.encode(command) for command in obs.legal]
        assert observe(obs, None).legal_text == [line.partition(" (")[2][:-1] for line in _listed_lines(text)]


def _listed_lines(text: str) -> list[str]:
    return [line for line in text.rpartition("Your legal commands:\n")[2].splitlines() if line.startswith("[")]
