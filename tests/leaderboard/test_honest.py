"""An honest leaderboard (issue 48): a player with few games is provisional, listed apart and not ranked, and no
interval from a handful of games reads narrower than the games allow."""

from __future__ import annotations

from meeplog.core.leaderboard.board import PROVISIONAL_GAMES, least_half_width
from meeplog.core.leaderboard.render import printable
from tests.leaderboard.test_projection import Feed


def test_one_game_gives_an_interval_as_wide_as_one_game_allows_and_no_rank():
    feed = Feed()
    feed.game("trekking", ["Ada=person", "random"], [1, 2])
    (section,) = feed.board().sections
    for standing in section.standings:
        least = least_half_width(1) - 1e-9  # the interval is that wide, to rounding
        assert standing.high - standing.rating >= least > 400 and standing.rating - standing.low >= least
        assert standing.provisional and standing.place is None


def test_a_player_with_few_games_is_listed_after_the_ranked_ones_however_high_its_rating(capsys):
    feed = Feed()
    for _ in range(PROVISIONAL_GAMES + 2):
        feed.game("hike", ["heuristic", "random"], [1, 2])
    feed.game("hike", ["lucky", "heuristic"], [1, 2])
    (section,) = feed.board().sections
    assert [(s.player, s.place, s.provisional) for s in section.standings] == [
        ("heuristic", 1, False),
        ("random", 2, False),
        ("lucky", None, True),
    ]
    lucky = section.standings[2]
    assert lucky.rating > section.standings[0].rating  # it beat the best player once: high, and still not ranked
    from rich.console import Console

    Console(width=200).print(printable(feed.board()))
    shown = capsys.readouterr().out
    assert "provisional, fewer than 10 rated games" in shown and "sorted by rating" in shown


def test_the_least_interval_narrows_with_games_as_wilson_s_does():
    widths = [least_half_width(games) for games in (1, 24, 250, 10_000)]
    assert widths == sorted(widths, reverse=True)
    assert 130 < widths[1] < 150 and widths[3] < 10
