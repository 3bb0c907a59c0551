"""The rules kernel of Let's Take a Hike (shared/rules/lets-take-a-hike.fr.txt and its digest, RULES.md).

A turn is three card actions or a hike. `decide` turns a command into its event, then appends every
automatic consequence (reveals, matches, busts, hazards, turn and hike ends) until someone must choose.
"""

from __future__ import annotations

import random

from pydantic import BaseModel

from core.kernel import Command, GameEvent, IllegalCommand, Outcome, Pending, Policy, Rules
from games.hike.commands import COMMANDS
from games.hike.config import HikeConfig
from games.hike.data import DATA
from games.hike.events import (
    EVENTS,
    Continued,
    Dealt,
    Discarded,
    DonePacking,
    Drew,
    Joined,
    Packed,
    Placed,
    StayedOut,
    TurnEnded,
)
from games.hike.evolve import evolve
from games.hike.flow import next_event, pending
from games.hike.log import describe
from games.hike.moves import event_for, options
from games.hike.sampling import sample
from games.hike.scoring import outcome
from games.hike.state import HikeState
from games.hike.view import view


class HikeRules(Rules[HikeState, HikeConfig]):
    name = "hike"
    title = "Let's Take a Hike"
    version = "1"
    min_players = 2
    max_players = 5
    Config = HikeConfig
    events = EVENTS
    commands = COMMANDS

    def data_hash(self, config: HikeConfig) -> str:
        return DATA.hash(config.data_file)

    def setup(self, config: HikeConfig, rng: random.Random) -> HikeState:
        state = HikeState.empty(config, DATA.load(config.data_file))
        self.evolve(state, deal(state, rng))
        return state

    def pending(self, state: HikeState) -> Pending:
        return pending(state)

    def legal(self, state: HikeState, seat: int) -> list[Command]:
        if seat not in pending(state).seats:
            return []
        return options(state, seat)

    def decide(self, state: HikeState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
        waiting = pending(state).seats
        if seat not in waiting:
            raise IllegalCommand(f"it is not seat {seat}'s decision (waiting for seat {waiting[0]})" if waiting
                                 else "the game is over")
        first = event_for(state, seat, command)
        events: list[GameEvent] = [first]
        if settles(state, first):
            return events
        if ends_turn_plainly(state, first):
            return [first, TurnEnded(seat, (seat + 1) % state.players)]
        scratch = state.clone()
        evolve(scratch, first)
        while (following := next_event(scratch, rng)) is not None:
            events.append(following)
            evolve(scratch, following)
        return events

    def evolve(self, state: HikeState, event: GameEvent) -> None:
        evolve(state, event)

    def view(self, state: HikeState, seat: int) -> BaseModel:
        return view(state, seat, pending(state))

    def outcome(self, state: HikeState) -> Outcome:
        return outcome(state)

    def sample(self, state: HikeState, seat: int, rng: random.Random) -> HikeState:
        return sample(state, seat, rng)

    def describe(self, state: HikeState, item: GameEvent | Command) -> str:
        return describe(state, item)

    def heuristic(self) -> Policy:
        from games.hike.heuristic import HikeHeuristic

        return HikeHeuristic()


def settles(state: HikeState, event: GameEvent) -> bool:
    """Cheap certainty that a player decides right after `event`, so `decide` can skip its scratch copy.

    Only the common cases: packing, a draw or placement that is not the turn's last action, a discard or
    answer that leaves someone else (or the same seat) to answer next. A test checks it never errs.
    """
    over_limit = state.hand_limit
    if isinstance(event, Packed):
        return True
    if isinstance(event, Placed):
        return state.actions_left > 1 and bool(state.draw)
    if isinstance(event, Drew):
        return len(state.draw) > 1 and (state.actions_left > 1 or len(state.hands[event.seat]) >= over_limit)
    if isinstance(event, Discarded):
        return len(state.hands[event.seat]) - 1 > over_limit
    if isinstance(event, Joined | StayedOut | Continued):
        return len(state.queue) > 1
    if isinstance(event, DonePacking):
        return state.config.setup_backpacks == "simultaneous" and state.packing_done.count(False) > 1
    return False


def ends_turn_plainly(state: HikeState, event: GameEvent) -> bool:
    """The turn's last draw or placement, with no discard due and cards left to draw: the next turn begins."""
    if state.actions_left != 1 or len(state.draw) < 2:
        return False
    if isinstance(event, Drew):
        return len(state.hands[event.seat]) < state.hand_limit
    return isinstance(event, Placed)


def deal(state: HikeState, rng: random.Random) -> Dealt:
    """Shuffle, deal seven each, and pick the first player at random (setup steps 3-5 and 8)."""
    deck = list(state.cards.deck)
    rng.shuffle(deck)
    size = state.cards.deal
    hands = tuple(tuple(sorted(deck[i * size:(i + 1) * size])) for i in range(state.players))
    return Dealt(rng.randrange(state.players), hands, tuple(deck[state.players * size:]))
