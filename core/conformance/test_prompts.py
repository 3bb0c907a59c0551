"""What a remote seat sends shows no more than the seat may know, for every game (DESIGN.md 4).

"Sent" is the LLM conversation (players/prompts.py) followed by the HTTP agent's observation
(players/http_agent.py), both built from an Observation of the state as Game.observation builds it.
The leak check renders them with an empty feed, and with the events a decision or the deal showed the
seat as its feed (two worlds compared there share the rest of their history). The second test renders
them with the seat's real feed at every decision, setup events first, so that encoding the feed and
describing the legal commands from a sampled state works for every game. The last ones check that a
model is taught the game's rules and options (its prompt.md) and that the longest prompt of a game fits
PROMPT_BUDGET.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from typing import Any

import pytest

from meeplog.core.codec import Codec
from meeplog.core.conformance.leaks import find_leaks
from meeplog.core.conformance.playouts import Playout, steps
from meeplog.core.conformance.prompt_sizes import longest_prompt
from meeplog.core.kernel import GameEvent, Rules
from meeplog.core.players import Observation
from meeplog.core.registry import game_names
from meeplog.players.http_agent import observe
from meeplog.players.prompts import (
    OPTIONS_HEADING,
    PROMPT_BUDGET,
    UNSET_OPTIONS,
    conversation,
    game_text,
    legal_in,
    render,
    system_text,
)

LEAK_GAMES = 1  # per player count: a prompt costs a few ms and long games have ~1,000 decisions


def observation(rules: Rules[Any, Any], state: Any, seat: int, feed: Sequence[GameEvent] = ()) -> Observation:
    return Observation(
        game=rules.name,
        seat=seat,
        view=rules.view(state, seat),
        legal=tuple(rules.legal(state, seat)),
        feed=tuple(feed),
        rules=rules,
        sample=lambda rng: rules.sample(state, seat, rng),
    )


def sent(rules: Rules[Any, Any], state: Any, seat: int, feed: Sequence[GameEvent] = ()) -> str:
    obs = observation(rules, state, seat, feed)
    return render(conversation(obs)) + "\n\n" + observe(obs, None).model_dump_json()


def test_no_leak_in_llm_prompts_or_agent_observations(meeplog_rules: Rules[Any, Any]) -> None:
    """Views and feeds are checked on many more games by test_kernel; this adds the prompt's own parts."""
    for players in sorted({meeplog_rules.min_players, meeplog_rules.max_players}):
        config = meeplog_rules.configure(players)
        problems = find_leaks(meeplog_rules, config, range(LEAK_GAMES),
                              prompt=lambda state, seat: sent(meeplog_rules, state, seat),
                              feed=lambda state, events, seat: sent(meeplog_rules, state, seat, _seen(events, seat)))
        assert problems == []


def test_prompts_list_every_legal_command_and_describe_the_seats_feed(meeplog_rules: Rules[Any, Any]) -> None:
    codec = Codec(meeplog_rules.commands)
    config = meeplog_rules.configure(meeplog_rules.max_players)
    playout = Playout(config, seed=2)
    delivered = [0] * config.players
    for state, seat, _command in steps(meeplog_rules, config, playout.seed, playout):
        told = [*playout.setup, *playout.events]
        feed = _seen(told[delivered[seat] :], seat)
        delivered[seat] = len(told)
        obs = observation(meeplog_rules, state, seat, feed)
        text = render(conversation(obs))
        assert legal_in(text) == [codec.encode(command) for command in obs.legal]
        assert observe(obs, None).legal_text == [line.partition(" (")[2][:-1] for line in _listed_lines(text)]


def _seen(events: Sequence[GameEvent], seat: int) -> list[GameEvent]:
    return [event.seen_by(seat) for event in events]


def _listed_lines(text: str) -> list[str]:
    return [line for line in text.rpartition("Your legal commands:\n")[2].splitlines() if line.startswith("[")]


def test_the_longest_prompt_of_a_game_stays_within_the_budget(meeplog_rules: Rules[Any, Any]) -> None:
    """Small local models have 4-8k token contexts: a whole prompt, feed included, stays under ~4,000 tokens."""
    for players in sorted({meeplog_rules.min_players, meeplog_rules.max_players}):
        assert longest_prompt(meeplog_rules, players, seed=1) <= PROMPT_BUDGET, f"{players} players"


def test_the_system_prompt_teaches_the_games_own_prompt_file_and_every_option(meeplog_rules: Rules[Any, Any],
                                                                              meeplog_game: str) -> None:
    """A model is taught the rules a player reads, and what each option changes when it is in force."""
    if meeplog_game not in game_names():
        pytest.skip("prompt.md is asked of installed games; a game still being written may add it last")
    prompt = resources.files(type(meeplog_rules).__module__.rpartition(".")[0]) / "prompt.md"
    assert prompt.is_file(), f"{meeplog_rules.title} has no prompt.md beside its rules (the rules written for a player)"
    taught = game_text(meeplog_rules)
    assert prompt.read_text(encoding="utf-8").startswith(taught.rules)
    assert taught.rules in system_text(meeplog_rules)
    assert len(taught.rules) <= PROMPT_BUDGET // 3, "leave most of the budget to the turn itself"
    options = set(meeplog_rules.Config.model_fields) - UNSET_OPTIONS
    assert set(taught.options) == options, f"the {OPTIONS_HEADING} section of prompt.md tells each option, only those"
    assert all(taught.options.values()), f"every entry of {OPTIONS_HEADING} says what its option changes"

