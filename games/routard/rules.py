"""The rules kernel of Le Jeu du Routard (shared/rules/jeu-du-routard.fr.txt and its digest).

Prepare a backpack with the die and the sheet, then travel the track paying for moves, hotels and
souvenirs, hitchhiking on other pawns, until someone lands on the arrival airport with two achat, two
reportage and two aventure cards. `decide` validates a command, then plays on (drawing cards, rolling
dice) on a scratch copy until someone must decide again; the events it returns replay that exactly.
"""

from __future__ import annotations

import random

from pydantic import BaseModel

from core.kernel import GAME_OVER, Command, GameEvent, Outcome, Pending, Policy, Rules
from games.routard.amounts import redraw_brackets
from games.routard.commands import COMMANDS
from games.routard.config import RoutardConfig
from games.routard.data import DATA, DECKS
from games.routard.decisions import command_events, options, sealed, waiting
from games.routard.events import EVENTS, Dealt
from games.routard.evolve import evolve
from games.routard.scoring import outcome
from games.routard.state import RoutardState
from games.routard.steps import step
from games.routard.view import describe, view


class RoutardRules(Rules[RoutardState, RoutardConfig]):
    name = "routard"
    title = "Le Jeu du Routard"
    version = "2"
    min_players = 2
    max_players = 6
    Config = RoutardConfig
    events = EVENTS
    commands = COMMANDS

    def data_hash(self, config: RoutardConfig) -> str:
        return DATA.hash(config.data_file)

    def setup(self, config: RoutardConfig, rng: random.Random) -> RoutardState:
        state = RoutardState.empty(config, DATA.load(config.data_file))
        orders = []
        for deck in DECKS:
            order = list(range(len(getattr(state.data.decks, deck))))
            rng.shuffle(order)
            orders.append(tuple(order))
        evolve(state, Dealt(rng.randrange(config.players), tuple(orders)))
        play_on(state, rng)
        return state

    def pending(self, state: RoutardState) -> Pending:
        seats = waiting(state)
        if not seats:
            return GAME_OVER
        return Pending.together(seats) if sealed(state) else Pending.single(seats[0])

    def legal(self, state: RoutardState, seat: int) -> list[Command]:
        return options(state, seat)

    def decide(self, state: RoutardState, seat: int, command: Command, rng: random.Random) -> list[GameEvent]:
        events = command_events(state, seat, command, rng)
        scratch = state.clone()
        for event in events:
            evolve(scratch, event)
        events.extend(play_on(scratch, rng))
        return events

    def evolve(self, state: RoutardState, event: GameEvent) -> None:
        evolve(state, event)

    def view(self, state: RoutardState, seat: int) -> BaseModel:
        return view(state, seat, self.pending(state))

    def outcome(self, state: RoutardState) -> Outcome:
        return outcome(state)

    def sample(self, state: RoutardState, seat: int, rng: random.Random) -> RoutardState:
        """Reshuffle every draw pile, and redraw the sealed bids and amount brackets `seat` has not seen (§5.18).

        The piles are sorted first, so the result depends on what `seat` knows and the rng alone.
        """
        sampled = state.clone()
        for deck, pile in sampled.draw.items():
            shuffled = sorted(pile)
            rng.shuffle(shuffled)
            sampled.draw[deck] = tuple(shuffled)
        auction = sampled.auction
        if auction is not None and auction.bids:
            bids = list(auction.bids)
            for other in auction.bidders:
                if other != seat and bids[other] is not None:
                    bids[other] = _guess_bid(sampled, other, rng)
            sampled.auction = auction._replace(bids=tuple(bids))
        for other in sorted(sampled.narrowed):
            if other != seat:
                redraw_brackets(sampled, other, options, rng)
        return sampled

    def describe(self, state: RoutardState, item: GameEvent | Command) -> str:
        return describe(state, item)

    def heuristic(self) -> Policy:
        from games.routard.heuristic import RoutardHeuristic

        return RoutardHeuristic()


def play_on(state: RoutardState, rng: random.Random) -> list[GameEvent]:
    """Make and fold the kernel's own events until someone must decide or the game is over."""
    made: list[GameEvent] = []
    while not state.over and not waiting(state):
        event = step(state, rng)
        evolve(state, event)
        made.append(event)
    return made


def _guess_bid(state: RoutardState, seat: int, rng: random.Random) -> int:
    auction = state.auction
    assert auction is not None
    step_size = state.config.auction_bid_step
    lowest = max(-(-auction.floor // step_size) * step_size, step_size)
    choices = [0, *range(lowest, state.players[seat].money + 1, step_size)]
    return rng.choice(choices)
