"""The analysis study (docs/analysis.md): how many games mean loss per decision needs to order a ladder of players
with 95% confidence, against how many the ratings need.

From a stored tournament whose games are all analysed (`meeplog analyse --tournament ID --sims N` first), it draws
bootstrap samples of k of its games (with replacement) and, in each, orders the players twice: by mean loss per
decision (chains as one, core/analysis/summary.py) and by Plackett-Luce strength fitted by maximum likelihood on
the same games' ranks (the leaderboard's fit, core/leaderboard/plackett_luce.py). For each pair of players and
each measure it gives how often the sample orders the pair as the whole pool does by that measure, and the least
k at which that reaches 95%; then the same for the whole order. Usage:
`python -m scripts.study_analysis --db study.db --tournament ID --sims 200`; `--sizes 3,6,9,12` tries only those k
(a small pool says little about samples much larger than itself), `--games 9` reads only the plan's first 9 games
(whole deals, every seating of each, where a run was stopped with a deal part played).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import uuid
from dataclasses import dataclass

import numpy as np
from rich.console import Console
from rich.table import Table

from meeplog.core.analysis.events import Settings
from meeplog.core.analysis.record import analysis_id, load_analysis
from meeplog.core.analysis.scorer import VERSION
from meeplog.core.analysis.summary import per_game
from meeplog.core.leaderboard.plackett_luce import Floats, Pattern, design, fit
from meeplog.core.store import open_store
from meeplog.core.tournament.events import GameRecorded
from meeplog.core.tournament.stored import load_tournament, resolve_tournament

SIZES = (3, 6, 9, 12, 18, 24, 36, 48, 60, 90, 120)
REPLICATES = 2000
CONFIDENCE = 0.95


@dataclass
class Pool:
    """The tournament's games as the study reads them: per game and player, loss total and decisions; ranks."""

    players: list[str]
    totals: Floats  # games by players
    counts: Floats
    patterns: list[Pattern]


def read_pool(db: str, tournament: str, settings: Settings, first: int | None = None) -> Pool:
    """The tournament's recorded games, or those among the plan's `first` games."""
    store = open_store(db)
    played = load_tournament(store, resolve_tournament(store, tournament))
    players = list(played.plan.players)
    results = [r for index, r in sorted(played.results.items())
               if isinstance(r, GameRecorded) and r.ranks and (first is None or index < first)]
    totals = np.zeros((len(results), len(players)))
    counts = np.zeros((len(results), len(players)))
    patterns = []
    for row, result in enumerate(results):
        seating = played.plan.fixtures[result.index].seating
        for seat, player in enumerate(seating):
            analysis = load_analysis(store, analysis_id(uuid.UUID(result.game_id), seat, settings))
            if analysis is None:
                raise SystemExit(f"game {result.game_id} seat {seat} is not analysed at {settings.sims} sims; "
                                 f"run meeplog analyse --tournament {tournament} --sims {settings.sims}")
            game = per_game(analysis)
            totals[row, player] += game.rank
            counts[row, player] += game.decisions
        ranks = sorted(set(result.ranks))
        patterns.append(tuple(tuple(seating[s] for s, r in enumerate(result.ranks) if r == rank) for rank in ranks))
    return Pool(players, totals, counts, patterns)


def tied(pool: Floats, pair: tuple[int, int] | None) -> bool:
    """The whole pool does not order the pair (or some pair, for the whole order): the Plackett-Luce fit of two
    players whose every game tied them gives both the same strength, which no sample can order either."""
    pairs = itertools.combinations(range(pool.shape[1]), 2) if pair is None else [pair]
    return any(bool(np.isclose(pool[0, a], pool[0, b], rtol=0, atol=1e-9)) for a, b in pairs)


def agreement(sample: Floats, pool: Floats, pair: tuple[int, int] | None) -> float:
    """The share of samples (rows; higher is better) ordering the pair, or all players, as the pool does."""
    if pair is None:
        return float(np.all(np.argsort(sample, axis=1) == np.argsort(pool, axis=1), axis=1).mean())
    a, b = pair
    return float(((sample[:, a] > sample[:, b]) == (pool[0, a] > pool[0, b])).mean())


def sizes(text: str) -> tuple[int, ...]:
    """`--sizes 3,6,12`: the sample sizes to try, in increasing order."""
    try:
        values = tuple(sorted({int(part) for part in text.split(",") if part.strip()}))
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"not a list of whole numbers: {text!r}") from error
    if not values or values[0] < 1:
        raise argparse.ArgumentTypeError(f"sizes are whole numbers from 1: {text!r}")
    return values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True)
    parser.add_argument("--tournament", required=True)
    parser.add_argument("--sims", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--sizes", type=sizes, default=SIZES, help="the k to try, comma-separated")
    parser.add_argument("--games", type=int, default=None, help="only the plan's first N games (default: all)")
    args = parser.parse_args()
    pool = read_pool(args.db, args.tournament, Settings(args.sims, args.seed, 0.5, VERSION), args.games)
    players, games = pool.players, len(pool.patterns)
    plan = design(pool.patterns, len(players))
    whole = np.ones((1, games))
    measures = {"loss": -(whole @ pool.totals) / (whole @ pool.counts), "ratings": fit(plan, whole)}
    console = Console(width=None if sys.stdout.isatty() else 260)  # a file or a pipe gets whole rows
    console.print(f"{games} games, analysed at {args.sims} sims; mean loss per decision: "
                  + ", ".join(f"{p} {-v:.3f}" for p, v in zip(players, measures["loss"][0], strict=True))
                  + "; Plackett-Luce log-strength: "
                  + ", ".join(f"{p} {v:+.2f}" for p, v in zip(players, measures["ratings"][0], strict=True)))
    pairs: list[tuple[int, int] | None] = [*itertools.combinations(range(len(players)), 2), None]
    names = {pair: "whole order" if pair is None else f"{players[pair[0]]} / {players[pair[1]]}" for pair in pairs}
    table = Table(title=f"How often {REPLICATES} bootstrap samples of k of the {games} games order the players as "
                        "all of them do")
    table.add_column("k", justify="right")
    for pair in pairs:
        for measure in measures:
            table.add_column(f"{names[pair]}, {measure}", justify="right")
    rng = np.random.default_rng(args.seed)
    needed: dict[str, int | str] = {}
    for size in args.sizes:
        weights = np.zeros((REPLICATES, games))
        np.add.at(weights, (np.arange(REPLICATES)[:, None], rng.integers(0, games, size=(REPLICATES, size))), 1)
        samples = {"loss": -(weights @ pool.totals) / np.maximum(weights @ pool.counts, 1),
                   "ratings": fit(plan, weights)}
        row = [str(size)]
        for pair in pairs:
            for measure, sample in samples.items():
                if tied(measures[measure], pair):
                    needed.setdefault(f"{names[pair]}, {measure}", "tied in the whole pool")
                    row.append("tie")
                    continue
                agree = agreement(sample, measures[measure], pair)
                if agree >= CONFIDENCE:
                    needed.setdefault(f"{names[pair]}, {measure}", size)
                row.append(f"{agree:.0%}")
        table.add_row(*row)
    console.print(table)
    console.print("least k at 95%: " + "; ".join(
        f"{key}: {needed.get(key, f'not within {args.sizes[-1]}')}"
        for key in (f"{names[pair]}, {measure}" for pair in pairs for measure in measures)))


if __name__ == "__main__":
    main()
