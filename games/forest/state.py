"""The mutable state of a game of Old Man of the Forest; `clone` is hand-written because search copies it a lot."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from meeplog.games.forest.config import ForestConfig
from meeplog.games.forest.data import ForestData

ROUNDS: Final = 10
HAND_SIZE: Final = 10

PLAY: Final = "play"
TAKE_FIRST: Final = "take-first"
CASH_FIRST: Final = "cash-first"
TAKE_SECOND: Final = "take-second"
CASH_SECOND: Final = "cash-second"
OVER: Final = "over"


@dataclass(eq=True)
class ForestState:
    config: ForestConfig
    data: ForestData
    game: int = 0
    round: int = 1
    leader: int = 0
    phase: str = PLAY
    hands: list[list[int]] = field(default_factory=list)
    set_aside: list[int] = field(default_factory=list)
    display: list[int] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)
    trick: list[tuple[int, int]] = field(default_factory=list)  # (seat, card) in play order
    first: int = -1
    second: int = -1
    took: list[bool] = field(default_factory=list)  # per seat, this round
    taken: set[int] = field(default_factory=set)  # cards taken from this trick
    won: list[list[int]] = field(default_factory=list)
    orangutans: list[list[int]] = field(default_factory=list)  # this game, per seat
    under: list[list[int]] = field(default_factory=list)  # cards locked under own orangutans
    deforestation_taken: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    banked: list[int] = field(default_factory=list)  # scores of earlier games of the match
    banked_orangutans: list[list[int]] = field(default_factory=list)
    players: int = field(init=False, compare=False)  # config.players, which the kernel reads on every step

    def __post_init__(self) -> None:
        self.players = self.config.players

    @classmethod
    def empty(cls, config: ForestConfig, data: ForestData) -> ForestState:
        players = config.players
        return cls(config, data, banked=[0] * players, banked_orangutans=[[] for _ in range(players)])

    def clone(self) -> ForestState:
        return ForestState(
            config=self.config,
            data=self.data,
            game=self.game,
            round=self.round,
            leader=self.leader,
            phase=self.phase,
            hands=[list(h) for h in self.hands],
            set_aside=list(self.set_aside),
            display=list(self.display),
            deck=list(self.deck),
            trick=list(self.trick),
            first=self.first,
            second=self.second,
            took=list(self.took),
            taken=set(self.taken),
            won=[list(w) for w in self.won],
            orangutans=[list(o) for o in self.orangutans],
            under=[list(u) for u in self.under],
            deforestation_taken=list(self.deforestation_taken),
            discard=list(self.discard),
            banked=list(self.banked),
            banked_orangutans=[list(o) for o in self.banked_orangutans],
        )

    def to_play(self) -> int:
        return (self.leader + len(self.trick)) % self.players


# --- the order of a round's decisions ----------------------------------------------------------------

EACH_TAKE_ORDER: Final = (TAKE_FIRST, CASH_FIRST, TAKE_SECOND, CASH_SECOND)
BOTH_TAKES_ORDER: Final = (TAKE_FIRST, TAKE_SECOND, CASH_FIRST, CASH_SECOND)


def next_phase(state: ForestState, phase: str, second_took: bool) -> str | None:
    """The decision that follows `phase` this round, skipping the cash-in of a second who took nothing."""
    return _NEXT_PHASE[state.config.cash_timing, phase, second_took]


def _following_phase(order: tuple[str, ...], phase: str, second_took: bool) -> str | None:
    for following in order[order.index(phase) + 1:]:
        if following != CASH_SECOND or second_took:
            return following
    return None


_NEXT_PHASE: Final = {
    (timing, phase, second_took): _following_phase(order, phase, second_took)
    for timing, order in (("after_each_take", EACH_TAKE_ORDER), ("after_both_takes", BOTH_TAKES_ORDER))
    for phase in order
    for second_took in (False, True)
}
