"""What happens in the Donkey game, and who may see it (digest section 2.6).

Hidden from everyone: the donkey deck, the boxed donkeys, the donkey a double removes. Private to one
seat: a face-down load card (its owner), a peeked value (the peeker), a favour-4 swap's cards (the
swapper), and under `scored_pile_visibility="owner"` the cards a refuser drew at random. Everything
else, including which card was peeked and that a swap happened, is public.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import ClassVar

from meeplog.core.kernel import GameEvent, HiddenEvent, PrivateEvent

Slot = tuple[int, int]  # (seat, slot): a load card played this round


@dataclass(frozen=True)
class Dealt(HiddenEvent):
    """Eight donkeys form the deck (top first), the rest go back to the box; the first player is chosen."""

    secret: ClassVar[tuple[str, ...]] = ("deck", "box")
    first_player: int
    deck: tuple[str, ...] | None
    box: tuple[str, ...] | None


@dataclass(frozen=True)
class DonkeyRevealed(GameEvent):
    """A round begins. `plays_as` is "double" only when a double removed `removed` from the deck (D4-D6)."""

    round: int
    donkey: str
    plays_as: str
    removed: str | None
    removed_public: bool

    def seen_by(self, seat: int) -> GameEvent:
        return self if self.removed_public else dataclasses.replace(self, removed=None)


@dataclass(frozen=True)
class LoadCommitted(GameEvent):
    """Face down (its owner alone sees the cards) unless the difficult donkey puts it face up (D20)."""

    seat: int
    cards: tuple[int, ...] | None
    face_up: bool

    def seen_by(self, seat: int) -> GameEvent:
        return self if self.face_up or seat == self.seat else dataclasses.replace(self, cards=None)


@dataclass(frozen=True)
class LostSetAside(GameEvent):
    """The lost donkey leaves with its face-down loads; it returns after the deck is done (D24)."""

    round: int


@dataclass(frozen=True)
class LostDonkeyReturns(GameEvent):
    """The oldest set-aside lost donkey comes back to be resolved from the favours on (D24)."""

    round: int
    first_player: int


@dataclass(frozen=True)
class FavourDeclared(GameEvent):
    seat: int
    favour: int


@dataclass(frozen=True)
class FavourDeclined(GameEvent):
    seat: int


@dataclass(frozen=True)
class Peeked(PrivateEvent):
    """Everyone sees which card was looked at; only the peeker sees its value (D19)."""

    secret: ClassVar[tuple[str, ...]] = ("value",)
    seat: int
    target: int
    slot: int
    value: int | None


@dataclass(frozen=True)
class ContractSigned(GameEvent):
    seat: int
    accept: bool


@dataclass(frozen=True)
class Favour4Swapped(GameEvent):
    """A load card goes back to hand and another takes its place; only the swapper sees which (D14).

    On the difficult donkey a face-up card is replaced face up, so everyone sees both.
    """

    seat: int
    slot: int
    placed: int | None
    returned: int | None
    face_up: bool

    def seen_by(self, seat: int) -> GameEvent:
        if self.face_up or seat == self.seat:
            return self
        return dataclasses.replace(self, placed=None, returned=None)


@dataclass(frozen=True)
class Favour4Kept(GameEvent):
    seat: int


@dataclass(frozen=True)
class Favour6Adjusted(GameEvent):
    """`limit` is the capacity (or precision threshold) after the change and its clamp (D15)."""

    seat: int
    delta: int
    limit: int


@dataclass(frozen=True)
class StubbornBalked(GameEvent):
    """More than half refused the stubborn donkey: the loads leave the game unrevealed (D23)."""

    round: int
    refusers: tuple[int, ...]


@dataclass(frozen=True)
class LoadsRevealed(GameEvent):
    """Every load card face up; `removed` were taken by bandits or the picky donkey (D21, D22).

    `measure` is the total weighed against the capacity, or the spread on the precision donkey.
    """

    round: int
    cards: tuple[tuple[int, ...], ...]
    removed: tuple[Slot, ...]
    measure: int
    limit: int
    overloaded: bool


@dataclass(frozen=True)
class Favour8Swapped(GameEvent):
    """The values are public (favour 8 acts after the reveal) and carried so the log needs no old state."""

    seat: int
    give: Slot
    take: Slot
    gave: int
    took: int


@dataclass(frozen=True)
class Favour8Kept(GameEvent):
    seat: int


@dataclass(frozen=True)
class Favour8Picked(GameEvent):
    seat: int
    card: Slot
    value: int


@dataclass(frozen=True)
class RoundScored(GameEvent):
    """What each seat scores this round: `gains` chosen in the open, `draws` dealt at random from the packet.

    With `private`, a seat sees only its own draws (who drew is public), plus `drawn`, every card the
    refusers drew (D28).
    """

    round: int
    gains: tuple[tuple[int, ...], ...]
    draws: tuple[tuple[int, ...] | None, ...]
    drawn: tuple[int, ...]
    private: bool

    def seen_by(self, seat: int) -> GameEvent:
        if not self.private:
            return self
        draws = tuple(cards if owner == seat or not cards else None for owner, cards in enumerate(self.draws))
        return dataclasses.replace(self, draws=draws)


@dataclass(frozen=True)
class RoundEnded(GameEvent):
    """The first-player card passes (or stays, after a lost donkey with `lost_pass_first_player` off)."""

    round: int
    first_player: int


@dataclass(frozen=True)
class GameEnded(GameEvent):
    """Every scored pile is counted in the open: points, then card count break ties (D29)."""

    scores: tuple[int, ...]
    cards: tuple[int, ...]


EVENTS = (Dealt, DonkeyRevealed, LoadCommitted, LostSetAside, LostDonkeyReturns, FavourDeclared, FavourDeclined,
          Peeked, ContractSigned, Favour4Swapped, Favour4Kept, Favour6Adjusted, StubbornBalked, LoadsRevealed,
          Favour8Swapped, Favour8Kept, Favour8Picked, RoundScored, RoundEnded, GameEnded)

# Shared instances of the events every round makes: events are immutable, and a frozen dataclass costs more to
# build than to look up. Bounded where a load's cards multiply the values.
contract_signed, favour_declared = cache(ContractSigned), cache(FavourDeclared)
load_committed = lru_cache(maxsize=1 << 14)(LoadCommitted)
