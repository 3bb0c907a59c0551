"""The mutable state of a game of Let's Take a Hike; `clone` is hand-written because search copies it a lot.

Flow lives in a few fields: `phase` (setup, a turn, a hike, ending, over), the hike's `step` and `queue`
(who still has to join, meet the revealed card or choose to continue), a `hazard` awaiting resolution,
and `tasks`: sub-decisions that interrupt the flow (hand-limit discards, bear, blister and skunk losses).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Final

from meeplog.games.hike.cards import Cards
from meeplog.games.hike.config import HikeConfig

EMPTY: Final = -1  # an empty slot

SETUP: Final = "setup"
TURN: Final = "turn"
HIKE: Final = "hike"
ENDING: Final = "ending"
OVER: Final = "over"
JOIN: Final = "join"
REVEAL: Final = "reveal"
MEET: Final = "meet"
HAZARD: Final = "hazard"
DECIDE: Final = "decide"
END: Final = "end"

# Sub-decisions, as (kind, seat, arg) tuples in `tasks`; the head one is pending.
HAND: Final = "hand"  # discard one hand card; repeats while over the hand limit
DOWN: Final = "down"  # bear: drop backpack cards one at a time until the weight is <= arg (H6, H8)
HEAVY: Final = "heavy"  # bear or blister (arg: the hazard card): drop one heaviest backpack card (H7, H9)
SMELL: Final = "smell"  # skunk: drop one backpack card, the rest returns to hand (H10)

Task = tuple[str, int, int]

@dataclass(eq=True)
class HikeState:
    config: HikeConfig
    cards: Cards
    phase: str = SETUP
    first_player: int = 0
    current: int = 0  # whose turn; the original lead hiker during a hike
    actions_left: int = 0
    hands: list[list[int]] = field(default_factory=list)  # sorted
    known: list[list[int]] = field(default_factory=list)  # cards every seat knows are in that hand (sorted)
    packs: list[list[int]] = field(default_factory=list)  # one card or EMPTY per slot
    face_up: list[list[bool]] = field(default_factory=list)  # face-down variant: slots turned face up (H31)
    scores: list[list[int]] = field(default_factory=list)  # score piles
    draw: list[int] = field(default_factory=list)  # the top card is the last one
    discard: list[int] = field(default_factory=list)
    tasks: list[Task] = field(default_factory=list)
    hazard: tuple[int, int, tuple[int, ...]] | None = None  # (card, player or -1 in a hike, affected seats)
    packing_done: list[bool] = field(default_factory=list)
    pack_shown: list[bool] = field(default_factory=list)
    # the hike in progress
    step: str = ""
    leader: int = -1  # current leader (the original one is `current`)
    hikers: list[int] = field(default_factory=list)
    queue: list[int] = field(default_factory=list)
    pool: list[int] = field(default_factory=list)  # revealed items not taken yet
    revealed: int = EMPTY  # the item the hikers are meeting
    trail_ended: bool = False  # no card left to reveal: everyone abandons (H24)
    ends_game: bool = False  # the draw pile ran out during this hike (H24)
    reshuffled: bool = False  # the draw pile is the old discard pile: its contents are public
    lacks: list[list[int]] = field(default_factory=list)  # face-down variant: cards a hiker showed it lacks
    # the end
    end_reason: str = ""
    eliminated: list[int] = field(default_factory=list)  # skunk-draw losers, first out first (H32)

    @classmethod
    def empty(cls, config: HikeConfig, cards: Cards) -> HikeState:
        players, slots = config.players, cards.slot_count
        return cls(
            config,
            cards,
            hands=[[] for _ in range(players)],
            known=[[] for _ in range(players)],
            packs=[[EMPTY] * slots for _ in range(players)],
            face_up=[[False] * slots for _ in range(players)],
            scores=[[] for _ in range(players)],
            packing_done=[False] * players,
            pack_shown=[False] * players,
            lacks=[[] for _ in range(players)],
        )

    @property
    def players(self) -> int:
        return self.config.players

    @property
    def hand_limit(self) -> int:
        return self.config.hand_limit or self.cards.hand_limit

    def clone(self) -> HikeState:
        """Shares the config, the card tables and the scalars; copies every list (no deepcopy). Field by field,
        as a compiled state (core/compiled.py) has no __dict__ to copy."""
        return HikeState(
            config=self.config,
            cards=self.cards,
            phase=self.phase,
            first_player=self.first_player,
            current=self.current,
            actions_left=self.actions_left,
            hands=[h[:] for h in self.hands],
            known=[k[:] for k in self.known],
            packs=[p[:] for p in self.packs],
            face_up=[f[:] for f in self.face_up],
            scores=[s[:] for s in self.scores],
            draw=self.draw[:],
            discard=self.discard[:],
            tasks=self.tasks[:],
            hazard=self.hazard,
            packing_done=self.packing_done[:],
            pack_shown=self.pack_shown[:],
            step=self.step,
            leader=self.leader,
            hikers=self.hikers[:],
            queue=self.queue[:],
            pool=self.pool[:],
            revealed=self.revealed,
            trail_ended=self.trail_ended,
            ends_game=self.ends_game,
            reshuffled=self.reshuffled,
            lacks=[x[:] for x in self.lacks],
            end_reason=self.end_reason,
            eliminated=self.eliminated[:],
        )

    def clockwise(self, start: int, seats: list[int] | tuple[int, ...]) -> list[int]:
        """`seats` (distinct) in clockwise order beginning at `start` (or the first seat after it)."""
        return [seat for seat in rotation(start, self.players) if seat in seats]

    def shows(self, owner: int, slot: int) -> bool:
        """Whether every seat can see the card in that slot."""
        return not self.config.hidden_backpacks or self.face_up[owner][slot]


@cache
def rotation(start: int, players: int) -> tuple[int, ...]:
    """Every seat in clockwise order beginning at `start`: sorting seats by their distance from it cost a
    key function per call."""
    return tuple((start + step) % players for step in range(players))
