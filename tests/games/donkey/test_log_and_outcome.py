"""The readable log (`describe`) and the final outcome with its tie-breaks (ruling D29)."""

from __future__ import annotations

import random

from meeplog.games.donkey.commands import (
    ACCEPT,
    REFUSE,
    Commit,
    DeclareFavour,
    Favour4Swap,
    Favour6Adjust,
    NoFavour,
    Peek,
)
from meeplog.games.donkey.events import DonkeyRevealed, GameEnded
from tests.games.donkey.table import RULES, start


def narrate(state, moves, seat=None):
    """Apply (seat, command) moves, describing every event as `seat` sees it (None: everyone)."""
    lines = []
    for actor, command in moves:
        for event in RULES.decide(state, actor, command, random.Random(0)):
            lines.append(RULES.describe(state, event if seat is None else event.seen_by(seat)))
            RULES.evolve(state, event)
    return lines


ROUND = [
    (0, Commit((3,))), (1, Commit((5,))), (2, Commit((4,))),
    (0, DeclareFavour(10)), (1, DeclareFavour(6)), (2, DeclareFavour(2)),
    (0, Peek(1, 0)), (0, ACCEPT), (1, REFUSE), (2, ACCEPT),
    (1, Favour6Adjust(-2)),
]


def test_a_round_reads_donkey_decisions_reveal_and_points():
    state = start(["holey", "giant"], players=3)
    first = RULES.describe(state, DonkeyRevealed(1, "holey", "holey", None, False))  # setup makes it
    assert first == ("round 1: a holey donkey (capacity 15; everyone may peek at one card before deciding); "
                     "seat 0 starts")
    lines = narrate(state, ROUND)
    assert lines == [
        "seat 0 commits 3 face down",
        "seat 1 commits 5 face down",
        "seat 2 commits 4 face down",
        "seat 0 sacrifices its 10: favour 10 (peek at half the loads before deciding)",
        "seat 1 sacrifices its 6: favour 6 (raise or lower the limit after the contracts)",
        "seat 2 sacrifices its 2: favour 2 (decide on the contract last)",
        "seat 0 peeks at seat 1's card: 5",
        "seat 0 accepts the contract",
        "seat 1 refuses the contract",
        "seat 2 accepts the contract",
        "seat 1 lowers the capacity by 2: now 13 (favour 6)",
        "reveal: seat 0 3, seat 1 5, seat 2 4; total 12 <= capacity 13: not overloaded",
        "round 1 points: seat 0 +3 (3); seat 2 +4 (4)",
        "seat 1 takes the first-player card",
        "round 2: a giant donkey (capacity 18); seat 1 starts",
    ]


def test_the_log_as_another_seat_sees_it_hides_committed_and_peeked_values():
    lines = narrate(start(["holey", "giant"], players=3), ROUND, seat=2)
    assert lines[0] == "seat 0 commits a card face down"
    assert lines[2] == "seat 2 commits 4 face down"
    assert lines[6] == "seat 0 peeks at seat 1's card"


def test_commands_read_as_actions():
    state = start(["double"])
    assert RULES.describe(state, Commit((3, 8))) == "commit 3 and 8"
    assert RULES.describe(state, Peek(2, 1)) == "peek at seat 2's card 2"
    assert RULES.describe(state, Favour6Adjust(2)) == "change the limit by +2"


def test_outcome_ranks_by_points_then_by_number_of_scored_cards():
    state = start(["normal"])
    state.scored = [[10, 2], [4, 4, 4], [12], [3]]
    outcome = RULES.outcome(state)
    assert outcome.scores == (12, 12, 12, 3)
    assert outcome.ranks == (2, 1, 3, 4), "equal points: three cards beat two beat one"


def test_a_tie_on_points_and_cards_is_shared():
    state = start(["normal"])
    state.scored = [[5, 5], [7, 3], [1], []]
    assert RULES.outcome(state).ranks == (1, 1, 3, 4)
    line = RULES.describe(state, GameEnded((10, 10, 1, 0), (2, 2, 1, 0)))
    assert line == "final scores: seat 0 10 (2 cards), seat 1 10 (2 cards), seat 2 1 (1 card), seat 3 0 (0 cards); " \
                   "seats 0, 1 share the win"


def test_a_favour_4_swap_reads_with_its_cards_for_the_swapper_only():
    state = start(["normal", "normal"], players=3)
    moves = [(0, Commit((9,))), (1, Commit((5,))), (2, Commit((4,))),
             (0, DeclareFavour(4)), (1, DeclareFavour(6)), (2, NoFavour()),
             (0, ACCEPT), (1, ACCEPT), (2, ACCEPT), (0, Favour4Swap(0, 1))]
    mine = narrate(start(["normal", "normal"], players=3), moves, seat=0)
    theirs = narrate(state, moves, seat=1)
    assert mine[-1] == "seat 0 swaps its 9 for the 1 from hand (favour 4)"
    assert theirs[-1] == "seat 0 swaps its load card for a card from hand (favour 4)"
