"""What a model is shown: the rules summary it is given, the view as text, the numbered legal commands,
the feed, and the no-leak check applied to all of it."""

from __future__ import annotations

import random
from importlib import resources

from pydantic import BaseModel

from meeplog.core.audit import CommandAccepted, LlmExchange
from meeplog.core.conformance.leaks import find_leaks
from meeplog.core.conformance.test_prompts import sent
from meeplog.core.kernel import Command
from meeplog.core.players import Observation
from meeplog.core.registry import load_rules
from meeplog.players.prompts import (
    conversation,
    game_text,
    legal_in,
    option_notes,
    options_in_force,
    render,
    render_view,
)
from tests.toy import PenniesRules, PenniesState, Pick, Picked, Revealed


class Card(BaseModel):
    id: int
    suit: str


class Slot(BaseModel):
    slot: str
    card: Card | None


class Seat(BaseModel):
    hand: list[Card]
    notes: list[str]
    told: dict[str, int]


class Table(BaseModel):
    backpack: list[Slot]
    mixed: list[dict[str, int]]


def test_a_view_reads_as_indented_lines_and_a_list_of_records_as_a_table_naming_the_fields_once():
    view = Seat(hand=[Card(id=3, suit="red"), Card(id=9, suit="blue: dark")], notes=["Narguilé (200 €)"], told={"a": 1})
    assert render_view(view) == "\n".join(
        [
            'hand, each (id, suit): [(3, red), (9, "blue: dark")]',
            'notes: ["Narguilé (200 €)"]',  # quoted, as its parentheses could be misread in a table, letters kept
            "told: {a: 1}",
        ]
    )
    long = Seat(hand=[Card(id=i, suit="green") for i in range(12)], notes=["x"], told={})
    assert render_view(long).splitlines()[:3] == [
        "hand, each (id, suit):",
        "  (0, green), (1, green), (2, green), (3, green), (4, green), (5, green), (6, green), (7, green)",
        "  (8, green), (9, green), (10, green), (11, green)",
    ]


def test_a_table_nests_records_an_empty_slot_included_and_records_of_other_shapes_stay_written_out():
    view = Table(
        backpack=[Slot(slot="top", card=None), Slot(slot="left", card=Card(id=4, suit="red"))],
        mixed=[{"a": 1}, {"b": 2}],
    )
    assert render_view(view) == "\n".join(
        [
            "backpack, each (slot, card: (id, suit)): [(top, none), (left, (4, red))]",
            "mixed: [{a: 1}, {b: 2}]",
        ]
    )


def test_the_rules_are_the_games_prompt_file_found_through_its_package_else_its_title():
    written = (resources.files("meeplog.games.forest") / "prompt.md").read_text()
    taught = game_text(load_rules("forest"))
    assert written.startswith(taught.rules + "\n\n## Options\n") and "## Options" not in taught.rules
    assert game_text(PenniesRules()).rules.startswith("Pennies. Play by its usual rules")
    assert game_text(PenniesRules()).options == {}


def test_an_options_section_tells_each_option_on_its_lines():
    assert option_notes("- `fast`: play\n  quickly.\n\n- `slow`: take\n  your time") == {
        "fast": "play quickly.",
        "slow": "take your time",
    }


def test_options_in_force_are_told_with_what_they_change_and_the_defaults_are_not():
    forest = load_rules("forest")
    notes = game_text(forest).options
    assert options_in_force(forest.configure(3), notes) == ""
    changed = forest.configure(3, cash_timing="after_both_takes", deforestation_penalty=3)
    assert options_in_force(changed, notes) == (
        f"- cash_timing = after_both_takes (default: after_each_take): {notes['cash_timing']}\n"
        f"- deforestation_penalty = 3 (default: 2): {notes['deforestation_penalty']}"
    )
    system = conversation(observation(PenniesState(players=2, scores=[0, 0]), 0, [Pick(0)], config=changed))[0]
    assert system.content.count("- cash_timing = after_both_takes") == 1


def test_an_option_the_prompt_file_does_not_tell_is_told_by_its_description():
    hike = load_rules("hike").configure(2, data_file="elsewhere.toml")
    assert options_in_force(hike, {}) == ""  # the data file is no rule to teach
    donkey = load_rules("donkey").configure(3, reveal_double_removed=True)
    assert options_in_force(donkey, {}) == (
        "- reveal_double_removed = true (default: false): show everyone the donkey a double removes (D4)"
    )


def observation(state, seat, legal, feed=(), *, rejection=None, config=None):
    rules = PenniesRules()
    return Observation(
        game="pennies",
        seat=seat,
        view=rules.view(state, seat),
        legal=tuple(legal),
        feed=tuple(feed),
        rules=rules,
        sample=lambda rng: rules.sample(state, seat, rng),
        rejection=rejection,
        config=config,
    )


def test_a_turn_shows_the_seat_its_game_events_as_narrated_and_its_commands_numbered_with_their_json():
    state = PenniesState(players=2, scores=[0, 0])
    feed = [
        Picked(1, None),
        CommandAccepted(1, None),
        LlmExchange(0, "m", "old prompt", "a", None, None, 0, 0, 1, 0),
        Revealed((0, 1)),
    ]
    messages = conversation(observation(state, 0, [Pick(0), Pick(1)], feed))
    assert [m.role for m in messages] == ["system", "user"]
    assert '"command"' in messages[0].content and "Pennies" in messages[0].content
    turn = messages[1].content
    assert turn.startswith("You are seat 0.")
    rules = PenniesRules()
    assert (
        f"Since your last turn (oldest first):\n- {rules.describe(state, Picked(1, None))}\n"
        f"- {rules.describe(state, Revealed((0, 1)))}\n\nYour view:"
    ) in turn
    assert "old prompt" not in turn and "CommandAccepted" not in turn
    assert '[0] {"type":"Pick","side":0} (Pick(side=0))\n[1] {"type":"Pick","side":1} (Pick(side=1))' in turn
    assert legal_in(render(messages)) == [{"type": "Pick", "side": 0}, {"type": "Pick", "side": 1}]


def test_a_refused_answer_is_quoted_with_the_runners_reason_and_the_feed_is_capped():
    state = PenniesState(players=2, scores=[0, 0])
    feed = [Revealed((0, 1))] * 50
    obs = observation(state, 0, [Pick(0)], feed, rejection="pick a side from 0 to 1")
    turn = conversation(obs, feed_lines=3, previous='{"command": {"type": "Pick", "side": 7}}')[1].content
    assert turn.count(f"- {PenniesRules().describe(state, Revealed((0, 1)))}") == 3
    assert turn.endswith(
        """Your previous answer '{"command": {"type": "Pick", "side": 7}}' was refused: """
        "pick a side from 0 to 1. Choose again."
    )


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
