"""How to play, on a seat page: the game's own rules text (its prompt.md, as a model at the seat is taught them,
players/prompts.py `game_text`) and what each field of the seat's view means (players/glossary.py), so a person
reads the same rules a bot or a model plays by."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from meeplog.core.registry import load_rules
from meeplog.players.glossary import glossary
from meeplog.players.prompts import game_text


@dataclass(frozen=True)
class Rulebook:
    rules: str
    options: dict[str, str]  # what each option changes, by its name
    glossary: str


@cache
def rulebook(game: str) -> Rulebook:
    rules = load_rules(game)
    told = game_text(rules)
    return Rulebook(told.rules, dict(told.options), glossary(rules.view_model()))
