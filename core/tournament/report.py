"""Standings for people and for programs: a rich table, JSON, CSV, and a PNG of ratings with uncertainty.

Where the tournament's games were analysed, the table shows each player's mean loss per decision and its interval
beside the rating (an empty cell for a player none of whose games was), and a note says from which analyses."""

from __future__ import annotations

import csv
import dataclasses
import threading
from contextlib import suppress
from pathlib import Path
from typing import Any

import orjson
from rich import box
from rich.console import Group
from rich.table import Table

from meeplog.core.analysis.summary import MeanLoss
from meeplog.core.plotting import plotting, plotting_installed
from meeplog.core.tournament.standings import PlayerStanding, Standings

LOSS_FIELDS = [field.name for field in dataclasses.fields(MeanLoss)]  # a CSV row's loss_* columns
PLAYER_WIDTH = 16  # the least width of a column that folds: a longer cell folds onto more lines within it
# left out first on narrow terminals
LEFT_OUT_FIRST = ("95% CI", "loss CI", "rank", "score", "games", "refused", "failed", "forfeited", "fell back")
REPORT_LEFT_OUT_FIRST = (
    "retries",
    "requests/game",
    "games",
    "rated",
    "requests/decision",
    "latency p50/p95",
    "tokens in/out",
    "cost",
    "forfeits",
    "fallbacks",
    "failures",
)


def printable(standings: Standings, width: int | None = None) -> Group:
    """The standings table for a terminal `width` columns wide, the players' report when any player was
    refused, fell back or asked a server, and what is counted apart and how it is sorted."""
    tables = [table(standings, width)]
    if any(p.report.requests or p.report.rejected or p.report.fallbacks for p in standings.players):
        tables.append(report_table(standings, width))
    return Group(*tables, *_notes(standings))


def table(standings: Standings, width: int | None = None) -> Table:
    """The standings: the `refused`, `failed` and `forfeited` columns only when not all 0, and within `width`
    columns; no place (#) while no game is rated, as every player then has the same rating.

    No cell is ever cut to an ellipsis: a long player label folds onto more lines, and on a terminal too
    narrow for every column the least telling ones are left out, as the caption says.
    """
    title = (
        f"{standings.game} tournament {standings.tournament[:8]}: {standings.recorded}/{standings.scheduled} games"
        f" recorded{'' if standings.finished else ' so far'}, {standings.rated} rated"
    )
    rows = [
        {
            "#": str(place) if standings.rated else "-",
            "player": p.player,
            "rating": f"{p.mu:.1f}±{p.sigma:.1f}",
            "games": str(p.games),
            "win %": _percent(p.win_rate),
            "95% CI": percent_interval(p.win_low, p.win_high),
            "score": number(p.average_score),
            "rank": number(p.average_rank),
            "fell back": str(p.fell_back),
            "refused": str(p.rejected),
            "failed": str(p.failed),
            "forfeited": str(p.forfeited),
            "loss": "-" if p.loss is None else number(p.loss.mean, 3),
            "loss CI": "-" if p.loss is None else interval(p.loss.low, p.loss.high),
        }
        for place, p in enumerate(standings.players, start=1)
    ]
    sometimes = ("refused", "failed", "forfeited")
    columns = [c for c in rows[0] if c not in sometimes or any(row[c] != "0" for row in rows)]
    if standings.analysis is None:
        columns = [c for c in columns if c not in ("loss", "loss CI")]
    return _fitted(title, rows, columns, width, LEFT_OUT_FIRST)


def report_table(standings: Standings, width: int | None = None) -> Table:
    """How each player played: its games and those rated, decisions, the share legal at the first answer, failures
    by class, fallbacks and forfeits, retries, requests per decision and per game, tokens (reasoning apart), latency
    of its requests and their cost (core/tournament/behaviour.py)."""
    rows = []
    for p in standings.players:
        r = p.report
        latency = "-" if r.latency_p50_ms is None else f"{r.latency_p50_ms}/{r.latency_p95_ms} ms"
        rows.append(
            {
                "player": p.player,
                "games": str(r.played),
                "rated": str(p.games),
                "decisions": str(r.decisions),
                "legal 1st %": _percent(r.legal_first),
                "failures": ", ".join(f"{kind} {count}" for kind, count in r.failures.items()) or "-",
                "fallbacks": str(r.fallbacks),
                "forfeits": str(p.forfeited),
                "retries": str(r.retries),
                "requests/decision": number(r.requests_per_decision),
                "requests/game": "-" if r.requests_per_game is None else f"{r.requests_per_game:.1f}",
                "tokens in/out": f"{r.prompt_tokens:,}/{r.completion_tokens:,}"
                + (f" ({r.reasoning_tokens:,} reasoning)" if r.reasoning_tokens else ""),
                "latency p50/p95": latency,
                "cost": "-" if r.cost is None else f"{r.cost:.4f}",
            }
        )
    return _fitted("How each player played", rows, list(rows[0]), width, REPORT_LEFT_OUT_FIRST)


