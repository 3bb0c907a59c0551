"""The dice of Perudo, loaded from dice.toml, validated, and turned into the flat tables the kernel reads.

A die is an int, its face value (1 to `faces`). The data file says how many dice a player starts with and
names the faces; the validator keeps every decision bounded, whatever file a config names.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, Field, model_validator

from meeplog.core.datafiles import DataFile
from meeplog.core.limits import MAX_LEGAL_COMMANDS

from .config import MAX_PLAYERS

DATA_FILE = Path(__file__).with_name("dice.toml")
CALLS = 2  # dudo and calza, listed besides the bids


class Face(BaseModel, frozen=True):
    value: int = Field(ge=1)
    name: str
    plural: str
    wild: bool = False
    provenance: str


class DiceData(BaseModel, frozen=True):
    dice_per_player: int = Field(ge=1)
    provenance: str
    face: tuple[Face, ...] = Field(min_length=2)

    @model_validator(mode="after")
    def _consistent(self) -> DiceData:
        if [face.value for face in self.face] != list(range(1, len(self.face) + 1)):
            raise ValueError("faces must be listed in order, valued 1, 2, 3 ...")
        if sum(face.wild for face in self.face) > 1:
            raise ValueError("at most one face may be wild")
        if len({face.name for face in self.face}) != len(self.face):
            raise ValueError("face names must be unique")
        bids = MAX_PLAYERS * self.dice_per_player * len(self.face)  # every quantity on every face
        if bids + CALLS > MAX_LEGAL_COMMANDS:
            raise ValueError(f"{MAX_PLAYERS} players with these dice could face {bids} bids at once, "
                             f"more than the {MAX_LEGAL_COMMANDS} commands a decision may list")
        return self


@dataclass(frozen=True)
class Dice:
    """Flat tables for the kernel: names indexed by face value (index 0 unused)."""

    per_player: int
    faces: int
    wild: int | None  # the face that counts as any other while aces are wild, if the dice have one
    names: tuple[str, ...]
    plurals: tuple[str, ...]

    def say(self, quantity: int, face: int) -> str:
        """`3 fives`, `1 ace`: a bid or a count as a player says it."""
        return f"{quantity} {self.names[face] if quantity == 1 else self.plurals[face]}"


def tables(data: DiceData) -> Dice:
    wild = next((face.value for face in data.face if face.wild), None)
    return Dice(
        per_player=data.dice_per_player,
        faces=len(data.face),
        wild=wild,
        names=("", *(face.name for face in data.face)),
        plurals=("", *(face.plural for face in data.face)),
    )


def load(path: Path = DATA_FILE) -> Dice:
    with path.open("rb") as file:
        return tables(DiceData.model_validate(tomllib.load(file)))


DATA = DataFile(DATA_FILE, load)
