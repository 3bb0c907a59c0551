"""A game that is not installed is known by its own name only inside `known_game` (the kit's --meeplog-rules)."""

import pytest

from meeplog.core.conformance.matches import play_match
from meeplog.core.game import Game
from meeplog.core.registry import BrokenPlugin, UnknownName, game_names, known_game, load_rules
from meeplog.core.store import open_store
from tests.toy import PenniesRules


def test_a_game_given_as_module_and_class_is_known_by_its_name_inside_the_block_only():
    with pytest.raises(UnknownName, match="unknown game 'pennies'"):
        load_rules("pennies")
    with known_game("tests.toy:PenniesRules") as rules:
        assert isinstance(rules, PenniesRules) and load_rules("pennies") is rules
        assert "pennies" in game_names()
        store = open_store("memory")
        played = play_match("tests.toy:PenniesRules", 2, seed=1, store=store)
        assert store.load(played.id).state == played.state
        assert [summary.game for summary in store.games()] == ["pennies"]
    with pytest.raises(UnknownName):
        load_rules("pennies")
    assert "pennies" not in game_names()
    with pytest.raises(UnknownName):
        Game.rebuild(played.log)


def test_a_game_whose_module_is_missing_is_a_broken_plug_in_named_in_one_line():
    with pytest.raises(BrokenPlugin) as broken:
        load_rules("no_such_module.rules:Rules")
    assert str(broken.value) == (
        "game plug-in 'no_such_module.rules:Rules' (no_such_module.rules:Rules) failed to load: ModuleNotFoundError:"
        " No module named 'no_such_module'"
    )
    with pytest.raises(BrokenPlugin, match="is not a Meeplog Rules class"):
        load_rules("collections:OrderedDict")