def _fitted(
    title: str, rows: list[dict[str, str]], columns: list[str], width: int | None, left_out_first: tuple[str, ...]
) -> Table:
    """A table of `rows` within `width`: the player and failures columns fold, the others keep their width, and
    columns are left out in the order given while the table would still be too wide (the caption says which)."""
    left_out = []
    while (
        width is not None
        and _width(rows, columns) > width
        and (column := next((c for c in left_out_first if c in columns), None))
    ):
        columns.remove(column)
        left_out.append(column)
    caption = (
        f"left out for a narrow terminal: {', '.join(left_out)} (every column is in the JSON and CSV files)"
        if left_out else None
    )
    result = Table(title=title, caption=caption, box=box.SIMPLE_HEAD, pad_edge=False)
    for column in columns:
        folds = column in FOLDING
        result.add_column(
            _header(column),
            justify="left" if folds else "right",
            no_wrap=not folds,
            overflow="fold",
            min_width=min(PLAYER_WIDTH, max(len(row[column]) for row in rows)) if folds else None,
        )
    for row in rows:
        result.add_row(*(row[column] for column in columns))
    return result


FOLDING = ("player", "failures")  # the columns whose cells may be long


def _header(column: str) -> str:
    if column in ("fell back", "legal 1st %", "tokens in/out"):
        return column.replace(" ", "\n")
    return column.replace("/", "/\n") if column.startswith("requests/") else column


def _width(rows: list[dict[str, str]], columns: list[str]) -> int:
    """The table's width with the folding columns at their least width: each column's widest line, plus the
    padding and the divider between two columns, and the two edges."""
    widths = []
    for column in columns:
        widest = max(*(len(row[column]) for row in rows), *map(len, _header(column).split("\n")))
        widths.append(min(widest, PLAYER_WIDTH) if column in FOLDING else widest)
    return sum(widths) + 3 * (len(columns) - 1) + 2


def _notes(standings: Standings) -> list[str]:
    apart = standings.recorded - standings.rated - standings.failed - standings.forfeited
    notes = ["sorted by rating mu - 3 sigma (openskill, Plackett-Luce)" if standings.rated
             else "no game could be rated: the players are not ranked"]
    if apart:
        notes.append(f"{apart} games with a fallback are counted apart: they rate nobody")
    if standings.forfeited:
        notes.append(f"{standings.forfeited} games were forfeited by a dead seat (column forfeited): they rate nobody")
    if standings.failed:
        notes.append(f"{standings.failed} games could not be played (see the JSON file for why)")
    if standings.analysis is not None:
        notes.append(f"loss: {standings.analysis.describe()} (`meeplog analyse --tournament`); lower is better")
    return notes


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}"


def percent_interval(low: float | None, high: float | None) -> str:
    """A share's interval as a table shows it (`31-57%`), or `-` without one."""
    return "-" if low is None or high is None else f"{100 * low:.0f}-{100 * high:.0f}%"


def interval(low: float | None, high: float | None, digits: int = 3) -> str:
    """A figure's interval as a table shows it (`0.120-0.310`), or `-` without one."""
    return "-" if low is None or high is None else f"{low:.{digits}f}-{high:.{digits}f}"


def number(value: float | None, digits: int = 2) -> str:
    """A figure as a table shows it, or `-` without one."""
    return "-" if value is None else f"{value:.{digits}f}"


def write_json(standings: Standings, path: Path) -> None:
    path.write_bytes(orjson.dumps(dataclasses.asdict(standings), option=orjson.OPT_INDENT_2))


def write_csv(standings: Standings, path: Path) -> None:
    """One row per player: the standings' columns, then the report's (failures as `class=n;class=n`)."""
    rows = [_csv_row(player) for player in standings.players]
    with path.open("w", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def _csv_row(player: PlayerStanding) -> dict[str, Any]:
    row = dataclasses.asdict(player)
    report = row.pop("report")
    report["failures"] = ";".join(f"{kind}={count}" for kind, count in report["failures"].items())
    loss = row.pop("loss") or {}
    return {**row, **report, **{f"loss_{key}": loss.get(key) for key in LOSS_FIELDS}}


def warm_plotting() -> None:
    """Import the plotting library in a background thread, for a write_plot to come.

    matplotlib takes 0.4 s to import, most of the time a tournament spends after its last game. Started before
    the games, the import runs while this process mostly waits for its workers (it holds the interpreter
    only between their results) and while a core is idle (the workers' start); write_plot then finds it
    imported, or waits for the import to end (Python's import lock). A failed import is left to write_plot,
    which imports again and reports it where the user sees it."""
    if plotting_installed():
        threading.Thread(target=_plotting_if_it_imports, name="warm-plotting", daemon=True).start()


def _plotting_if_it_imports() -> None:
    with suppress(Exception):
        plotting()


def write_plot(standings: Standings, path: Path) -> None:
    """Each player's rating mu with a ±2 sigma bar (about 95%), best at the top."""
    plt = plotting()

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
    """The JSON, CSV and (with the `plots` extra) PNG files of the standings in `folder`, named by the
    tournament's id."""
    folder.mkdir(parents=True, exist_ok=True)
    writers = [("json", write_json), ("csv", write_csv)] + ([("png", write_plot)] if plotting_installed() else [])
    paths = []
    for suffix, writer in writers:
        paths.append(folder / f"{standings.tournament}.{suffix}")
        writer(standings, paths[-1])
    return paths
