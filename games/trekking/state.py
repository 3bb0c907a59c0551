"""The mutable state of a game of Trekking the World; `clone` is hand-written because search copies it a lot.

Locations, destination cards and trek-card kinds are ints (see TrekData). Decks keep their top card
last. A hand is a count per trek-card kind; `known` is the part of each hand everybody knows, because
it was taken from the face-up trek row and cannot have been played since (a lower bound per kind).
Cards played towards an announced Move leave the hand for `paying`, in public, until the hiker sets off.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from meeplog.games.trekking.config import TrekkingConfig
from meeplog.games.trekking.data import TrekData
from meeplog.games.trekking.routes import Routes

AIRPORT: Final = "airport"  # setup: choosing starting airports
FLY: Final = "fly"  # start of turn: fly or not
ROUTE: Final = "route"  # the Move: announce the destination
PAY: Final = "pay"  # the Move: play the trek cards
ACTION: Final = "action"  # draw two, visit or journey
DRAW: Final = "draw"  # the picks of Draw Two
EFFECT: Final = "effect"  # a Journey card's effects, in order
OVER: Final = "over"

NO_ONE: Final = -1


@dataclass(eq=True)
class TrekState:
    config: TrekkingConfig
    data: TrekData
    routes: Routes
    phase: str = AIRPORT
    first_player: int = 0
    active: int = 0  # the seat to act (the chooser during AIRPORT)
    round: int = 1
    dealt: bool = False
    position: list[int] = field(default_factory=list)  # per seat; NO_ONE before its airport is chosen
    occupied: int = 0  # bitmask of the locations with a hiker
    hands: list[list[int]] = field(default_factory=list)
    known: list[list[int]] = field(default_factory=list)
    trek_deck: list[int] = field(default_factory=list)
    trek_discard: list[int] = field(default_factory=list)  # count per kind
    trek_row: list[int] = field(default_factory=list)  # kind per slot, NO_ONE when empty
    dest_deck: list[int] = field(default_factory=list)
    dest_row: list[int] = field(default_factory=list)  # slot 0 leftmost; NO_ONE when empty
    visited: list[list[int]] = field(default_factory=list)  # destination cards taken, per seat
    vp_tokens: list[list[int]] = field(default_factory=list)  # token values taken, per seat
    threes_left: int = 0
    fives_left: int = 0
    cubes: list[int] = field(default_factory=list)  # colour per location, NO_ONE when none
    cubes_left: list[int] = field(default_factory=list)  # per region
    suitcases: list[list[int]] = field(default_factory=list)  # count per colour, per seat
    tile_holder: list[int] = field(default_factory=list)  # per colour
    region_token: list[int] = field(default_factory=list)  # value per region (hidden until taken)
    region_taker: list[int] = field(default_factory=list)  # per region, NO_ONE while on the board
    boxed_tokens: list[int] = field(default_factory=list)  # the unused region tokens, never seen
    journeys: tuple[int, ...] = ()  # indices of the Journey cards in play
    heading: int = NO_ONE  # the destination announced for the Move
    paying: list[int] = field(default_factory=list)  # the cards played towards it so far, kinds in play order
    picks_left: int = 0
    journey: int = NO_ONE  # the Journey card being resolved
    effect: int = 0  # index of its next effect
    end_triggered: bool = False
    ended_by_cap: bool = False

    @classmethod
    def empty(cls, config: TrekkingConfig, data: TrekData, routes: Routes) -> TrekState:
        players = config.players
        return cls(
            config,
            data,
            routes,
            position=[NO_ONE] * players,
            hands=[[0] * data.kind_count for _ in range(players)],
            known=[[0] * data.kind_count for _ in range(players)],
            trek_discard=[0] * data.kind_count,
            visited=[[] for _ in range(players)],
            vp_tokens=[[] for _ in range(players)],
            suitcases=[[0] * len(data.souvenirs.colours) for _ in range(players)],
            tile_holder=[NO_ONE] * len(data.souvenirs.colours),
            region_taker=[NO_ONE] * len(data.region),
        )

    @property
    def players(self) -> int:
        return self.config.players

    def clone(self) -> TrekState:
        return TrekState(
            config=self.config,
            data=self.data,
            routes=self.routes,
            phase=self.phase,
            first_player=self.first_player,
            active=self.active,
            round=self.round,
            dealt=self.dealt,
            position=self.position[:],
            occupied=self.occupied,
            hands=[h[:] for h in self.hands],
            known=[k[:] for k in self.known],
            trek_deck=self.trek_deck[:],
            trek_discard=self.trek_discard[:],
            trek_row=self.trek_row[:],
            dest_deck=self.dest_deck[:],
            dest_row=self.dest_row[:],
            visited=[v[:] for v in self.visited],
            vp_tokens=[t[:] for t in self.vp_tokens],
            threes_left=self.threes_left,
            fives_left=self.fives_left,
            cubes=self.cubes[:],
            cubes_left=self.cubes_left[:],
            suitcases=[s[:] for s in self.suitcases],
            tile_holder=self.tile_holder[:],
            region_token=self.region_token[:],
            region_taker=self.region_taker[:],
            boxed_tokens=self.boxed_tokens[:],
            journeys=self.journeys,
            heading=self.heading,
            paying=self.paying[:],
            picks_left=self.picks_left,
            journey=self.journey,
            effect=self.effect,
            end_triggered=self.end_triggered,
            ended_by_cap=self.ended_by_cap,
        )

    def blocked_for(self, seat: int) -> int:
        """The locations the other hikers stand on, as a bitmask: no route of `seat` may cross them (T12)."""
        return self.occupied & ~(1 << self.position[seat])

    def free_airports(self) -> list[int]:
        occupied = self.occupied
        return [a for a in self.data.airports if not occupied >> a & 1]

    def place_hiker(self, seat: int, location: int) -> None:
        """Only `evolve` calls this: it keeps `occupied` in step with `position`."""
        where = self.position[seat]
        if where != NO_ONE:
            self.occupied &= ~(1 << where)
        self.position[seat] = location
        self.occupied |= 1 << location

    def hand_size(self, seat: int) -> int:
        return sum(self.hands[seat])
