"""The contract every game's rules kernel fulfils (DESIGN.md section 2).

A kernel is a pure decider: `decide` turns a command into events, `evolve` folds one event into the
state, and nothing else changes state. Search players call it directly on cloned states, so it must
stay cheap: plain mutable state with a hand-written `clone()`, small frozen dataclasses for events and
commands, and all randomness drawn from the `rng` handed in and written into events.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel


class IllegalCommand(Exception):
    """A command that the rules refuse; the message says why, for a human or a model to read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Command:
    """Base of every game's commands: a small frozen dataclass, serialised by its class name."""


def fields_of(record: Any) -> tuple[type, tuple[object, ...]]:
    """`__reduce__` for a compiled (mypyc) frozen dataclass: pickled as a call with its fields, because a
    compiled object is otherwise restored one attribute at a time, and a frozen class refuses that."""
    return type(record), tuple(getattr(record, each.name) for each in dataclasses.fields(record))


@dataclass(frozen=True)
class GameEvent:
    """Base of every domain event. Public unless a subclass says otherwise in `seen_by`."""

    def seen_by(self, seat: int) -> GameEvent:
        """The event as `seat` perceives it: itself, or a copy with what the seat cannot know blanked."""
        return self


@dataclass(frozen=True)
class PrivateEvent(GameEvent):
    """An event whose `secret` fields only the seat named by its `owner` field may see.

    Everyone else gets a copy with those fields set to None, so the fact that something happened
    stays public while its content does not.
    """

    owner: ClassVar[str] = "seat"
    secret: ClassVar[tuple[str, ...]] = ()

    def seen_by(self, seat: int) -> GameEvent:
        if getattr(self, self.owner) == seat:
            return self
        return dataclasses.replace(self, **dict.fromkeys(self.secret))


@dataclass(frozen=True)
class HiddenEvent(GameEvent):
    """An event whose `secret` fields no seat may see (a deck's order, the cards set aside)."""

    secret: ClassVar[tuple[str, ...]] = ()

    def seen_by(self, seat: int) -> GameEvent:
        return dataclasses.replace(self, **dict.fromkeys(self.secret))


@dataclass(frozen=True)
class Pending:
    """Who must decide now: one seat, several seats at once (secretly, simultaneously), or nobody."""

    seats: tuple[int, ...] = ()
    simultaneous: bool = False
    over: bool = field(init=False, repr=False, compare=False)
    """Nobody is to decide: the game is over. Stored, not a property: every step of every loop reads it, and a
    property is an interpreted call even from compiled code."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "over", not self.seats)

    @staticmethod
    def single(seat: int) -> Pending:
        """A shared instance (Pending is immutable) up to sixteen seats, an equal one beyond."""
        return ONE_SEAT[seat] if seat < len(ONE_SEAT) else Pending((seat,))

    @staticmethod
    def together(seats: Sequence[int]) -> Pending:
        """A shared instance too: `seats_together(seats)`."""
        return seats_together(seats)


ONE_SEAT: tuple[Pending, ...] = tuple(Pending((seat,)) for seat in range(16))
"""`Pending.single(seat)` of the first sixteen seats, made once: kernels ask on every step, and compiled
kernels index this table (a cached call cost them a method lookup and an argument tuple, 900 instructions)."""


def seats_together(seats: Sequence[int]) -> Pending:
    """`Pending.together`, shared too: a round of secret choices asks again after every answer."""
    return _simultaneous(tuple(sorted(seats)))


@cache
def _simultaneous(seats: tuple[int, ...]) -> Pending:
    return Pending(seats, simultaneous=True)


GAME_OVER = Pending()


@dataclass(frozen=True)
class Outcome:
    """Final scores and ranks (1 is best; tied seats share a rank) with the tie-breaks applied."""

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    note: str = ""

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    @classmethod
    def from_keys(cls, scores: Sequence[float], keys: Sequence[Any], note: str = "") -> Outcome:
        """Rank seats by `keys` (higher is better); equal keys share the better rank."""
        ranks = tuple(1 + sum(1 for other in keys if other > key) for key in keys)
        return cls(tuple(scores), ranks, note)


class Policy(Protocol):
    """A game's hand-written heuristic: picks one of `legal` for `seat`.

    It is handed a determinised state (from `Rules.sample`), never the true one, so whatever it reads
    about hidden parts is a random guess consistent with what the seat knows.
    """

    def choose(self, state: Any, seat: int, legal: list[Command], rng: random.Random) -> Command: ...


@runtime_checkable
class Evaluator(Protocol):
    """What a game's heuristic may offer besides, to cut search playouts short: each seat's expected
    reward in [0, 1] from a position that is not over (meeplog.core.evaluation.win_chances helps)."""

    def evaluate(self, state: Any) -> Sequence[float]: ...


class State(Protocol):
    """What a kernel's state must offer: a cheap, independent copy for search."""

    def clone(self) -> State: ...


StateT = TypeVar("StateT")
ConfigT = TypeVar("ConfigT", bound="GameConfig")


class GameConfig(BaseModel, frozen=True, extra="forbid"):
    """Base of every game's options; `players` is the seat count, checked against the game's range."""

    players: int


