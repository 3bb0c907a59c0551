"""Worked situations for the Routard rule tests: a state set up by hand, loaded dice, cards on top."""

from __future__ import annotations

import random
from typing import Any

from meeplog.core.kernel import Command, GameEvent
from meeplog.games.routard import RoutardRules
from meeplog.games.routard import commands as cmd
from meeplog.games.routard.amounts import aim
from meeplog.games.routard.evolve import settle
from meeplog.games.routard.rules import play_on
from meeplog.games.routard.state import RoutardState
from meeplog.games.routard.tasks import Start, Task, TurnEnd

RULES = RoutardRules()


class Dice(random.Random):
    """A die that shows the given values in order (and fails loudly if rolled once too often)."""

    def __init__(self, *values: int) -> None:
        super().__init__(0)
        self.values = list(values)

    def randint(self, a: int, b: int) -> int:
        if not self.values:
            raise AssertionError("the die was rolled more often than the test expected")
        return self.values.pop(0)


def game(players: int = 2, **options: Any) -> RoutardState:
    return RULES.setup(RULES.configure(players, **options), random.Random(0))


def travelling(positions: tuple[int, ...], to_act: int = 0, **options: Any) -> RoutardState:
    """Every player has departed (express kit, ticket handed in) and stands at `positions`.

    Pawns sharing a space are stacked in seat order (the lower seat at the bottom). It is the
    start of `to_act`'s travel turn.
    """
    state = game(len(positions), **{"express": True, **options})
    for seat, pos in enumerate(positions):
        player = state.players[seat]
        player.tickets, player.prep_turns = 0, 1
        player.pos, player.height = pos, seat + 1
    state.stamp = len(positions)
    start_turn(state, to_act)
    return state


def start_turn(state: RoutardState, seat: int, task: Task | None = None) -> list[GameEvent]:
    """Begin `seat`'s turn (a queued instruction is taken first), or put `task` at its start instead."""
    state.turn = seat
    state.carried = ()
    state.agenda = [TurnEnd(seat), task or Start(seat)]
    state.memo.clear()
    settle(state)
    return play_on(state, Dice())


def card(state: RoutardState, deck: str, card_id: str) -> int:
    return state.data.card_ids[deck].index(card_id)


def on_top(state: RoutardState, deck: str, *card_ids: str) -> None:
    """The next draws from `deck` give these cards, in this order."""
    wanted = [card(state, deck, c) for c in card_ids]
    rest = [c for c in state.draw[deck] if c not in wanted]
    state.draw[deck] = (*rest, *reversed(wanted))
    state.memo.clear()


def legal(state: RoutardState, seat: int) -> list[Command]:
    state.memo.clear()
    return RULES.legal(state, seat)


def play(state: RoutardState, seat: int, command: Command, *rolls: int) -> list[GameEvent]:
    state.memo.clear()
    return RULES.apply(state, seat, command, Dice(*rolls))


def kinds(events: list[GameEvent]) -> list[str]:
    return [type(e).__name__ for e in events]


def waiting_for(state: RoutardState) -> str:
    return type(state.agenda[-1]).__name__ if state.agenda else "over"


def give(state: RoutardState, seat: int, deck: str, *card_ids: str) -> None:
    """Put collection cards in front of a player, taking them out of the draw pile."""
    player = state.players[seat]
    cards = [card(state, deck, c) for c in card_ids]
    state.draw[deck] = tuple(c for c in state.draw[deck] if c not in cards)
    player.set_collection(deck, (*player.collection(deck), *cards))
    state.memo.clear()


def full_collection(state: RoutardState, seat: int) -> None:
    first = 2 * seat
    give(state, seat, "achat", *(state.data.card_ids["achat"][first + i] for i in range(2)))
    give(state, seat, "reportage", *(state.data.card_ids["reportage"][first + i] for i in range(2)))
    give(state, seat, "aventure", *(state.data.card_ids["aventure"][first + i] for i in range(2)))


def bid(state: RoutardState, seat: int, amount: int) -> list[GameEvent]:
    """Seal a bid (0: a pass), narrowing down to its bracket first when the bidder's cash allows many amounts;
    the events of the bid itself."""
    command = cmd.Bid(amount) if amount else cmd.PassBid()
    while command not in legal(state, seat):
        play(state, seat, aim(legal(state, seat), command, amount))
    return play(state, seat, command)
