"""Kernel properties beyond the conformance suite: data (H1, H2), shortcuts, clones, invariants, the log."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from pydantic import ValidationError

from meeplog.core.conformance.playouts import play, steps
from meeplog.core.kernel import IllegalCommand
from meeplog.games.hike.commands import Continue, Draw, Pay
from meeplog.games.hike.data import DATA_FILE, load
from meeplog.games.hike.state import EMPTY
from tests.games.hike.table import CARDS, RULES, c

OPTIONS = [
    {},
    {"hidden_backpacks": True, "setup_backpacks": "sequential"},
    {"raccoon_mode": "player_steals_random", "end_on_last_draw": "end_of_turn", "allow_fewer_actions": True},
    {"leader_needs_backpack": False, "payment_minimal_only": True, "forced_abandon_collects": False,
     "abandon_take_optional": True, "final_tie": "shared", "actions_per_turn": 2, "hand_limit": 5},
]


def test_the_card_data_agrees_with_the_rulebook_example():
    """H1."""
    boots = dict(zip(CARDS.names, CARDS.boots, strict=True))
    assert boots["tent"] == boots["sleeping bag"] == 4 and boots["granola bar"] == 1
    assert boots["walking stick"] + boots["water bottle"] < 4 and boots["water bottle"] < boots["tent"]
    hands_only = {CARDS.slot_names.index("left_hand"), CARDS.slot_names.index("right_hand")}
    assert set(CARDS.slots_for(c("camera"))) == set(CARDS.slots_for(c("walking stick"))) == hands_only
    assert len(CARDS.slots_for(c("granola bar"))) == 7
    assert len(CARDS.deck) == 69


@pytest.mark.parametrize(("old", "new", "message"), [
    ('slots = ["bottom"]\ncopies = 4', 'slots = ["cellar"]\ncopies = 4', "unknown slots"),
    ('name = "map"', 'name = "compass"', "unique"),
    ('effect = "skunk"', 'effect = "bear"', "skunk"),
])
def test_bad_card_data_is_refused_on_load(tmp_path, old, new, message):
    broken = tmp_path / "cards.toml"
    broken.write_text(DATA_FILE.read_text().replace(old, new, 1))
    with pytest.raises(ValidationError, match=message):
        load(broken)


def test_two_to_five_players():
    """H2."""
    assert RULES.configure(2).players == 2 and RULES.configure(5).players == 5
    for players in (1, 6):
        with pytest.raises(ValueError, match="2 to 5"):
            RULES.configure(players)


def test_clone_copies_every_list():
    state = next(s for i, (s, _, _) in enumerate(steps(RULES, RULES.configure(3), seed=1)) if i == 80)
    twin = state.clone()
    assert twin == state
    for name in (field.name for field in dataclasses.fields(state)):  # no vars(): a compiled state has no __dict__
        value = getattr(state, name)
        if isinstance(value, list):
            assert getattr(twin, name) is not value, name
            for inner, copied in zip(value, getattr(twin, name), strict=True):
                assert not isinstance(inner, list) or inner is not copied, name


@pytest.mark.parametrize("options", OPTIONS)
def test_invariants_hold_at_every_decision(options):
    """Cards are conserved, known hand cards are in the hand, slots hold what fits, and every legal move is taken."""
    for players in (2, 5):
        config = RULES.configure(players, **options)
        for seed in range(3):
            for state, seat, command in steps(RULES, config, seed):
                placed = [card for pack in state.packs for card in pack if card != EMPTY]
                everywhere = (placed + state.draw + state.discard + state.pool
                              + [card for hand in state.hands for card in hand]
                              + [card for pile in state.scores for card in pile])
                assert Counter(everywhere) == Counter(state.cards.deck)
                for owner in range(players):
                    assert not Counter(state.known[owner]) - Counter(state.hands[owner])
                    for where, card in enumerate(state.packs[owner]):
                        assert card == EMPTY or state.cards.fits(card, where)
                assert command in RULES.legal(state, seat)


def test_every_event_and_command_reads_as_a_sentence_for_every_seat():
    config = RULES.configure(3, hidden_backpacks=True)
    for seed in range(3):
        playout = play(RULES, config, seed)
        state = RULES.setup(config, random.Random(seed))
        for event in playout.events:
            for seat in range(3):
                line = RULES.describe(state, event.seen_by(seat))
                assert line and not line.startswith(type(event).__name__), line
            RULES.evolve(state, event)
        for _, command in playout.decisions:
            assert not RULES.describe(state, command).startswith(type(command).__name__)


def test_wrong_commands_are_refused_with_a_reason():
    state = RULES.setup(RULES.configure(2), random.Random(0))
    for command in (Draw(), Continue(), Pay((c("tent"),))):
        with pytest.raises(IllegalCommand, match="not allowed now: pack an item"):
            RULES.decide(state, 0, command, random.Random(0))


def test_the_data_hash_names_the_card_file():
    assert RULES.data_hash(RULES.configure(2)).startswith("sha256:")
