"""Replay verification speed: records bot games in memory, then verifies them, and prints events per second.

For each game: N games between seeded random players are recorded through the match runner into an
in-memory store; then every one is verified three ways: from the histories in hand (re-decide and
compare only), as `meeplog replay verify --all` does (read from the store, then verify), and through the
replay file format (write, parse, verify): the columns ev/s, store ev/s and file ev/s, in events per
second, every recorded event counted, audit events included.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from collections.abc import Callable, Iterable, Sequence

from rich.console import Console
from rich.table import Table

from meeplog.core.cli import player_seed
from meeplog.core.game import Game, Recorded
from meeplog.core.players import make_player
from meeplog.core.registry import game_names, load_rules
from meeplog.core.runner import MatchRunner
from meeplog.core.specs import PlayerSpec
from meeplog.core.store import GameStore, open_store
from meeplog.replays.format import dump_replay, parse_replay
from meeplog.replays.verify import verify


def record_games(name: str, games: int, store: GameStore) -> list[Game]:
    rules = load_rules(name)
    recorded = []
    for seed in range(games):
        players = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
        game = Game.start(rules, rules.configure(players), ["random"] * players, seed)
        bots = [make_player(PlayerSpec("random"), player_seed(seed, seat)) for seat in range(players)]
        asyncio.run(MatchRunner(game, bots, bots, store=store).play())
        recorded.append(game)
    return recorded


def timed(run: Callable[[], int]) -> tuple[float, int]:
    """(seconds, events) of one run that returns how many events it verified."""
    started = time.perf_counter()
    events = run()
    return time.perf_counter() - started, events


def verified(histories: Iterable[Sequence[Recorded]]) -> int:
    events = 0
    for history in histories:
        verdict = verify(history)
        if not verdict.ok:
            raise SystemExit(f"game {verdict.game_id} does not verify: {verdict.divergence}")
        events += verdict.events
    return events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="bot games to record and verify (default 1000)")
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: all registered")
    args = parser.parse_args()
    console = Console()
    table = Table(title=f"Verifying {args.games} recorded bot games per game")
    for column in ("game", "events", "record s", "verify s", "ev/s", "store ev/s", "file ev/s"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for name in args.game or game_names():
        store = open_store("memory")
        started = time.perf_counter()
        games = record_games(name, args.games, store)
        recording = time.perf_counter() - started
        alone, events = timed(lambda games=games: verified(game.log for game in games))
        stored, _ = timed(lambda games=games, store=store: verified(store.history(game.id) for game in games))
        files, _ = timed(lambda games=games: verified(parse_replay(dump_replay(game.log)) for game in games))
        table.add_row(name, f"{events:,}", f"{recording:.1f}", f"{alone:.2f}", f"{events / alone:,.0f}",
                      f"{events / stored:,.0f}", f"{events / files:,.0f}")
    console.print(table)


if __name__ == "__main__":
    main()
