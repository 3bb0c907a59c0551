"""What `meeplog analyse` prints and writes: each player's loss per decision as a table, and everything as JSON."""

from __future__ import annotations

import uuid
from typing import Any

from rich import box
from rich.table import Table

from meeplog.core.analysis.events import Settings
from meeplog.core.analysis.record import Analysis
from meeplog.core.analysis.summary import PlayerLoss
from meeplog.core.tournament.report import interval, number


def table(settings: Settings, games: int, rows: list[PlayerLoss]) -> Table:
    caption = (f"{games} game{'s' * (games != 1)}, {settings.sims} sims a decision, seed {settings.seed}; "
               f"a blunder loses {settings.blunder:g} or more")
    out = Table(title="Loss per decision, in expected final rank", caption=caption, box=box.SIMPLE_HEAD, pad_edge=False)
    out.add_column("player", overflow="fold")
    for column in ("games", "decisions", "loss", "95% CI", "in score", "blunders"):
        out.add_column(column, justify="right", no_wrap=True, min_width=11 if column == "95% CI" else None)
    for row in rows:
        out.add_row(row.player, str(row.games), str(row.decisions), number(row.rank_loss, 3),
                    interval(row.low, row.high), number(row.score_loss), str(row.blunders))
    return out


def document(settings: Settings, ids: list[uuid.UUID], rows: list[PlayerLoss],
             analyses: list[Analysis]) -> dict[str, Any]:
    """The JSON file: the settings, each player's summary, and every scored decision of every seat analysed."""
    return {
        "settings": settings,
        "games": [str(one) for one in ids],
        "players": rows,
        "analyses": [{"game_id": a.head.game_id, "seat": a.head.seat, "player": a.head.player, "decisions": a.scored}
                     for a in sorted(analyses, key=lambda a: (ids.index(uuid.UUID(a.head.game_id)), a.head.seat))],
    }
