"""The card data of the Donkey game, loaded from donkeys.toml and validated on load.

The kernel keys each donkey's effect on its id, so the data must name exactly the twelve known types;
numbers (capacities, copies, card values, the precision threshold) live only in the data file.
"""

from __future__ import annotations

import tomllib
from functools import cached_property
from pathlib import Path

from pydantic import BaseModel, Field, model_validator

from meeplog.core.datafiles import DataFile

DATA_FILE = Path(__file__).with_name("donkeys.toml")

KINDS = ("normal", "giant", "puny", "precision", "hasty", "holey", "attacked", "lost", "double", "stubborn",
         "difficult", "picky")


class Deck(BaseModel, frozen=True):
    cards: int = Field(gt=0)
    donkeys_used: int = Field(gt=0)
    provenance: str


class LoadCards(BaseModel, frozen=True):
    values: tuple[int, int]
    favours: tuple[int, ...]
    provenance: str

    @model_validator(mode="after")
    def _favours_are_load_values(self) -> LoadCards:
        low, high = self.values
        if not all(low <= favour <= high for favour in self.favours):
            raise ValueError(f"favours {self.favours} must be load card values {low}..{high}")
        return self


class Precision(BaseModel, frozen=True):
    threshold: int = Field(ge=0)
    clamp: tuple[int, int]
    provenance: str


class Favour6(BaseModel, frozen=True):
    step: int = Field(gt=0)
    provenance: str


class Donkey(BaseModel, frozen=True):
    id: str
    name: str
    capacity_per_player: int | None = Field(None, ge=0, description="None: no capacity (precision)")
    cards_per_player: int = Field(1, ge=1)
    copies: int = Field(ge=0)
    provenance: str


class DonkeyData(BaseModel, frozen=True):
    deck: Deck
    load_cards: LoadCards
    precision: Precision
    favour6: Favour6
    donkey: tuple[Donkey, ...]

    @model_validator(mode="after")
    def _every_kind_once_and_twenty_cards(self) -> DonkeyData:
        ids = [d.id for d in self.donkey]
        if sorted(ids) != sorted(KINDS):
            raise ValueError(f"the donkeys must be exactly the types {KINDS}, got {ids}")
        if sum(d.copies for d in self.donkey) != self.deck.cards:
            raise ValueError(f"the donkey copies must add up to {self.deck.cards}")
        if any(d.capacity_per_player is None for d in self.donkey if d.id != "precision"):
            raise ValueError("every donkey but the precision donkey needs a capacity")
        return self

    @cached_property
    def kinds(self) -> dict[str, Donkey]:
        return {d.id: d for d in self.donkey}

    @cached_property
    def hand(self) -> tuple[int, ...]:
        """The load cards every player starts with (one colour)."""
        low, high = self.load_cards.values
        return tuple(range(low, high + 1))

    def name(self, kind: str) -> str:
        return self.kinds[kind].name


def load(path: Path = DATA_FILE) -> DonkeyData:
    with path.open("rb") as file:
        return DonkeyData.model_validate(tomllib.load(file))


DATA = DataFile(DATA_FILE, load)
