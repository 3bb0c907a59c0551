"""Ratings and statistics per player, folded from a tournament's recorded games in schedule order.

A game in which any seat fell back (its player crashed, timed out or kept sending refused commands, and
the fallback moved for it) was not real play: it is counted apart, in the `fell_back` column of that
seat's player, and rates nobody; so is a game that a dead seat forfeited (core/runner.py), in the
`forfeited` column of its player. Every other game rates its players with openskill's Plackett-Luce
model from the final ranks. Win rate is the share of rated games ranked first, a tie for first
splitting the win; its 95% interval is Wilson's. `rejected` counts games in which a player had a
command refused (and then played a legal one, or the game would be a fallback); `failed` counts games
with the player seated that could not be played at all. `report` is how the player played in every
recorded game, rated or not (core/tournament/behaviour.py). `loss` is the player's mean loss per decision
over the tournament's analysed games, a second skill measure, given only where analyses exist
(core/analysis/losses.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from openskill.models import PlackettLuce, PlackettLuceRating

from meeplog.core.specs import NamedSpec
from meeplog.core.tournament.aggregate import Tournament
from meeplog.core.tournament.behaviour import PlayerReport, SeatReport, player_report
from meeplog.core.tournament.events import GameFailed, GameRecorded
from meeplog.core.tournament.schedule import labels

if TYPE_CHECKING:
    from meeplog.core.analysis.losses import Losses, LossSource
    from meeplog.core.analysis.summary import MeanLoss

Z95 = 1.959964


@dataclass
class PlayerStanding:
    player: str  # the name given with -p NAME=SPEC, else the spec (#2, #3... when given twice)
    spec: str
    mu: float
    sigma: float
    ordinal: float  # mu - 3 sigma: the conservative rating the standings are sorted by
    games: int  # rated games
    wins: float
    win_rate: float | None
    win_low: float | None
    win_high: float | None
    average_score: float | None
    average_rank: float | None
    fell_back: int
    rejected: int
    failed: int
    report: PlayerReport
    forfeited: int = 0  # games this player's seat forfeited
    loss: MeanLoss | None = None  # mean loss per decision over its analysed games; None: none analysed


@dataclass(frozen=True)
class Forfeit:
    """A game a dead seat forfeited: which, who, and why (the one line printed as it happened)."""

    index: int
    game_id: str
    seat: int
    player: str
    why: str


@dataclass
class Standings:
    tournament: str
    game: str
    scheduled: int
    recorded: int
    rated: int
    failed: int
    finished: bool
    forfeited: int = 0  # games a dead seat forfeited (recorded, not rated)
    players: list[PlayerStanding] = field(default_factory=list)
    failures: list[GameFailed] = field(default_factory=list)
    forfeits: list[Forfeit] = field(default_factory=list)
    analysis: LossSource | None = None  # which analyses the players' `loss` comes from; None: no game analysed


@dataclass
class _Tally:
    rating: PlackettLuceRating
    games: int = 0
    wins: float = 0.0
    score: float = 0.0
    rank: float = 0.0
    fell_back: int = 0
    rejected: int = 0
    failed: int = 0
    forfeited: int = 0
    seats: list[SeatReport] = field(default_factory=list)


def standings(tournament: Tournament, losses: Losses[int] | None = None) -> Standings:
    """The tournament's standings; with `losses` (by player index), each player's mean loss beside its rating."""
    plan = tournament.plan
    model = PlackettLuce()
    names = labels(plan.players)
    tallies = [_Tally(model.rating(name=name)) for name in names]
    rated = 0
    failures = []
    forfeits = []
    for fixture in plan.fixtures:
        result = tournament.results.get(fixture.index)
        seated = [tallies[player] for player in fixture.seating]
        if isinstance(result, GameFailed):
            failures.append(result)
            for tally in seated:
                tally.failed += 1
        elif isinstance(result, GameRecorded):
            rated += _count(model, result, seated)
            if result.forfeited is not None:
                player = names[fixture.seating[result.forfeited]]
                forfeits.append(Forfeit(result.index, result.game_id, result.forfeited, player, result.why or ""))
    specs = [str(NamedSpec.parse(player).spec) for player in plan.players]
    players = [_standing(name, spec, tally) for name, spec, tally in zip(names, specs, tallies, strict=True)]
    if losses is not None:
        for index, standing in enumerate(players):
            standing.loss = losses.players.get(index)
    players.sort(key=lambda p: (-p.ordinal, p.player))
    return Standings(
        tournament=str(tournament.id),
        game=plan.game,
        scheduled=len(plan.fixtures),
        recorded=len(tournament.results),
        rated=rated,
        failed=len(failures),
        finished=tournament.finished,
        forfeited=len(forfeits),
        players=players,
        failures=failures,
        forfeits=forfeits,
        analysis=None if losses is None else losses.source,
    )


def _count(model: PlackettLuce, result: GameRecorded, seated: list[_Tally]) -> int:
    """Tally one recorded game; 1 if it was rated, 0 if it is counted apart for a forfeit or a fallback."""
    for tally, report in zip(seated, result.reports, strict=False):  # games recorded before reports have none
        tally.seats.append(report)
    for seat in result.rejected:
        seated[seat].rejected += 1
    if result.forfeited is not None:
        seated[result.forfeited].forfeited += 1
        for seat in result.fell_back:
            seated[seat].fell_back += 1
        return 0
    if result.fell_back:
        for seat in result.fell_back:
            seated[seat].fell_back += 1
        return 0
    new = model.rate([[tally.rating] for tally in seated], ranks=list(result.ranks))
    winners = result.ranks.count(1)
    for seat, tally in enumerate(seated):
        tally.rating = new[seat][0]
        tally.games += 1
        tally.wins += 1 / winners if result.ranks[seat] == 1 else 0
        tally.score += result.scores[seat]
        tally.rank += result.ranks[seat]
    return 1


def _standing(name: str, spec: str, tally: _Tally) -> PlayerStanding:
    games = tally.games
    low, high = wilson(tally.wins, games) if games else (None, None)
    return PlayerStanding(
        player=name,
        spec=spec,
        mu=tally.rating.mu,
        sigma=tally.rating.sigma,
        ordinal=tally.rating.ordinal(),
        games=games,
        wins=tally.wins,
        win_rate=tally.wins / games if games else None,
        win_low=low,
        win_high=high,
        average_score=tally.score / games if games else None,
        average_rank=tally.rank / games if games else None,
        fell_back=tally.fell_back,
        rejected=tally.rejected,
        failed=tally.failed,
        report=player_report(spec, tally.seats),
        forfeited=tally.forfeited,
    )


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion: sound near 0 and 1 and for few trials, unlike p ± z·se."""
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)
