"""How the mock server reads a prompt that lists no command: the view's numbers by part, a table's ids first, and
the command type the game's reason points to."""

from __future__ import annotations

import random

from meeplog.core.registry import load_rules
from meeplog.players.answers import command_schema
from meeplog.players.mock_guess import guessed_command, view_numbers
from meeplog.players.prompts import VIEW_MARK

VIEW = VIEW_MARK + """seat: 2
round: 2
hand, each (id, suit, value):
  (2, red, 3), (21, yellow, 2)
  (27, yellow, 8)
trick, each (seat, card: (id, suit, value)): [(0, (12, blue, 3)), (1, (36, green, 7))]
display, each (id, name, points, requires): [(15, old-by, 12, [blue, blue, yellow, yellow])]

Your legal commands are not listed."""


def test_the_views_numbers_are_read_by_part_with_a_tables_id_column():
    numbers = view_numbers(VIEW)
    assert numbers["hand"] == [2, 21, 27]
    assert numbers["trick"] == [12, 36], "the id of each card, not the seat beside it"
    assert numbers["display"] == [15]
    assert numbers["round"] == [2]


def test_the_games_reason_points_to_the_command_and_its_field_to_the_part_of_the_view():
    schema = command_schema(type(load_rules("forest"))).json_schema()
    refused = '{"command": {"type": "CashIn", "orangutan": 15, "paid": []}}'
    user = f"{VIEW}\n\nYour previous answer {refused!r} was refused: CashIn is not allowed now: play a card from your" \
           " hand. Choose again."
    guesses = [guessed_command("", user, schema, random.Random(seed)) for seed in range(20)]
    assert all(guess["type"] == "PlayCard" and guess["card"] in (2, 21, 27) for guess in guesses)


def test_a_first_ask_may_be_any_command_of_the_schema_but_never_prose():
    schema = command_schema(type(load_rules("forest"))).json_schema()
    guesses = [guessed_command("", VIEW, schema, random.Random(seed)) for seed in range(40)]
    assert {guess["type"] for guess in guesses} == {"CashIn", "DeclineTake", "PassCash", "PlayCard", "TakeCard"}
    assert guessed_command("", VIEW, {}, random.Random(0)) is None  # no schema anywhere: nothing to read
