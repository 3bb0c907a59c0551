"""The card data of Let's Take a Hike, loaded from cards.toml, validated, and turned into flat lookup tables.

A card is an int: items first (in file order), then hazards. Copies of a card are identical in every
rule, so the engine tracks card kinds, never individual copies; that also keeps move lists short.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from meeplog.core.datafiles import DataFile
from meeplog.games.hike.cards import Cards

DATA_FILE = Path(__file__).with_name("cards.toml")

BEAR, SKUNK, RACCOON, BLISTER = "bear", "skunk", "raccoon", "blister"
Effect = Literal["bear", "skunk", "raccoon", "blister"]


class Slots(BaseModel, frozen=True):
    names: tuple[str, ...] = Field(min_length=1)
    provenance: str


class Item(BaseModel, frozen=True):
    name: str
    boots: int = Field(ge=0)
    slots: tuple[str, ...] = Field(min_length=1)
    copies: int = Field(ge=1)
    wards_off: Literal["bear", "blister"] | None = None
    provenance: str


class Hazard(BaseModel, frozen=True):
    name: str
    effect: Effect
    copies: int = Field(ge=1)
    provenance: str


class HikeData(BaseModel, frozen=True):
    deal: int = Field(ge=1)
    hand_limit: int = Field(ge=1)
    provenance: str
    slots: Slots
    item: tuple[Item, ...] = Field(min_length=1)
    hazard: tuple[Hazard, ...]

    @model_validator(mode="after")
    def _consistent(self) -> HikeData:
        names = [item.name for item in self.item] + [hazard.name for hazard in self.hazard]
        if len(set(names)) != len(names):
            raise ValueError("card names must be unique: matching on the trail compares names")
        if len(set(self.slots.names)) != len(self.slots.names):
            raise ValueError("slot names must be unique")
        for item in self.item:
            unknown = set(item.slots) - set(self.slots.names)
            if unknown:
                raise ValueError(f"{item.name} names unknown slots {sorted(unknown)}")
        if not any(hazard.effect == SKUNK for hazard in self.hazard):
            raise ValueError("the deck needs a skunk: the final tie-break draws until one appears")
        return self


def tables(data: HikeData) -> Cards:
    slot_names = data.slots.names
    items, hazards = data.item, data.hazard
    masks = tuple(sum(1 << slot_names.index(name) for name in set(item.slots)) for item in items)
    slot_lists = tuple(tuple(s for s in range(len(slot_names)) if mask >> s & 1) for mask in masks)
    deck = [card for card, item in enumerate(items) for _ in range(item.copies)]
    deck += [len(items) + index for index, hazard in enumerate(hazards) for _ in range(hazard.copies)]

    def guarding(hazard: str) -> frozenset[int]:
        return frozenset(card for card, item in enumerate(items) if item.wards_off == hazard)

    boots = tuple(item.boots for item in items) + (0,) * len(hazards)
    slot_masks = masks + (0,) * len(hazards)
    sorted_deck = tuple(sorted(deck))
    return Cards(
        names=tuple(item.name for item in items) + tuple(hazard.name for hazard in hazards),
        boots=boots,
        slot_masks=slot_masks,
        slot_lists=slot_lists + ((),) * len(hazards),
        effects=(None,) * len(items) + tuple(hazard.effect for hazard in hazards),
        deck=sorted_deck,
        slot_names=slot_names,
        bear_guards=guarding(BEAR),
        blister_guards=guarding(BLISTER),
        skunks=frozenset(len(items) + i for i, hazard in enumerate(hazards) if hazard.effect == SKUNK),
        deal=data.deal,
        hand_limit=data.hand_limit,
        digest=hash((boots, slot_masks, sorted_deck)),  # ints only: the same in every process, pickled too
    )


def load(path: Path = DATA_FILE) -> Cards:
    with path.open("rb") as file:
        return tables(HikeData.model_validate(tomllib.load(file)))


DATA = DataFile(DATA_FILE, load)
