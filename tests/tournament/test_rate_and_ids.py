"""The progress line's rate is the run's own average, whatever batches the games arrive in; ids in the listings
never wrap at 80 columns, cut to the shortest prefix no other id shares."""

from __future__ import annotations

import io
import re
import subprocess

from rich.console import Console
from rich.progress import Progress

from meeplog.core import cli
from meeplog.core.cli import fitting_ids
from meeplog.core.tournament import cli as tournament_cli
from meeplog.core.tournament.cli import RateColumn
from tests.core.test_cli import MEEPLOG


def test_the_rate_is_the_games_this_run_finished_over_its_wall_time_whatever_the_batches():
    now = [0.0]
    progress = Progress(get_time=lambda: now[0])
    bar = progress.add_task("2 workers", total=100, completed=40, before=40)  # 40 found recorded on resuming
    rate = RateColumn()
    assert str(rate.render(progress.tasks[bar])) == ""
    for second, finished in ((9.9, 0), (10.0, 20), (10.1, 1)):  # a worker reports 20 games at once, then 1
        now[0] = second
        progress.advance(bar, finished)
    assert str(rate.render(progress.tasks[bar])) == "avg 2.1 games/s"


def test_a_slow_run_reads_its_rate_per_minute_rather_than_zero():
    now = [0.0]
    progress = Progress(get_time=lambda: now[0])
    bar = progress.add_task("1 worker", total=2, completed=0, before=0)
    now[0] = 75.0  # a model's game: one in a minute and a quarter
    progress.advance(bar, 1)
    assert str(RateColumn().render(progress.tasks[bar])) == "avg 0.8 games/min"


def test_ids_are_whole_on_a_wide_terminal_and_else_cut_to_the_shortest_prefix_no_other_shares():
    ids = ["0123456789ab-1", "0123456789ab-2", "89abcdef-0000", "fedcba98-0000"]
    assert fitting_ids(ids, 120, whole_from=100) == ids
    assert fitting_ids(ids, 80, whole_from=100) == ["0123456789ab-1", "0123456789ab-2", "89abcdef", "fedcba98"]
    assert fitting_ids(["0123456789ab-1", "01234567"], 80, whole_from=100) == ["012345678", "01234567"]
    assert fitting_ids([], 80, whole_from=100) == []


def test_the_game_and_tournament_listings_never_wrap_an_id_at_80_columns(tmp_path, monkeypatch):
    db = str(tmp_path / "games.db")
    subprocess.run([MEEPLOG, "tournament", "forest", *["-p", "random"] * 3, "--games", "3", "--workers", "1", "--db",
                    db, "--out", str(tmp_path / "results")], capture_output=True, timeout=120, check=True)
    for module, listing in ((cli, cli.list_stored), (tournament_cli, tournament_cli.list_tournaments)):
        terminal = Console(width=80, file=io.StringIO(), highlight=False)
        monkeypatch.setattr(module, "console", terminal)
        listing(db=db)
        lines = terminal.file.getvalue().splitlines()
        cells = [line.split("│")[1].strip() for line in lines if line.startswith("│")]
        ids = [cell for cell in cells if cell]  # a row's next lines, where another cell folds, leave the id's empty
        assert len(ids) == (3 if module is cli else 1)
        assert all(re.fullmatch(r"[0-9a-f]{8,}", cell) for cell in ids), lines
        assert all(len(line) <= 80 for line in lines)
