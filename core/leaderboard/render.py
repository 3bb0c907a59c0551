"""The leaderboard for people and for programs: rich tables, JSON, CSV, and a PNG of the ratings and intervals."""

from __future__ import annotations

import csv
import dataclasses
from pathlib import Path
from typing import Any

import orjson
from rich import box
from rich.console import Group
from rich.table import Table

from meeplog.core.leaderboard.board import ALL_GAMES, PROVISIONAL_GAMES, Leaderboard, Section, Standing
from meeplog.core.tournament.report import LOSS_FIELDS, PLAYER_WIDTH, interval, number, percent_interval

MODEL_NOTES = {
    "bt": "ratings: Plackett-Luce (Bradley-Terry for two seats) fitted by maximum likelihood, Elo scale, "
    "95% bootstrap intervals (never narrower than the games allow), sorted by rating; across games each game weighs "
    "the same",
    "openskill": "ratings: openskill (Plackett-Luce) mu, 95% interval mu ± 1.96 sigma, sorted by mu - 3 sigma; "
    "across games the mean of a player's per-game ratings",
}


def title(section: Section) -> str:
    return "All games" if section.game == ALL_GAMES else section.game


def printable(board: Leaderboard, width: int | None = None) -> Group:
    """Each section's standings (within `width` columns), its head-to-head table and its first-seat lines, then the
    notes."""
    parts: list[Any] = []
    for section in board.sections:
        parts.append(standings_table(section, board.model, analysed=board.analysis is not None, width=width))
        if section.head_to_head:
            parts.append(head_to_head_table(section))
        parts += [*first_seat_lines(section), ""]
    return Group(*parts, *notes(board))


LEFT_OUT_FIRST = ("games", "loss CI", "95% CI")  # on a terminal too narrow for every column


def standings_table(section: Section, model: str, *, analysed: bool = False, width: int | None = None) -> Table:
    """The section's players best first; `fell back` and `forfeited` only when a player has some, mean loss only
    where games were `analysed` (and `-` for a player none of whose games was). Within `width` columns, the least
    telling columns are left out, as the caption says, rather than figures folded."""
    digits = 0 if model == "bt" else 1
    rows = [
        {
            "#": str(s.place) if s.place is not None else "-",
            "player": s.player,
            "rating": number(s.rating, digits),
            "95% CI": "-" if s.low is None or s.high is None else f"{s.low:.{digits}f}-{s.high:.{digits}f}",
            "games": str(s.games),
            "win % (95% CI)": f"{_percent(s.win_rate)} ({percent_interval(s.win_low, s.win_high)})" if s.games else "-",
            "rank": number(s.average_rank, 2),
            "fell back": str(s.fell_back),
            "forfeited": str(s.forfeited),
            "loss": "-" if s.loss is None else number(s.loss.mean, 3),
            "loss CI": "-" if s.loss is None else interval(s.loss.low, s.loss.high),
        }
        for s in section.standings
    ]
    sometimes = ("fell back", "forfeited")
    columns = [column for column in rows[0] if column not in sometimes or any(row[column] != "0" for row in rows)]
    if not analysed:
        columns = columns[:-2]  # loss, loss CI
    apart = ", ".join(f"{count} {why}" for why, count in section.apart.items())
    notes = [f"counted apart: {apart}"] if apart else []
    if any(s.provisional for s in section.standings):
        notes.append(f"- : provisional, fewer than {PROVISIONAL_GAMES} rated games: listed after, not ranked")
    left_out = []
    while width is not None and _width(rows, columns) > width and (
        column := next((c for c in LEFT_OUT_FIRST if c in columns), None)
    ):
        columns.remove(column)
        left_out.append(column)
    if left_out:
        notes.append(f"left out for a narrow terminal: {', '.join(left_out)}")
    return _standings(section, rows, columns, notes)


def _standings(section: Section, rows: list[dict[str, str]], columns: list[str], notes: list[str]) -> Table:
    table = Table(title=f"{title(section)}: {section.rated} rated games", caption="; ".join(notes) or None,
                  box=box.SIMPLE_HEAD)
    for column in columns:
        table.add_column(column, justify="left" if column == "player" else "right", overflow="fold",
                         no_wrap=column != "player")
    for row in rows:
        table.add_row(*(row[column] for column in columns))
    return table


