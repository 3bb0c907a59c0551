"""Mean loss per decision beside the ratings: the catalogue's lines of one analyser setting, per player.

Analyses made under different settings are never pooled. One setting is used: the one asked for (its simulations,
its seed, or both), or else the one with the most analyses among those considered (then the most simulations, then
the lowest seed), and the settings left out are named with how many analyses each has. Only analyses are read,
never a search run: a player none of whose games was analysed under that setting has no mean loss (an empty cell,
not zero). Every analysed game counts, rated or not: the measure is of decisions, not of results.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from meeplog.core.analysis.catalogue import Catalogue
from meeplog.core.analysis.events import Listed, SeatLoss, Settings
from meeplog.core.analysis.summary import MeanLoss, mean_loss
from meeplog.core.store import GameStore
from meeplog.core.tournament.aggregate import Tournament
from meeplog.core.tournament.events import GameRecorded

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class LossSource:
    """Which analyses a mean-loss column is made of, and those of other settings left out."""

    settings: Settings
    analyses: int  # seats of games analysed under `settings`
    left_out: dict[str, int]  # each other setting, described, and its analyses

    def describe(self) -> str:
        """One line for a table's notes."""
        line = f"mean loss per decision in expected final rank, from {self.analyses} analyses at {label(self.settings)}"
        if self.left_out:
            line += "; left out, as another setting's: " + ", ".join(f"{n} at {s}" for s, n in self.left_out.items())
        return line


@dataclass(frozen=True)
class Losses(Generic[K]):
    """The chosen setting and each player's mean loss under it (players without an analysed decision absent)."""

    source: LossSource
    players: dict[K, MeanLoss]


def label(settings: Settings) -> str:
    return (f"{settings.sims} sims, seed {settings.seed}, blunders from {settings.blunder:g}, "
            f"analyser version {settings.version}")


def choose(lines: Sequence[Listed], sims: int | None = None, seed: int | None = None) -> LossSource | None:
    """The setting to read among `lines`' (see the module's docstring); None when there is no line. A setting
    asked for and not found is a ValueError naming those found."""
    counts = Counter(line.settings for line in lines)
    fitting = [one for one in counts if (sims is None or one.sims == sims) and (seed is None or one.seed == seed)]
    if not fitting:
        if not counts:
            return None
        asked = ", ".join([f"{sims} sims"] * (sims is not None) + [f"seed {seed}"] * (seed is not None))
        found = "; ".join(f"{n} at {label(one)}" for one, n in counts.most_common())
        raise ValueError(f"no analysis at {asked}; the analyses found: {found}")
    chosen = max(fitting, key=lambda one: (counts[one], one.sims, -one.seed, one.version, -one.blunder))
    others = sorted((one for one in counts if one != chosen), key=lambda one: (-counts[one], label(one)))
    return LossSource(chosen, counts[chosen], {label(one): counts[one] for one in others})


def losses(lines: Sequence[Listed], player: Callable[[Listed], K | None], sims: int | None = None,
           seed: int | None = None) -> Losses[K] | None:
    """Each player's mean loss over `lines` of the setting chosen; `player` names a line's player (None: skip it)."""
    source = choose(lines, sims, seed)
    return None if source is None else Losses(source, losses_under(lines, source.settings, player))


def losses_under(lines: Sequence[Listed], settings: Settings,
                 player: Callable[[Listed], K | None]) -> dict[K, MeanLoss]:
    """Each player's mean loss over the `lines` of `settings` (the others left out)."""
    games: defaultdict[K, list[SeatLoss]] = defaultdict(list)
    for line in lines:
        if line.settings == settings and (found := player(line)) is not None:
            games[found].append(line.loss)
    return {found: mean for found, played in games.items() if (mean := mean_loss(played)) is not None}


def tournament_losses(store: GameStore, tournament: Tournament, sims: int | None = None,
                      seed: int | None = None) -> Losses[int] | None:
    """Each of the tournament's players (by its place in the plan) and its mean loss over the tournament's analysed
    games; None while none of them is analysed (under the setting asked for)."""
    seated: dict[tuple[str, int], int] = {}
    for fixture in tournament.plan.fixtures:
        result = tournament.results.get(fixture.index)
        if isinstance(result, GameRecorded):
            for seat, player in enumerate(fixture.seating):
                seated[result.game_id, seat] = player
    lines = [line for line in Catalogue.read(store).lines if (line.game_id, line.seat) in seated]
    return losses(lines, lambda line: seated[line.game_id, line.seat], sims, seed)
