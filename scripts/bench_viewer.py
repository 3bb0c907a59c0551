"""The web viewer's speed: the games list over a large store, and a game page's step over long replays.

The store is a SQLite file in a temporary folder filled with N games' GameStarted records (default 100,000; the
list reads nothing else of a game but its last event), and pages are read the way `/games` reads them: the first
page, one in the middle, a game filter, and player filters that match few or no games (each request then scans at
most SCAN_LIMIT games and offers to go on). A step is timed through the JSON API (the frame and its HTML) over
each golden replay at its largest seat count, after the first request has read the file.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

from rich.console import Console
from rich.table import Table
from starlette.testclient import TestClient

from meeplog.core.audit import GameStarted
from meeplog.core.game import Recorded
from meeplog.core.registry import load_rules
from meeplog.core.store import open_store
from meeplog.replays.format import read_replay
from meeplog.replays.viewer.app import create_app
from meeplog.replays.viewer.library import FileLibrary, GameFilter, StoreLibrary

GOLDEN = Path(__file__).parents[1] / "replays" / "golden"
BATCH = 1_000


def fill(path: Path, games: int) -> StoreLibrary:
    store = open_store(str(path))
    forest, hike = load_rules("forest"), load_rules("hike")
    configs = {rules.name: rules.configure(3).model_dump(mode="json") for rules in (forest, hike)}
    for start in range(0, games, BATCH):
        records = []
        for number in range(start, min(start + BATCH, games)):
            rules = hike if number % 10 == 0 else forest
            seats = ("random", "heuristic", "mcts:sims=10" if number % 1_000 == 0 else "random")
            started = GameStarted(rules.name, rules.version, "", configs[rules.name], seats, number)
            records.append(Recorded(uuid.uuid4(), 1, datetime.now(UTC), rules.name, started))
        store.save(*records)
    return StoreLibrary(store, str(path))


def list_pages(library: StoreLibrary, games: int) -> Table:
    table = Table(title=f"/games over {games:,} stored games")
    for column in ("page", "rows", "ms"):
        table.add_column(column, justify="left" if column == "page" else "right")
    asks = [
        ("first", GameFilter(), 1),
        ("middle", GameFilter(), games // 2),
        ("game=hike", GameFilter(game="hike"), 1),
        ("player=mcts (1 in 1,000)", GameFilter(player="mcts"), 1),
        ("player=nobody", GameFilter(player="nobody"), 1),
    ]
    for label, chosen, cursor in asks:
        began = time.perf_counter()
        page = library.page(chosen, cursor)
        table.add_row(label, str(len(page.rows)), f"{1000 * (time.perf_counter() - began):.0f}")
    return table


def steps(repeats: int) -> Table:
    table = Table(title="a step through the JSON API (median of the steps asked)")
    for column in ("replay", "events", "steps", "first ms", "all ms", "seat 0 ms"):
        table.add_column(column, justify="left" if column == "replay" else "right")
    for folder in sorted(GOLDEN.iterdir()):
        path = max(folder.glob("*.jsonl"), key=lambda p: p.stat().st_size)
        history = read_replay(path)
        client = TestClient(create_app(FileLibrary(path)))
        api = f"/api/games/{history[0].originator_id}/steps"
        began = time.perf_counter()
        last = client.get(f"{api}/0").json()["frame"]["last"]
        first = time.perf_counter() - began
        chosen = [last * k // repeats for k in range(1, repeats + 1)]
        times = {side: [] for side in ("all", "0")}
        for step in chosen:
            for side, spent in times.items():
                began = time.perf_counter()
                client.get(f"{api}/{step}", params={"as": side}).raise_for_status()
                spent.append(time.perf_counter() - began)
        table.add_row(
            path.stem,
            str(len(history)),
            str(last),
            f"{1000 * first:.0f}",
            *(f"{1000 * statistics.median(spent):.0f}" for spent in times.values()),
        )
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, help="games in the synthetic store")
    parser.add_argument("--steps", type=int, default=10, help="steps timed per replay")
    options = parser.parse_args()
    console = Console()
    with tempfile.TemporaryDirectory() as folder:
        console.print(list_pages(fill(Path(folder) / "games.db", options.games), options.games))
    console.print(steps(options.steps))


if __name__ == "__main__":
    main()
