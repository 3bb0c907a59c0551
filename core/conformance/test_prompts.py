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

import re
import sys
from collections.abc import Sequence
from itertools import islice
from typing import Any

import pytest
from pydantic import BaseModel

from meeplog.core.codec import Codec
from meeplog.core.conformance.leaks import find_leaks
from meeplog.core.conformance.playouts import Playout, steps
from meeplog.core.conformance.prompt_sizes import longest_prompt
from meeplog.core.kernel import GameEvent, Rules
from meeplog.core.players import Observation
from meeplog.players.http_agent import observe
from meeplog.players.prompts import (
    LEGAL_MARK,
    OPTIONS_HEADING,
    PROMPT_BUDGET,
    PROMPT_FILE,
    UNSET_OPTIONS,
    Harness,
    Legal,
    conversation,
    game_text,
    legal_in,
    prompt_file,
    render,
    system_text,
)

CACHED_PREFIX_DECISIONS = 80  # decisions of one game whose system messages are compared
LEAK_GAMES = 1  # per player count: a prompt costs a few ms and long games have ~1,000 decisions


def observation(rules: Rules[Any, Any], state: Any, seat: int, feed: Sequence[GameEvent] = (),
                config: BaseModel | None = None) -> Observation:
    return Observation(
        game=rules.name,
        seat=seat,
        view=rules.view(state, seat),
        legal=tuple(rules.legal(state, seat)),
        feed=tuple(feed),
        rules=rules,
        sample=lambda rng: rules.sample(state, seat, rng),
        config=config,
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


def test_the_system_prompt_teaches_the_games_own_prompt_file_and_every_option(meeplog_rules: Rules[Any, Any]) -> None:
    """A model is taught the rules a player reads, and what each option changes when it is in force."""
    prompt = prompt_file(meeplog_rules)
    where = sys.modules[type(meeplog_rules).__module__].__package__ or "no package"
    assert prompt is not None, (f"{meeplog_rules.title}: no {PROMPT_FILE} in {where}, the package of its Rules class, "
                                "so models are sent no rules (write the rules for a player there)")
    taught = game_text(meeplog_rules)
    assert prompt.read_text(encoding="utf-8").startswith(taught.rules)
    assert taught.rules in system_text(meeplog_rules)
    assert len(taught.rules) <= PROMPT_BUDGET // 3, "leave most of the budget to the turn itself"
    options = set(meeplog_rules.Config.model_fields) - UNSET_OPTIONS
    assert set(taught.options) == options, f"the {OPTIONS_HEADING} section of prompt.md tells each option, only those"
    assert all(taught.options.values()), f"every entry of {OPTIONS_HEADING} says what its option changes"



def test_what_stays_the_same_for_a_whole_game_comes_first_unchanged_and_explains_every_field_of_the_view(
    meeplog_rules: Rules[Any, Any],
) -> None:
    """The system message (rules, options, the game's reference, the view's glossary, the answer format) is the
    same at every decision of a game, so that a provider's prompt cache serves it, whatever changes after it."""
    config = meeplog_rules.configure(meeplog_rules.min_players)
    playout = Playout(config, seed=3)
    decisions = islice(steps(meeplog_rules, config, playout.seed, playout), CACHED_PREFIX_DECISIONS)
    systems = {conversation(observation(meeplog_rules, state, seat, config=config))[0].content
               for state, seat, _command in decisions}
    assert len(systems) == 1, "the system message changed during the game"
    [system] = systems
    assert system.startswith(f"You are playing {meeplog_rules.title}") and meeplog_rules.reference(config) in system
    unexplained = [name for name in meeplog_rules.view_model().model_fields if f"\n- {name}: " not in system]
    assert unexplained == [], "every field a view names is explained in the system message"


@pytest.mark.parametrize("legal", ["off", "count"])
def test_a_prompt_that_lists_no_command_never_says_that_the_commands_are_listed(
    meeplog_rules: Rules[Any, Any], legal: Legal
) -> None:
    config = meeplog_rules.configure(meeplog_rules.min_players)
    playout = Playout(config, seed=4)
    state, seat, _command = next(iter(steps(meeplog_rules, config, playout.seed, playout)))
    text = render(conversation(observation(meeplog_rules, state, seat, config=config), harness=Harness(legal=legal)))
    assert LEGAL_MARK not in text
    assert not re.search(r"\bcommands? (is|are) listed", text), "the game's prompt.md says the commands are listed"
