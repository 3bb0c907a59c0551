"""The components of Trekking the World, loaded from world.toml and validated on load.

Locations are numbered once here so the kernel works on ints: the 48 destinations first, in file order
(location i carries destination card i), then the six airports in region order. Trek cards are kinds
`symbol * 3 + value - 1` (0..14), since cards of one symbol and value are interchangeable.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from functools import cached_property
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from meeplog.core.datafiles import DataFile

DATA_FILE = Path(__file__).with_name("world.toml")
PLAYER_COUNTS = (2, 3, 4, 5)
EFFECT_KINDS = ("move", "fly", "draw", "visit", "vp3", "recolor")


class TrekCards(BaseModel, frozen=True):
    symbols: tuple[str, ...]
    symbol_names: tuple[str, ...]
    values: tuple[int, ...]
    copies: tuple[int, ...]
    provenance: str

    @model_validator(mode="after")
    def _shape(self) -> TrekCards:
        if len(self.symbol_names) != len(self.symbols) or len(self.copies) != len(self.values):
            raise ValueError("trek cards: one name per symbol and one copy count per value")
        if self.values != (1, 2, 3):
            raise ValueError("trek cards: the kernel numbers kinds for values 1, 2 and 3")
        return self


class Souvenirs(BaseModel, frozen=True):
    colours: tuple[str, ...]
    per_colour: int = Field(gt=0)
    removed: dict[int, tuple[int, ...]]
    marker_min_players: dict[str, int]
    provenance: str


class SetTrack(BaseModel, frozen=True):
    two_players: tuple[int, ...]
    three_to_five: tuple[int, ...]
    provenance: str


class Suitcase(BaseModel, frozen=True):
    tile_threshold: int = Field(ge=1)
    sets: SetTrack
    provenance: str


class Tile(BaseModel, frozen=True):
    colour: str
    name: str
    two_players: int
    three_to_five: int
    provenance: str


class RegionTokens(BaseModel, frozen=True):
    values: tuple[int, ...]
    provenance: str


class VpTokens(BaseModel, frozen=True):
    threes: int = Field(ge=0)
    fives: int = Field(ge=0)
    provenance: str


class EndThresholds(BaseModel, frozen=True):
    destination_cards: int = Field(ge=1)
    region_tokens_taken: int = Field(ge=1)
    provenance: str


class RowTokens(BaseModel, frozen=True):
    rightmost: int = Field(ge=0)
    second: int = Field(ge=0)
    provenance: str


class Region(BaseModel, frozen=True):
    id: str
    name: str
    airport: str
    provenance: str


class Destination(BaseModel, frozen=True):
    id: str
    name: str
    region: str
    marker: Literal["-", "3+", "4+"]
    requirement: tuple[str, ...] = Field(min_length=1)
    vp: int = Field(gt=0)
    provenance: str


class Links(BaseModel, frozen=True):
    pairs: tuple[tuple[str, str], ...]
    provenance: str


class JourneyRules(BaseModel, frozen=True):
    in_play_per_side: int = Field(ge=1)
    provenance: str


class Journey(BaseModel, frozen=True):
    id: str
    side: str
    name: str
    effects: tuple[str, ...] = Field(min_length=1)
    provenance: str


Effect = tuple[str, int]  # (kind, X); X is 0 for fly, vp3 and recolor


def parse_effect(text: str) -> Effect:
    kind, _, amount = text.partition(":")
    if kind not in EFFECT_KINDS:
        raise ValueError(f"unknown Journey effect {text!r}")
    number = abs(int(amount)) if amount else 0
    if (kind in ("move", "draw", "visit")) != (number > 0):
        raise ValueError(f"Journey effect {text!r}: move, draw and visit take a positive amount, the others none")
    return kind, number


class TrekData(BaseModel, frozen=True):
    trek_cards: TrekCards
    souvenirs: Souvenirs
    suitcase: Suitcase
    tile: tuple[Tile, ...]
    region_tokens: RegionTokens
    vp_tokens: VpTokens
    end: EndThresholds
    row_tokens: RowTokens
    region: tuple[Region, ...]
    destination: tuple[Destination, ...]
    links: Links
    journeys: JourneyRules
    journey: tuple[Journey, ...]

    @model_validator(mode="after")
    def _consistent(self) -> TrekData:
        regions = {r.id for r in self.region}
        ids = [d.id for d in self.destination] + [r.airport for r in self.region]
        if len(set(ids)) != len(ids):
            raise ValueError("location ids must be unique")
        for card in self.destination:
            if card.region not in regions:
                raise ValueError(f"destination {card.id}: unknown region {card.region}")
            unknown = set(card.requirement) - set(self.trek_cards.symbols)
            if unknown:
                raise ValueError(f"destination {card.id} requires unknown symbols {sorted(unknown)}")
        known = set(ids)
        seen: set[frozenset[str]] = set()
        for a, b in self.links.pairs:
            if a not in known or b not in known or a == b:
                raise ValueError(f"link {a}-{b} must join two different known locations")
            if frozenset((a, b)) in seen:
                raise ValueError(f"link {a}-{b} is listed twice")
            seen.add(frozenset((a, b)))
        if [t.colour for t in self.tile] != list(self.souvenirs.colours):
            raise ValueError("one Most Souvenirs tile per souvenir colour, in colour order")
        for journey in self.journey:
            for effect in journey.effects:
                parse_effect(effect)
        self._check_cube_counts()
        self._check_connected()
        return self

    def _check_cube_counts(self) -> None:
        """Every player count's bag fills its eligible locations exactly (the bag empties, TEXT)."""
        if set(self.souvenirs.removed) != set(PLAYER_COUNTS):
            raise ValueError(f"souvenir removal must be given for {PLAYER_COUNTS[0]}-{PLAYER_COUNTS[-1]} players")
        for players, removed in self.souvenirs.removed.items():
            if len(removed) != len(self.souvenirs.colours):
                raise ValueError(f"cube removal for {players} players: one count per colour")
            cubes = self.souvenirs.per_colour * len(removed) - sum(removed)
            eligible = len(self.eligible_locations(players))
            if cubes != eligible:
                raise ValueError(f"{players} players: {cubes} cubes for {eligible} eligible locations")

    def _check_connected(self) -> None:
        reached, frontier = {0}, [0]
        while frontier:
            node = frontier.pop()
            for neighbour, _ in self.adjacency[node]:
                if neighbour not in reached:
                    reached.add(neighbour)
                    frontier.append(neighbour)
        if len(reached) != self.location_count:
            raise ValueError("the map must be connected")

    # --- locations ------------------------------------------------------------------------------

    @cached_property
    def location_ids(self) -> tuple[str, ...]:
        return tuple(d.id for d in self.destination) + tuple(r.airport for r in self.region)

    @cached_property
    def location_index(self) -> dict[str, int]:
        return {name: i for i, name in enumerate(self.location_ids)}

    @property
    def location_count(self) -> int:
        return len(self.location_ids)

    @property
    def destination_count(self) -> int:
        return len(self.destination)

    @cached_property
    def airports(self) -> tuple[int, ...]:
        return tuple(range(self.destination_count, self.location_count))

    @cached_property
    def airport_mask(self) -> int:
        return sum(1 << a for a in self.airports)

    @cached_property
    def region_of(self) -> tuple[int, ...]:
        """The region index of every location."""
        index = {r.id: i for i, r in enumerate(self.region)}
        return tuple(index[d.region] for d in self.destination) + tuple(range(len(self.region)))

    @cached_property
    def location_names(self) -> tuple[str, ...]:
        return tuple(d.name for d in self.destination) + tuple(f"{r.name} airport" for r in self.region)

    def place(self, location: int) -> str:
        """A location's name, for messages and the diary (tolerates a bad index from a bad command)."""
        names = self.location_names
        return names[location] if 0 <= location < len(names) else f"location {location}"

    @cached_property
    def adjacency(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """(neighbour, link index) pairs of every location."""
        near: list[list[tuple[int, int]]] = [[] for _ in self.location_ids]
        for link, (a, b) in enumerate(self.links.pairs):
            i, j = self.location_index[a], self.location_index[b]
            near[i].append((j, link))
            near[j].append((i, link))
        return tuple(tuple(n) for n in near)

    def eligible_locations(self, players: int) -> tuple[int, ...]:
        """Destinations that get a souvenir cube at this player count (markers 3+ and 4+)."""
        least = self.souvenirs.marker_min_players
        return tuple(i for i, d in enumerate(self.destination) if least[d.marker] <= players)

    def cube_bag(self, players: int) -> tuple[int, ...]:
        """The colours in the bag after the removal for `players`, sorted."""
        removed = self.souvenirs.removed[players]
        return tuple(c for c, gone in enumerate(removed) for _ in range(self.souvenirs.per_colour - gone))

    # --- trek cards -----------------------------------------------------------------------------

    @property
    def kind_count(self) -> int:
        return len(self.trek_cards.symbols) * len(self.trek_cards.values)

    @cached_property
    def trek_deck(self) -> tuple[int, ...]:
        """Every trek card as its kind, sorted."""
        copies = self.trek_cards.copies
        return tuple(kind for kind in range(self.kind_count) for _ in range(copies[kind % 3]))

    def card_name(self, kind: int) -> str:
        """A trek card's name as players say it, like "adventure 2" (tolerates a bad kind from a bad command).

        Commands name a card by its kind; the symbols' codes (ADV) stay the data file's identifiers.
        """
        if not 0 <= kind < self.kind_count:
            return f"card {kind}"
        return f"{self.trek_cards.symbol_names[kind // 3]} {kind % 3 + 1}"

    @cached_property
    def requirements(self) -> tuple[tuple[int, ...], ...]:
        """Each destination's requirement as a count per symbol index."""
        symbols = self.trek_cards.symbols
        out = []
        for card in self.destination:
            counts = Counter(card.requirement)
            out.append(tuple(counts[s] for s in symbols))
        return tuple(out)

    # --- journeys, scoring ----------------------------------------------------------------------

    @cached_property
    def journey_index(self) -> dict[str, int]:
        return {j.id: i for i, j in enumerate(self.journey)}

    @cached_property
    def journey_effects(self) -> tuple[tuple[Effect, ...], ...]:
        return tuple(tuple(parse_effect(e) for e in j.effects) for j in self.journey)

    @cached_property
    def journey_sides(self) -> tuple[str, ...]:
        return tuple(sorted({j.side for j in self.journey}))

    def set_track(self, players: int) -> tuple[int, ...]:
        sets = self.suitcase.sets
        return sets.two_players if players == 2 else sets.three_to_five

    def tile_values(self, players: int) -> tuple[int, ...]:
        return tuple(t.two_players if players == 2 else t.three_to_five for t in self.tile)


def load(path: Path = DATA_FILE) -> TrekData:
    with path.open("rb") as file:
        return TrekData.model_validate(tomllib.load(file))


DATA = DataFile(DATA_FILE, load)
