"""Golden replays: a few recorded games per registered game, stored under replays/golden/<game>/ and
verified by tests/replays/test_golden.py on every run, so that any change in a game's behaviour fails
a test that names the first event the rules no longer cause.

Regenerate them deliberately, after a rules change you mean, with `scripts/make-golden [GAME ...]`.
They are recorded with fixed ids, seeds and a frozen clock, so regenerating unchanged rules changes
no byte.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from meeplog.core.registry import game_names, load_rules
from meeplog.replays.format import write_replay
from tests.replays.recording import record

GOLDEN = Path(__file__).resolve().parents[2] / "replays" / "golden"
MAKE = "scripts/make-golden"


def golden_files(game: str) -> list[Path]:
    return sorted((GOLDEN / game).glob("*.jsonl"))


def make_golden(game: str, folder: Path = GOLDEN) -> list[Path]:
    """Record the game's golden replays into folder/<game>/: the fewest seats with seed 1, the most with seed 2."""
    rules = load_rules(game)
    target = folder / game
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for players, seed in ((rules.min_players, 1), (rules.max_players, 2)):
        path = target / f"{game}-{players}p-seed{seed}.jsonl"
        write_replay(record(game, players, seed).log, path)
        written.append(path)
    return written


def main(games: list[str]) -> None:
    for game in games or game_names():
        for path in make_golden(game):
            print(f"wrote {path.relative_to(GOLDEN.parents[1])}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog=MAKE, description="Regenerate the golden replays, after a rules change you"
                                     " mean: every registered game's, or those named.")
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"a game id: {', '.join(game_names())}")
    named = parser.parse_args().games
    if unknown := sorted(set(named) - set(game_names())):
        parser.error(f"unknown game {', '.join(unknown)}; known games: {', '.join(game_names())}")
    main(named)
