"""The card data of Old Man of the Forest, loaded from orangutans.toml and validated on load."""

from __future__ import annotations

import tomllib
from collections import Counter
from functools import cached_property
from pathlib import Path

from pydantic import BaseModel, Field, model_validator

from meeplog.core.datafiles import DataFile

DATA_FILE = Path(__file__).with_name("orangutans.toml")


class Orangutan(BaseModel, frozen=True):
    id: str
    age: str
    points: int = Field(gt=0)
    requirement: tuple[str, ...]
    any: int = Field(0, ge=0, description="extra cards of any suit (wildcards)")
    provenance: str


class PlayerCards(BaseModel, frozen=True):
    values: tuple[int, int]
    suits: tuple[str, ...]
    deforestation: str
    provenance: str


class ForestData(BaseModel, frozen=True):
    player_cards: PlayerCards
    orangutan: tuple[Orangutan, ...]

    @model_validator(mode="after")
    def _requirements_name_known_suits(self) -> ForestData:
        for card in self.orangutan:
            unknown = set(card.requirement) - set(self.player_cards.suits)
            if unknown:
                raise ValueError(f"orangutan {card.id} requires unknown suits {sorted(unknown)}")
        return self

    @property
    def low(self) -> int:
        return self.player_cards.values[0]

    @property
    def ranks_per_suit(self) -> int:
        low, high = self.player_cards.values
        return high - low + 1

    @property
    def deck_size(self) -> int:
        return self.ranks_per_suit * len(self.player_cards.suits)

    @cached_property
    def deforestation_suit(self) -> int:
        return self.player_cards.suits.index(self.player_cards.deforestation)

    @cached_property
    def requirements(self) -> tuple[Counter[int], ...]:
        """Each orangutan's named suits as a multiset of suit indices."""
        suits = self.player_cards.suits
        return tuple(Counter(suits.index(s) for s in card.requirement) for card in self.orangutan)

    @cached_property
    def requirement_counts(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """`requirements` as (suit, count) pairs, for the cash-in checks made on every take."""
        return tuple(tuple(counts.items()) for counts in self.requirements)

    @cached_property
    def payment_sizes(self) -> tuple[int, ...]:
        """How many won cards each orangutan takes to pay, wildcards included."""
        return tuple(len(card.requirement) + card.any for card in self.orangutan)

    @cached_property
    def suit_of(self) -> tuple[int, ...]:
        """Suit index of every card id; a table because the kernel asks on every step."""
        return tuple(card // self.ranks_per_suit for card in range(self.deck_size))

    @cached_property
    def value_of(self) -> tuple[int, ...]:
        return tuple(card % self.ranks_per_suit + self.low for card in range(self.deck_size))

    def suit(self, card: int) -> int:
        return self.suit_of[card]

    def value(self, card: int) -> int:
        return self.value_of[card]

    def card_name(self, card: int) -> str:
        return f"{self.player_cards.suits[self.suit(card)]} {self.value(card)}"


def load(path: Path = DATA_FILE) -> ForestData:
    with path.open("rb") as file:
        return ForestData.model_validate(tomllib.load(file))


DATA = DataFile(DATA_FILE, load)
