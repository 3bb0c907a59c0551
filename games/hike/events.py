"""What happens in Let's Take a Hike, and who sees what (section 3.6 of the digest).

Hidden: the draw pile's order, the hands (except cards everyone saw go back into one), the setup
backpacks until they are shown, and in the face-down variant (H31) backpack cards not yet turned up.
Events carrying such cards blank them (None) for the seats that may not know them. EMPTY (-1) means
"no card", never "hidden".
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache

from meeplog.core.kernel import GameEvent, HiddenEvent, PrivateEvent
from meeplog.games.hike.state import EMPTY


def _blank(cards: tuple[int | None, ...], slots: tuple[int, ...], secret: tuple[int, ...]) -> tuple[int | None, ...]:
    return tuple(None if slot in secret else card for slot, card in zip(slots, cards, strict=True))


@dataclass(frozen=True)
class Dealt(GameEvent):
    """Seven cards each, the draw pile (top card last) and the first player (public)."""

    first_player: int
    hands: tuple[tuple[int, ...] | None, ...]
    draw: tuple[int, ...] | None

    def seen_by(self, seat: int) -> GameEvent:
        hands = tuple(hand if owner == seat else None for owner, hand in enumerate(self.hands))
        return dataclasses.replace(self, hands=hands, draw=None)


@dataclass(frozen=True)
class Packed(PrivateEvent):
    """Setup: an item goes from hand into the backpack, unseen by the others until the packs are shown."""

    secret = ("card", "slot")
    seat: int
    card: int | None
    slot: int | None


@dataclass(frozen=True)
class DonePacking(GameEvent):
    seat: int


@dataclass(frozen=True)
class PackShown(GameEvent):
    """Setup is over for this seat: its backpack goes on the table (face down in the H31 variant)."""

    seat: int
    pack: tuple[int | None, ...]
    face_down: bool

    def seen_by(self, seat: int) -> GameEvent:
        if not self.face_down or seat == self.seat:
            return self
        return dataclasses.replace(self, pack=tuple(EMPTY if card == EMPTY else None for card in self.pack))


@dataclass(frozen=True)
class Drew(PrivateEvent):
    secret = ("card",)
    seat: int
    card: int | None
    draw_left: int


@dataclass(frozen=True)
class Placed(GameEvent):
    """An item goes from hand into a slot; `returned` is the card it displaced (EMPTY if none).

    Face down (H31), the placed card is the owner's secret, and so is the displaced one unless it
    was face up; a face-down card swapped for another leaves the table looking the same, so the
    others do not learn which slot it was either.
    """

    seat: int
    card: int | None
    slot: int | None
    returned: int | None
    face_down: bool
    returned_face_up: bool

    def seen_by(self, seat: int) -> GameEvent:
        if not self.face_down or seat == self.seat:
            return self
        if self.returned == EMPTY or self.returned_face_up:
            return dataclasses.replace(self, card=None)
        return dataclasses.replace(self, card=None, slot=None, returned=None)


@dataclass(frozen=True)
class Discarded(GameEvent):
    """A hand card discarded face up to get back to the hand limit (H26)."""

    seat: int
    card: int


@dataclass(frozen=True)
class HazardPlayed(GameEvent):
    seat: int
    card: int


@dataclass(frozen=True)
class TurnEnded(GameEvent):
    seat: int
    next_seat: int


@dataclass(frozen=True)
class HikeStarted(GameEvent):
    seat: int


@dataclass(frozen=True)
class Joined(GameEvent):
    seat: int


@dataclass(frozen=True)
class StayedOut(GameEvent):
    seat: int


@dataclass(frozen=True)
class Reshuffled(HiddenEvent):
    """The draw pile ran dry in a hike: the discard pile, shuffled, is the new one (H24)."""

    secret = ("order",)
    order: tuple[int, ...] | None
    size: int


@dataclass(frozen=True)
class Revealed(GameEvent):
    card: int
    draw_left: int


@dataclass(frozen=True)
class TrailEnded(GameEvent):
    """Nothing left to reveal, even after a reshuffle: every hiker abandons (H24)."""


@dataclass(frozen=True)
class Matched(GameEvent):
    """The hiker carries the revealed item and walks on for free; the card stays (H15)."""

    seat: int
    slot: int
    card: int


@dataclass(frozen=True)
class Paid(GameEvent):
    """The hiker discards these cards from these slots (both sorted: which card sat where is not told)."""

    seat: int
    distance: int
    slots: tuple[int, ...]
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Busted(GameEvent):
    """Too light and no match: the whole backpack is discarded and the hike is over for this seat (H17)."""

    seat: int
    distance: int
    slots: tuple[int, ...]
    cards: tuple[int, ...]


@dataclass(frozen=True)
class LeaderChanged(GameEvent):
    seat: int


@dataclass(frozen=True)
class Continued(GameEvent):
    seat: int


@dataclass(frozen=True)
class Abandoned(GameEvent):
    """The hiker banks `taken` and takes its backpack (`slots`, `returned`) back into hand.

    Cards of `secret_slots` were face down (H31): only the owner learns which they were.
    """

    seat: int
    taken: tuple[int, ...]
    slots: tuple[int, ...]
    returned: tuple[int | None, ...]
    secret_slots: tuple[int, ...]

    def seen_by(self, seat: int) -> GameEvent:
        if seat == self.seat or not self.secret_slots:
            return self
        return dataclasses.replace(self, returned=_blank(self.returned, self.slots, self.secret_slots))


@dataclass(frozen=True)
class BearCame(GameEvent):
    """The bear's target, from the candidates' weights (H5): spray holders show their spray, the others
    their whole backpack. Victims drop one heaviest card each, or the lone heaviest drops down to `down_to`.
    """

    card: int
    affected: tuple[int, ...]
    sprays: tuple[tuple[int, int], ...]  # (seat, slot)
    shown: tuple[tuple[int, tuple[int, ...]], ...]  # (seat, backpack)
    weights: tuple[tuple[int, int], ...]  # (candidate seat, weight)
    victims: tuple[int, ...]
    each_drops_heaviest: bool
    down_to: int


@dataclass(frozen=True)
class BlisterCame(GameEvent):
    card: int
    affected: tuple[int, ...]
    socks: tuple[tuple[int, int], ...]  # (seat, slot)
    shown: tuple[tuple[int, tuple[int, ...]], ...]
    victims: tuple[int, ...]


@dataclass(frozen=True)
class SkunkCame(GameEvent):
    card: int
    affected: tuple[int, ...]
    victims: tuple[int, ...]
    ends_hike: bool


@dataclass(frozen=True)
class RaccoonCame(GameEvent):
    """Each victim loses a random hand card: discarded face up, or into the thief's hand (H3).

    A stolen card is seen by its victim and the thief only.
    """

    card: int
    affected: tuple[int, ...]
    victims: tuple[int, ...]
    cards: tuple[int | None, ...]
    thief: int  # -1: the cards are discarded

    def seen_by(self, seat: int) -> GameEvent:
        if self.thief < 0 or seat == self.thief:
            return self
        cards = tuple(card if victim == seat else None for victim, card in zip(self.victims, self.cards, strict=True))
        return dataclasses.replace(self, cards=cards)


@dataclass(frozen=True)
class Dropped(GameEvent):
    """A backpack card lost to a bear or a blister (discarded face up)."""

    seat: int
    slot: int
    card: int
    cause: str


@dataclass(frozen=True)
class Skunked(GameEvent):
    """The skunk's victim discards one backpack card and takes the rest back into hand (H10).

    `slots` are all the slots that held a card, `returned` what each gave back to hand (EMPTY for
    the discarded one, from `slot`). Face-down cards (H31) stay the owner's secret, and when the
    discarded one was face down, so is the slot it came from.
    """

    seat: int
    card: int
    slot: int | None
    slots: tuple[int, ...]
    returned: tuple[int | None, ...]
    secret_slots: tuple[int, ...]

    def seen_by(self, seat: int) -> GameEvent:
        if seat == self.seat or not self.secret_slots:
            return self
        slot = None if self.slot in self.secret_slots else self.slot
        return dataclasses.replace(self, slot=slot, returned=_blank(self.returned, self.slots, self.secret_slots))


@dataclass(frozen=True)
class HikeEnded(GameEvent):
    lead: int
    discarded: tuple[int, ...]  # revealed cards nobody took
    next_seat: int
    game_over: bool


@dataclass(frozen=True)
class GameEnded(GameEvent):
    """Final scores; ties for first on boots and cards go to the skunk draw (H32), recorded round by round."""

    reason: str
    scores: tuple[int, ...]
    cards_banked: tuple[int, ...]
    tie_rounds: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]  # (drawers in order, cards drawn)
    eliminated: tuple[int, ...]


EVENTS = (
    Dealt,
    Packed,
    DonePacking,
    PackShown,
    Drew,
    Placed,
    Discarded,
    HazardPlayed,
    TurnEnded,
    HikeStarted,
    Joined,
    StayedOut,
    Reshuffled,
    Revealed,
    TrailEnded,
    Matched,
    Paid,
    Busted,
    LeaderChanged,
    Continued,
    Abandoned,
    BearCame,
    BlisterCame,
    SkunkCame,
    RaccoonCame,
    Dropped,
    Skunked,
    HikeEnded,
    GameEnded,
)


# Shared instances of the events a playout makes at almost every step: events are immutable, their fields
# take few values (seats, card kinds, slots, the draw pile's size), and a frozen dataclass costs more to
# build than to look up.
placed, drew, packed, turn_ended = cache(Placed), cache(Drew), cache(Packed), cache(TurnEnded)
