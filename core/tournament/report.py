"""Standings for people and for programs: a rich table, JSON, CSV, and a PNG of ratings with uncertainty."""

from __future__ import annotations

import csv
import dataclasses
from pathlib import Path

import orjson
from rich import box
from rich.console import Group
from rich.table import Table

from core.tournament.standings import Standings


def printable(standings: Standings) -> Group:
    """The standings table and, under it, what is counted apart and how it is sorted."""
    return Group(table(standings), *_notes(standings))


def table(standings: Standings) -> Table:
    """The standings, narrow enough for 80 columns: the `refused` and `failed` columns only when not all 0."""
    title = (
        f"{standings.game} tournament {standings.tournament[:8]}: {standings.recorded}/{standings.scheduled} games"
        f" recorded{'' if standings.finished else ' so far'}, {standings.rated} rated"
    )
    rows = [
        {
            "#": str(place),
            "player": p.player,
            "rating": f"{p.mu:.1f}±{p.sigma:.1f}",
            "games": str(p.games),
            "win %": _percent(p.win_rate),
            "95% CI": _interval(p.win_low, p.win_high),
            "score": _number(p.average_score),
            "rank": _number(p.average_rank),
            "fell back": str(p.fell_back),
            "refused": str(p.rejected),
            "failed": str(p.failed),
        }
        for place, p in enumerate(standings.players, start=1)
    ]
    columns = [c for c in rows[0] if c not in ("refused", "failed") or any(row[c] != "0" for row in rows)]
    result = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False)
    for column in columns:
        header = column.replace(" ", "\n") if column == "fell back" else column
        result.add_column(header, justify="left" if column == "player" else "right", no_wrap=True)
    for row in rows:
        result.add_row(*(row[column] for column in columns))
    return result


def _notes(standings: Standings) -> list[str]:
    apart = standings.recorded - standings.rated - standings.failed
    notes = ["sorted by rating mu - 3 sigma (openskill, Plackett-Luce)"]
    if apart:
        notes.append(f"{apart} games with a fallback are counted apart: they rate nobody")
    if standings.failed:
        notes.append(f"{standings.failed} games could not be played (see the JSON file for why)")
    return notes


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}"


def _interval(low: float | None, high: float | None) -> str:
    return "-" if low is None or high is None else f"{100 * low:.0f}-{100 * high:.0f}%"


def _number(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def write_json(standings: Standings, path: Path) -> None:
    path.write_bytes(orjson.dumps(dataclasses.asdict(standings), option=orjson.OPT_INDENT_2))


def write_csv(standings: Standings, path: Path) -> None:
    rows = [dataclasses.asdict(player) for player in standings.players]
    with path.open("w", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=[f.name for f in dataclasses.fields(standings.players[0])])
        writer.writeheader()
        writer.writerows(rows)


def write_plot(standings: Standings, path: Path) -> None:
    """Each player's rating mu with a ±2 sigma bar (about 95%), best at the top."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    players = list(reversed(standings.players))
    figure, axes = plt.subplots(figsize=(7, 1.2 + 0.45 * len(players)))
    positions = range(len(players))
    axes.errorbar(
        [p.mu for p in players], positions, xerr=[2 * p.sigma for p in players], fmt="o", capsize=4, color="tab:blue"
    )
    axes.set_yticks(list(positions), [p.player for p in players])
    axes.set_xlabel("rating (openskill mu, bars ±2 sigma)")
    axes.set_title(f"{standings.game} tournament {standings.tournament[:8]} ({standings.rated} rated games)")
    axes.grid(axis="x", alpha=0.3)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


def write_all(standings: Standings, folder: Path) -> list[Path]:
    """The JSON, CSV and PNG files of the standings in `folder`, named by the tournament's id."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / f"{standings.tournament}.{suffix}" for suffix in ("json", "csv", "png")]
    for writer, path in zip((write_json, write_csv, write_plot), paths, strict=True):
        writer(standings, path)
    return paths
