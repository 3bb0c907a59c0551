"""What a model is shown: the rules summary it is given, the view as text, the numbered legal commands,
the feed, and the no-leak check applied to all of it."""

from __future__ import annotations

import random
from importlib import resources

from pydantic import BaseModel

from core.audit import CommandAccepted, LlmExchange
from core.kernel import Command
from core.players import Observation
from core.registry import load_rules
from players.prompts import conversation, legal_in, options_in_force, render, render_view, rules_summary
from tests.conformance.leaks import find_leaks
from tests.conformance.test_prompts import sent
from tests.toy import PenniesRules, PenniesState, Pick, Picked, Revealed


class Card(BaseModel):
    id: int
    suit: str


class Seat(BaseModel):
    hand: list[Card]
    notes: list[str]
    told: dict[str, int]


def test_a_view_reads_as_indented_lines_with_short_parts_inline():
    view = Seat(hand=[Card(id=3, suit="red"), Card(id=9, suit="blue: dark")], notes=[], told={"a": 1})
    assert render_view(view) == "\n".join([
        'hand: [{id: 3, suit: red}, {id: 9, suit: "blue: dark"}]',
        "notes: []",
        "told: {a: 1}",
    ])
    long = Seat(hand=[Card(id=i, suit="green") for i in range(12)], notes=["x"], told={})
    assert render_view(long).splitlines()[:2] == ["hand:", "  - {id: 0, suit: green}"]


def test_the_rules_are_the_games_prompt_file_found_through_its_package_else_its_title():
    forest = load_rules("forest")
    assert rules_summary(forest) == (resources.files("games.forest") / "prompt.md").read_text().strip()
    assert rules_summary(PenniesRules()).startswith("Pennies. Play by its usual rules")


def test_options_that_change_the_rules_are_stated_and_the_defaults_are_not():
    forest = load_rules("forest")
    assert options_in_force(forest.configure(3)) == ""
    changed = forest.configure(3, cash_timing="after_both_takes", deforestation_penalty=3)
    assert options_in_force(changed) == (
        "cash_timing = after_both_takes (default: after_each_take); deforestation_penalty = 3 (default: 2)")
    system = conversation(observation(PenniesState(players=2, scores=[0, 0]), 0, [Pick(0)], config=changed))[0]
    assert system.content.count("cash_timing = after_both_takes") == 1


def observation(state, seat, legal, feed=(), *, rejection=None, config=None):
    rules = PenniesRules()
    return Observation(game="pennies", seat=seat, view=rules.view(state, seat), legal=tuple(legal), feed=tuple(feed),
                       rules=rules, sample=lambda rng: rules.sample(state, seat, rng), rejection=rejection,
                       config=config)


def test_a_turn_shows_the_seat_its_game_events_as_narrated_and_its_commands_numbered_with_their_json():
    state = PenniesState(players=2, scores=[0, 0])
    feed = [Picked(1, None), CommandAccepted(1, None), LlmExchange(0, "m", "old prompt", "a", None, None, 0, 0, 1, 0),
            Revealed((0, 1))]
    messages = conversation(observation(state, 0, [Pick(0), Pick(1)], feed))
    assert [m.role for m in messages] == ["system", "user"]
    assert '"command"' in messages[0].content and "Pennies" in messages[0].content
    turn = messages[1].content
    assert turn.startswith("You are seat 0.")
    rules = PenniesRules()
    assert (f"Since your last turn (oldest first):\n- {rules.describe(state, Picked(1, None))}\n"
            f"- {rules.describe(state, Revealed((0, 1)))}\n\nYour view:") in turn
    assert "old prompt" not in turn and "CommandAccepted" not in turn
    assert '[0] {"type":"Pick","side":0} (Pick(side=0))\n[1] {"type":"Pick","side":1} (Pick(side=1))' in turn
    assert legal_in(render(messages)) == [{"type": "Pick", "side": 0}, {"type": "Pick", "side": 1}]


def test_a_refused_answer_is_quoted_with_the_runners_reason_and_the_feed_is_capped():
    state = PenniesState(players=2, scores=[0, 0])
    feed = [Revealed((0, 1))] * 50
    obs = observation(state, 0, [Pick(0)], feed, rejection="pick a side from 0 to 1")
    turn = conversation(obs, feed_lines=3, previous='{"command": {"type": "Pick", "side": 7}}')[1].content
    assert turn.count(f"- {PenniesRules().describe(state, Revealed((0, 1)))}") == 3
    assert turn.endswith("""Your previous answer '{"command": {"type": "Pick", "side": 7}}' was refused: """
                         "pick a side from 0 to 1. Choose again.")


class LeakyLegalPennies(PenniesRules):
    """Lists a seat's commands in an order that gives away the other seat's secret pick."""

    def legal(self, state: PenniesState, seat: int) -> list[Command]:
        moves = super().legal(state, seat)
        return moves[::-1] if 1 in {side for other, side in state.picks.items() if other != seat} else moves


def test_the_no_leak_check_catches_a_prompt_that_gives_away_hidden_information():
    leaky = LeakyLegalPennies()
    config = leaky.configure(2)
    assert find_leaks(leaky, config, range(6)) == [], "views and feeds alone do not show this leak"
    problems = find_leaks(leaky, config, range(6), prompt=lambda state, seat: sent(leaky, state, seat))
    assert problems and all("the prompt of seat" in p for p in problems)
    honest = PenniesRules()
    assert find_leaks(honest, config, range(6), prompt=lambda state, seat: sent(honest, state, seat)) == []


def test_describing_from_a_sample_depends_only_on_what_the_seat_knows():
    rules = PenniesRules()
    state = PenniesState(players=2, picks={1: 1}, scores=[0, 0])
    twin = rules.sample(state, 0, random.Random(5))
    assert sent(rules, state, 0) == sent(rules, twin, 0)
