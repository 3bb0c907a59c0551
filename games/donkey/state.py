"""The mutable state of a game of Donkey; `clone` is hand-written because search copies it a lot.

Every load card placed on a donkey gets a fresh slot id (from `next_slot`), kept in `slots` with its
owner and value. Ids only grow, so "placed after slot t" is a plain comparison: that is what lets a
seat remember that a card it peeked went back to a hand (favour 4) and can only be in that hand or in
a card placed since (`held`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Final

from meeplog.games.donkey.config import DonkeyConfig
from meeplog.games.donkey.data import DonkeyData
from meeplog.games.donkey.records import RoundRecord

# Decisions.
LOAD: Final = "load"
FAVOUR: Final = "favour"
CONTRACT: Final = "contract"
POST: Final = "post-contract favours"
PICK: Final = "favour 8 pick"
SWAP: Final = "favour 8 swap"
# Steps the kernel takes by itself, each producing one event.
NEXT: Final = "next donkey"
SET_ASIDE: Final = "set aside"
REVEAL: Final = "reveal"
SCORE: Final = "score"
END_ROUND: Final = "end of round"
OVER: Final = "over"

DECISIONS: Final = (LOAD, FAVOUR, CONTRACT, POST, PICK, SWAP)


@cache
def clockwise(first: int, players: int) -> tuple[int, ...]:
    return tuple((first + i) % players for i in range(players))


@dataclass(eq=True)
class DonkeyState:
    config: DonkeyConfig
    data: DonkeyData
    players: int
    deck: list[str] = field(default_factory=list)  # top first; hidden
    box: list[str] = field(default_factory=list)  # the donkeys not used; hidden
    removed: list[str] = field(default_factory=list)  # removed by doubles; hidden unless the config reveals them
    first: int = 0  # holder of the first-player card
    leader: int = 0  # who starts this round: the holder, or a lost donkey's original first player
    round: int = 0
    donkey: str = ""  # the donkey card of this round
    effect: str = ""  # how it plays: its type, or "normal" for a last double or a returning lost donkey
    returning: bool = False  # a set-aside lost donkey being resolved (no first-player pass, D24)
    limit: int = 0  # capacity, or the precision threshold
    cards_each: int = 1
    phase: str = NEXT
    queue: list[int] = field(default_factory=list)  # seats still to act in a sequential phase, head first
    hands: list[list[int]] = field(default_factory=list)
    played: list[list[int]] = field(default_factory=list)  # slot ids per seat this round, in slot order
    slots: dict[int, tuple[int, int]] = field(default_factory=dict)  # slot id -> (owner, value)
    next_slot: int = 0
    face_up: set[int] = field(default_factory=set)
    lost: list[tuple[int, tuple[tuple[int, ...], ...]]] = field(default_factory=list)  # (first player, slots)
    buried: list[list[int]] = field(default_factory=list)  # slot ids removed unrevealed (stubborn), per seat
    favours: list[list[int]] = field(default_factory=list)  # declared this round, per seat
    favours_used: list[int] = field(default_factory=list)
    contracts: list[bool | None] = field(default_factory=list)  # True = accept
    peeks_done: list[int] = field(default_factory=list)  # this round, per seat
    peeks: list[tuple[int, int, int]] = field(default_factory=list)  # (peeker, seat, slot) this round; public
    swaps: list[tuple[int, int]] = field(default_factory=list)  # (seat, slot) replaced by favour 4 this round
    adjustments: list[tuple[int, int]] = field(default_factory=list)  # (seat, delta) of favour 6 this round
    favour8: list[tuple[int, tuple[int, int] | None, tuple[int, int] | None]] = field(default_factory=list)
    known: list[set[int]] = field(default_factory=list)  # per seat: other seats' slot ids it peeked at
    held: list[dict[tuple[int, int], int]] = field(default_factory=list)  # per seat: (owner, value) -> slot id
    post: list[tuple[int, int]] = field(default_factory=list)  # (seat, favour 4 or 6) still to act
    removed_slots: list[int] = field(default_factory=list)  # this round, by the attacked or picky donkey
    right: list[int] = field(default_factory=list)  # eligible seats whose contract was right this round
    overloaded: bool = False
    award: dict[int, int] = field(default_factory=dict)  # slot id -> seat that scores it this round
    packet: list[int] = field(default_factory=list)  # slot ids of an overloaded round's packet, not yet taken
    scored: list[list[int]] = field(default_factory=list)  # values, per seat
    history: list[RoundRecord] = field(default_factory=list)

    @classmethod
    def empty(cls, config: DonkeyConfig, data: DonkeyData) -> DonkeyState:
        players = config.players
        return cls(
            config,
            data,
            players,
            hands=[list(data.hand) for _ in range(players)],
            played=[[] for _ in range(players)],
            buried=[[] for _ in range(players)],
            favours=[[] for _ in range(players)],
            favours_used=[0] * players,
            contracts=[None] * players,
            peeks_done=[0] * players,
            known=[set() for _ in range(players)],
            held=[{} for _ in range(players)],
            scored=[[] for _ in range(players)],
        )

    def clone(self) -> DonkeyState:
        return DonkeyState(
            config=self.config,
            data=self.data,
            players=self.players,
            deck=list(self.deck),
            box=list(self.box),
            removed=list(self.removed),
            first=self.first,
            leader=self.leader,
            round=self.round,
            donkey=self.donkey,
            effect=self.effect,
            returning=self.returning,
            limit=self.limit,
            cards_each=self.cards_each,
            phase=self.phase,
            queue=list(self.queue),
            hands=[list(hand) for hand in self.hands],
            played=[list(ids) for ids in self.played],
            slots=dict(self.slots),
            next_slot=self.next_slot,
            face_up=set(self.face_up),
            lost=list(self.lost),
            buried=[list(ids) for ids in self.buried],
            favours=[list(f) for f in self.favours],
            favours_used=list(self.favours_used),
            contracts=list(self.contracts),
            peeks_done=list(self.peeks_done),
            peeks=list(self.peeks),
            swaps=list(self.swaps),
            adjustments=list(self.adjustments),
            favour8=list(self.favour8),
            known=[set(k) for k in self.known],
            held=[dict(h) for h in self.held],
            post=list(self.post),
            removed_slots=list(self.removed_slots),
            right=list(self.right),
            overloaded=self.overloaded,
            award=dict(self.award),
            packet=list(self.packet),
            scored=[list(s) for s in self.scored],
            history=list(self.history),
        )

    def order(self) -> tuple[int, ...]:
        """Every seat clockwise from this round's first player."""
        return clockwise(self.leader, self.players)

    def value(self, slot_id: int) -> int:
        return self.slots[slot_id][1]

    def slot_id(self, slot: tuple[int, int]) -> int:
        seat, index = slot
        return self.played[seat][index]

    def slot_of(self, slot_id: int) -> tuple[int, int]:
        """(seat, slot) of a card played this round."""
        seat = self.slots[slot_id][0]
        return seat, self.played[seat].index(slot_id)
