"""The leaderboard itself: a section per game and one across games, read off the projection's view.

Each section lists its players best first with a rating and its 95% interval, their rated games, wins, win rate
(Wilson's interval) and mean rank, and the games counted apart because of them; then every pair's head-to-head
record, and, per game and table size, how often each seat won (the first seat's advantage against a fair 1/n).
Under `bt` the ratings are the Plackett-Luce fit (core/leaderboard/strengths.py), sorted by rating; under
`openskill` they are openskill's mu with mu ± 1.96 sigma, sorted by mu - 3 sigma as the tournament standings are.
Where games were analysed, each player's mean loss per decision stands beside its rating, a second skill measure, from
one analyser setting for the whole board (core/analysis/losses.py); across games it pools every analysed decision.

An honest board (issue 48). A player with fewer than PROVISIONAL_GAMES rated games in a section is provisional there:
listed after the ranked players, in the same order among themselves, with no place. And no `bt` interval reads
narrower than its games allow: a bootstrap over a handful of games can be almost flat (one game gave "1006, 95% CI
1000-1006"), so each interval is at least as wide, either side of the rating, as Wilson's 95% interval around an
even score over the player's rated games, on the Elo scale (least_half_width: about 495 points for one game, 136
for 24, 43 for 250). openskill's intervals come from its sigma, which starts wide and narrows only with games.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from meeplog.core.analysis.events import Listed
from meeplog.core.analysis.losses import LossSource, choose, losses_under
from meeplog.core.analysis.summary import MeanLoss
from meeplog.core.leaderboard.head_to_head import HeadToHead
from meeplog.core.leaderboard.online import Skill, mean_skill
from meeplog.core.leaderboard.projection import LeaderboardView
from meeplog.core.leaderboard.strengths import Strengths
from meeplog.core.leaderboard.tally import FALLBACK, FORFEIT, GameTally, PlayerTally
from meeplog.core.tournament.standings import wilson

ALL_GAMES = "all"
PROVISIONAL_GAMES = 10  # rated games under which a player is listed apart and not ranked


@dataclass(frozen=True)
class Standing:
    player: str  # its name, or its spec without one (with its spec when the name is given to two)
    identity: str  # name=spec, the spec's options sorted: what tells players apart
    rating: float | None  # None: no rated game
    low: float | None
    high: float | None
    games: int  # rated games
    wins: float
    win_rate: float | None
    win_low: float | None
    win_high: float | None
    average_rank: float | None
    fell_back: int  # games counted apart because this player's fallback made most of its seat's decisions
    forfeited: int  # games its seat forfeited
    loss: MeanLoss | None = None  # mean loss per decision over its analysed games; None: none analysed
    place: int | None = None  # its rank in the section; None: provisional (or unrated), listed after the ranked
    provisional: bool = False  # fewer than PROVISIONAL_GAMES rated games (or none): shown apart, not ranked


@dataclass(frozen=True)
class FirstSeat:
    """How often each seat won the rated games played at one table size (ties for first split the win)."""

    seats: int
    games: int
    win_rate: float  # the first seat's
    low: float
    high: float
    fair: float  # 1 / seats
    seat_win_rates: tuple[float, ...]


@dataclass(frozen=True)
class Section:
    game: str  # a game's id, or ALL_GAMES
    rated: int
    apart: dict[str, int]  # games counted apart, by why (fallback, forfeit, forked)
    standings: list[Standing]
    head_to_head: list[HeadToHead]
    first_seat: list[FirstSeat] = field(default_factory=list)


@dataclass(frozen=True)
class Leaderboard:
    store: str
    model: str
    include_forfeits: bool
    sections: list[Section]  # across games first when there are several games, then each game by name
    flagged: dict[str, list[str]]  # names given to more than one spec, with the specs (kept apart)
    unfinished: int  # games started and not ended (being played, or stopped)
    analysis: LossSource | None = None  # which analyses the standings' `loss` comes from; None: no game analysed

    def section(self, game: str) -> Section | None:
        return next((section for section in self.sections if section.game == game), None)


def leaderboard(view: LeaderboardView, store: str, strengths: Strengths, game: str | None = None, *,
                analyses: Sequence[Listed] = (), analysis_sims: int | None = None,
                analysis_seed: int | None = None) -> Leaderboard:
    """The leaderboard of everything `view` has read (of one game's results only, if `game` is given), with the mean
    losses of the `analyses` listed in the store's catalogue, under the setting asked for or the most common one."""
    games = sorted(view.tallies) if game is None else [game] if game in view.tallies else []
    tallies = [view.tallies[name] for name in games]
    analyses = [line for line in analyses if line.game in games]
    source = choose(analyses, analysis_sims, analysis_seed)
    losses = _Losses(view, analyses, source)
    sections = [_section(view, strengths, name, [tally], losses) for name, tally in zip(games, tallies, strict=True)]
    if len(tallies) > 1:
        sections.insert(0, _section(view, strengths, ALL_GAMES, tallies, losses))
    return Leaderboard(
        store=store,
        model=view.settings.model,
        include_forfeits=view.settings.include_forfeits,
        sections=sections,
        flagged=view.players.flagged(),
        unfinished=len(view.playing),
        analysis=source,
    )


class _Losses:
    """The mean losses of a section's players, under the board's one analyser setting."""

    def __init__(self, view: LeaderboardView, analyses: Sequence[Listed], source: LossSource | None) -> None:
        self.players, self.analyses, self.source = view.players, analyses, source

    def of(self, game: str) -> dict[int, MeanLoss]:
        if self.source is None:
            return {}
        lines = self.analyses if game == ALL_GAMES else [line for line in self.analyses if line.game == game]
        return losses_under(lines, self.source.settings, lambda line: self.players.find(line.player))


def _section(view: LeaderboardView, strengths: Strengths, game: str, tallies: Sequence[GameTally],
             losses: _Losses) -> Section:
    ratings = _ratings(view, strengths, game, tallies)
    loss = losses.of(game)
    players = view.players
    ranked = sorted(
        _player_totals(tallies).items(),
        key=lambda item: (
            item[0] not in ratings,
            -ratings[item[0]][3] if item[0] in ratings else 0.0,
            players.label(item[0]),
        ),
    )
    order = [player for player, _ in ranked]
    labels = [players.label(player) for player in range(len(players.identities))]
    apart: Counter[str] = Counter()
    for tally in tallies:
        apart.update(tally.apart)
    floor = view.settings.model == "bt"
    standings = [_standing(labels[p], players.identities[p], ratings.get(p), total, loss.get(p), floor=floor)
                 for p, total in ranked]
    return Section(
        game=game,
        rated=sum(tally.rated for tally in tallies),
        apart=dict(sorted(apart.items())),
        standings=_placed(standings),
        head_to_head=tallies[0].pairs.merged(tally.pairs for tally in tallies[1:]).rows(labels, order),
        first_seat=_first_seats(tallies[0]) if len(tallies) == 1 else [],
    )


Rating = tuple[float, float, float, float]  # rating, low, high, and the value sorted by


def _ratings(view: LeaderboardView, strengths: Strengths, game: str, tallies: Sequence[GameTally]) -> dict[int, Rating]:
    if view.settings.model == "openskill":
        skills: dict[int, list[Skill]] = {}
        for tally in tallies:
            for player, skill in view.online[tally.game].skills().items() if tally.game in view.online else ():
                skills.setdefault(player, []).append(skill)
        merged = {player: mean_skill(found) for player, found in skills.items()}
        return {player: (s.mu, s.low, s.high, s.ordinal) for player, s in merged.items()}
    fitted = strengths.fitted(game, tallies)
    if fitted is None:
        return {}
    return {player: (rating, low, high, rating) for player, (rating, low, high) in fitted.ratings().items()}


def _player_totals(tallies: Sequence[GameTally]) -> dict[int, PlayerTally]:
    totals: dict[int, PlayerTally] = {}
    for tally in tallies:
        for player, found in tally.players.items():
            total = totals.setdefault(player, PlayerTally())
            total.games += found.games
            total.wins += found.wins
            total.ranks += found.ranks
            total.apart.update(found.apart)
    return totals


def least_half_width(games: int) -> float:
    """The narrowest half-interval, in Elo points, that `games` results allow: Wilson's 95% interval around an even
    score over that many games, on the Elo scale (a 400-point lead is 10:1 odds)."""
    _, high = wilson(games / 2, games)
    return 400 * math.log10(high / (1 - high))


def _placed(standings: list[Standing]) -> list[Standing]:
    """The ranked players first, placed 1, 2, ...; then the provisional ones, in the same order, with no place."""
    ranked = [s for s in standings if not s.provisional]
    return [replace(s, place=place) for place, s in enumerate(ranked, start=1)] + [
        s for s in standings if s.provisional]


def _standing(label: str, identity: str, rating: Rating | None, tally: PlayerTally, loss: MeanLoss | None, *,
              floor: bool) -> Standing:
    games = tally.games
    win_low, win_high = wilson(tally.wins, games) if games else (None, None)
    low, high = (rating[1], rating[2]) if rating else (None, None)
    if rating and floor and games:
        least = least_half_width(games)
        low, high = min(rating[1], rating[0] - least), max(rating[2], rating[0] + least)
    return Standing(
        player=label,
        identity=identity,
        rating=rating[0] if rating else None,
        low=low,
        high=high,
        games=games,
        wins=tally.wins,
        win_rate=tally.wins / games if games else None,
        win_low=win_low,
        win_high=win_high,
        average_rank=tally.ranks / games if games else None,
        fell_back=tally.apart[FALLBACK],
        forfeited=tally.apart[FORFEIT],
        loss=loss,
        provisional=rating is None or games < PROVISIONAL_GAMES,
    )


def _first_seats(tally: GameTally) -> list[FirstSeat]:
    rows = []
    for seats, table in sorted(tally.seats.items()):
        low, high = wilson(table.wins[0], table.games)
        rows.append(
            FirstSeat(
                seats=seats,
                games=table.games,
                win_rate=table.wins[0] / table.games,
                low=low,
                high=high,
                fair=1 / seats,
                seat_win_rates=tuple(wins / table.games for wins in table.wins),
            )
        )
    return rows