class Rules(ABC, Generic[StateT, ConfigT]):
    """A game's rules kernel. Subclasses set the identity attributes and implement every method."""

    name: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Config: type[ConfigT]
    events: ClassVar[tuple[type[GameEvent], ...]]
    commands: ClassVar[tuple[type[Command], ...]]

    @abstractmethod
    def setup(self, config: ConfigT, rng: random.Random) -> StateT:
        """The initial state, after all setup randomness."""

    def setup_with_events(self, config: ConfigT, rng: random.Random) -> tuple[StateT, list[GameEvent]]:
        """`setup`'s state, and the events setup folded in to make it, in order: the deal, first reveals.

        They must be exactly what `setup(config, rng)` does, drawing from `rng` the same way. A game records
        them right after GameStarted, so that its log, the seats' feeds (each event through its `seen_by`,
        like any other), replays and the viewer start at the real start. They are facts already folded into
        the state `setup` returns, so nothing folds them again: Game.rebuild, time travel and `replay verify`
        set a game up with `setup` and skip them, and verify checks that they are still the events setup
        makes. What marks them is their place (GameStarted's block, meeplog.core.game.block_end), not their class:
        a game may make the same event later too, as Old Man of the Forest deals each game of a match.

        By default none: a game that does not tell its setup as events still plays, its log starting after
        the deal. Never on the search's path: only a game's start and its replays ask for them.
        """
        return self.setup(config, rng), []

    @abstractmethod
    def pending(self, state: StateT) -> Pending:
        """Who must decide now."""

    @abstractmethod
    def legal(self, state: StateT, seat: int) -> list[Command]:
        """Every legal command for `seat` now, enumerated (empty if the seat is not pending)."""

    @abstractmethod
    def decide(self, state: StateT, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
        """Validate `command` (raise IllegalCommand with a reason) and return the events it causes."""

    @abstractmethod
    def evolve(self, state: StateT, event: GameEvent) -> None:
        """Apply one event to `state`; the only code that changes state, and it never draws randomness."""

    @abstractmethod
    def view(self, state: StateT, seat: int) -> BaseModel:
        """Everything `seat` may know now, and nothing more."""

    @abstractmethod
    def outcome(self, state: StateT) -> Outcome:
        """Final scores and ranks; only meaningful once `pending(state).over`."""

    @abstractmethod
    def sample(self, state: StateT, seat: int, rng: random.Random) -> StateT:
        """A full state drawn from what `seat` knows: hidden parts redrawn consistently with its view."""

    @abstractmethod
    def describe(self, state: StateT, item: GameEvent | Command) -> str:
        """One readable line for an event (as anyone may see it, redacted or not) or a command.

        `state` may be any state at or after the event, or a determinisation of one (a player shows its
        feed with the current state), so use it for names and fixed data only: an event must carry
        what its line needs.
        """

    def continues(self, state: StateT, seat: int, events: Sequence[GameEvent]) -> bool:
        """Whether `seat`'s decision now carries on the one it made just before, so that a plan it made there
        (a model's whole turn, DESIGN.md section 10) may go on here.

        `events` are the game's events since that decision: its own command's first, then those of any seat
        deciding in the same step (simultaneous choices). The runner asks only when the seat decided in the
        previous step and nobody decided since. True only when this decision is a further step of the same turn
        or choice (a payment card by card, an amount in steps, a backpack item by item) and nothing in `events`
        told the seat what it did not know when it decided: no card drawn or turned up, no die rolled, no
        secret shown. It must depend only on what the seat knows (a prompt asks it of sampled states), and it
        is never on the search's path. By default False: every decision is asked on its own."""
        return False

    def heuristic(self) -> Policy | None:
        """The game's heuristic policy (games/<game>/heuristic.py), if it has one."""
        return None

    def data_hash(self, config: ConfigT) -> str:
        """A digest of the data files `config` plays with, recorded in every game and replay."""
        return ""

    def score_pad(self, state: StateT) -> tuple[dict[str, int], ...] | None:
        """Each seat's final score by the categories the rulebook counts (adding up to the outcome's scores), for
        the end of a game at the table; None where the game counts a single total. Asked only once it is over."""
        return None

    def reference(self, config: ConfigT) -> str:
        """What a player studies before the game and looks up during it (a map, the constants its view names),
        as text: a model's prompt carries it beside the rules, the same at every turn of a game. Only what
        `config` fixes and everyone sees, so it can tell no seat anything hidden. None by default."""
        return ""

    def view_model(self) -> type[BaseModel]:
        """The pydantic class `view` returns: its JSON schema is what remote seats are told a view holds
        (`meeplog schema GAME --view`). By default the class of seat 0's view of a fresh game; a game may
        name its class instead, which spares building a game to find it."""
        return type(self.view(self.setup(self.configure(self.min_players), random.Random(0)), 0))

    def configure(self, players: int, **options: Any) -> ConfigT:
        """Build and validate a config, with a message naming the accepted player counts."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} takes {self.min_players} to {self.max_players} players, not {players}"
            )
        return self.Config(players=players, **options)

    def apply(self, state: StateT, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
        """Decide and evolve in one go, as the Game, a search player or a playout does.

        A game may override it with one pass that folds each event as it makes it (no scratch copy), for
        speed; it must give the same events and state as this, and refuse a command (IllegalCommand) before
        it changes anything (the conformance kit checks both)."""
        events = self.decide(state, seat, command, rng)
        for event in events:
            self.evolve(state, event)
        return events


def file_hash(path: Path) -> str:
    """sha256 of a data file, short enough to read in a replay header."""
    return "sha256:" + hashlib.sha256(path.read_bytes()).hexdigest()[:16]