def _width(rows: list[dict[str, str]], columns: list[str]) -> int:
    """The table's width with the player column folded to PLAYER_WIDTH at most and no other: each column's widest
    cell or header, a space either side of it, a divider between two columns and the two edges."""
    widths = [max(len(column), *(len(row[column]) for row in rows)) for column in columns]
    folded = [min(w, PLAYER_WIDTH) if column == "player" else w for column, w in zip(columns, widths, strict=True)]
    return sum(folded) + 3 * len(columns) + 1


def head_to_head_table(section: Section) -> Table:
    table = Table(title=f"{title(section)}: head to head", box=box.SIMPLE_HEAD)
    for column in ("player", "against", "win %", "95% CI", "games"):
        table.add_column(column, justify="left" if column in ("player", "against") else "right", overflow="fold")
    for row in section.head_to_head:
        table.add_row(
            row.player, row.opponent, _percent(row.win_rate), percent_interval(row.low, row.high), str(row.games)
        )
    return table


def first_seat_lines(section: Section) -> list[str]:
    return [
        f"{section.game}, {row.seats} seats: the first seat won {_percent(row.win_rate)}% "
        f"({percent_interval(row.low, row.high)}) of {row.games} games, a fair share being {_percent(row.fair)}%"
        for row in section.first_seat
    ]


def notes(board: Leaderboard) -> list[str]:
    lines = [MODEL_NOTES[board.model]]
    included = "rated as played, a forfeit ranking its seat last" if board.include_forfeits else "they rate nobody"
    lines.append(
        f"games decided mostly by a fallback, forfeited by a dead seat or forked are counted apart: {included}"
        + ("" if board.include_forfeits else " (--include-forfeits rates the first two)")
    )
    if board.analysis is not None:
        lines.append(f"loss: {board.analysis.describe()} (`meeplog analyse`); lower is better, and across games it "
                     "pools every analysed decision")
    for name, specs in board.flagged.items():
        lines.append(f"the name {name!r} is given to {len(specs)} specs, kept apart: {'; '.join(specs)}")
    if board.unfinished:
        lines.append(f"{board.unfinished} games started and not ended (being played, or stopped) are left out")
    return lines


def document(board: Leaderboard) -> dict[str, Any]:
    return dataclasses.asdict(board)


def write_json(board: Leaderboard, path: Path) -> None:
    path.write_bytes(orjson.dumps(document(board), option=orjson.OPT_INDENT_2 | orjson.OPT_SERIALIZE_NUMPY))


def write_csv(board: Leaderboard, path: Path) -> None:
    """One row per player of each section (`game` is `all` across games)."""
    fields = [field.name for field in dataclasses.fields(Standing) if field.name != "loss"]
    with path.open("w", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=["game", *fields, *(f"loss_{key}" for key in LOSS_FIELDS)])
        writer.writeheader()
        for section in board.sections:
            for standing in section.standings:
                row = dataclasses.asdict(standing)
                loss = row.pop("loss") or {}
                writer.writerow({"game": section.game, **row,
                                 **{f"loss_{key}": loss.get(key) for key in LOSS_FIELDS}})


def write_plot(board: Leaderboard, path: Path) -> None:
    """Each section's rated players, best at the top, with their 95% intervals."""
    from meeplog.core.plotting import plotting

    plt = plotting()

    sections = [section for section in board.sections if any(s.rating is not None for s in section.standings)]
    if not sections:
        raise ValueError("no rated game to draw: every game stored is counted apart")
    rows = [len([s for s in section.standings if s.rating is not None]) for section in sections]
    figure, axes = plt.subplots(
        len(sections), 1, figsize=(7, 1.0 + 0.45 * sum(rows) + 0.8 * len(sections)), squeeze=False
    )
    for axis, section in zip(axes[:, 0], sections, strict=True):
        rated = [(s.player, s.rating, s.low, s.high) for s in reversed(section.standings) if s.rating is not None]
        points = [rating for _, rating, _, _ in rated]
        errors = [
            [rating - (low or rating) for _, rating, low, _ in rated],
            [(high or rating) - rating for _, rating, _, high in rated],
        ]
        axis.errorbar(points, range(len(rated)), xerr=errors, fmt="o", capsize=4, color="tab:blue")
        axis.set_yticks(list(range(len(rated))), [player for player, *_ in rated])
        axis.set_title(f"{title(section)} ({section.rated} rated games)")
        axis.grid(axis="x", alpha=0.3)
    axes[-1, 0].set_xlabel(
        "rating (Elo scale, 95% bootstrap interval)"
        if board.model == "bt"
        else "rating (openskill mu, mu ± 1.96 sigma)"
    )
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}"


