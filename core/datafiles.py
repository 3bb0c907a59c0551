"""A game's data file: the bundled one, or another that a config names, loaded once and hashed for replays.

Configs hold `data_file=None` for the bundled file, so that a stored game or replay names no path of
the machine it was recorded on; the data hash in GameStarted says which data it was played with.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Generic, TypeVar

from core.kernel import file_hash

T = TypeVar("T")


class DataFile(Generic[T]):
    def __init__(self, bundled: Path, parse: Callable[[Path], T]) -> None:
        self.bundled = bundled
        self._load = cache(lambda path: parse(Path(path)))

    def path(self, chosen: str | None) -> Path:
        return Path(chosen) if chosen else self.bundled

    def load(self, chosen: str | None) -> T:
        """The parsed data, shared by every state that plays with it (states hold it by reference)."""
        return self._load(str(self.path(chosen)))

    def hash(self, chosen: str | None) -> str:
        return file_hash(self.path(chosen))
