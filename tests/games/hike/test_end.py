"""Scoring and the two tie-breaks: boots banked, then cards banked, then the skunk draw (H30, H32)."""

from __future__ import annotations

from itertools import pairwise

from meeplog.games.hike.commands import Draw
from meeplog.games.hike.events import GameEnded
from tests.games.hike.table import RULES, c, do, table


def finish(scores, first=0, **options):
    """Seat 0 draws the last card: the game ends with these score piles."""
    state = table([[] for _ in scores], draw=["map"], scores=scores, first=first, **options)
    events = do(state, 0, Draw(), seed=3)
    assert isinstance(events[-1], GameEnded)
    return state, events[-1]


def test_the_most_boots_banked_wins():
    """Scoring (3.7)."""
    state, ended = finish([["tent"], ["frying pan", "granola bar", "map"], ["camera"]])
    assert ended.scores == (4, 5, 2) and ended.tie_rounds == ()
    assert RULES.outcome(state).ranks == (2, 1, 3)


def test_equal_boots_go_to_the_most_cards_banked():
    """First tie-break (3.7)."""
    state, ended = finish([["tent"], ["frying pan", "granola bar"]])
    assert ended.scores == (4, 4) and ended.cards_banked == (1, 2) and ended.tie_rounds == ()
    assert RULES.outcome(state).ranks == (2, 1)


def test_a_complete_tie_goes_to_the_skunk_draw_from_the_first_player():
    """H32."""
    state, ended = finish([["tent"], ["sleeping bag"], ["map"]], first=1)
    ((drawers, drawn),) = ended.tie_rounds
    assert drawers[0] == 1  # the tied player nearest the first player clockwise draws first
    assert set(drawers) <= {0, 1} and all(a != b for a, b in pairwise(drawers))
    skunks = state.cards.skunks
    assert drawn[-1] in skunks and not any(card in skunks for card in drawn[:-1])
    assert c("tent") not in drawn and c("sleeping bag") not in drawn  # score piles stay out of the draw
    loser = drawers[-1]
    assert ended.eliminated == (loser,)
    ranks = RULES.outcome(state).ranks
    assert ranks[loser] == 2 and ranks[1 - loser] == 1 and ranks[2] == 3


def test_three_tied_players_draw_again_until_one_is_left():
    """H32."""
    state, ended = finish([["tent"], ["sleeping bag"], ["tent"]])
    assert len(ended.tie_rounds) == 2 and len(set(ended.eliminated)) == 2
    first_out, second_out = ended.eliminated
    assert first_out not in ended.tie_rounds[1][0]  # the second round is among the remaining two
    ranks = RULES.outcome(state).ranks
    winner = ({0, 1, 2} - set(ended.eliminated)).pop()
    assert ranks[winner] == 1 and ranks[second_out] == 2 and ranks[first_out] == 3


def test_a_shared_win_when_the_option_says_so():
    """H32, `final_tie=shared`."""
    state, ended = finish([["tent"], ["sleeping bag"]], final_tie="shared")
    assert ended.tie_rounds == () and RULES.outcome(state).ranks == (1, 1)


def test_score_piles_are_public():
    """H30."""
    state, _ = finish([["tent"], ["sleeping bag", "map"]])
    view = RULES.view(state, 0)
    assert [card.name for card in view.seats[1].score_pile] == ["sleeping bag", "map"]
    assert view.seats[1].score == 5
