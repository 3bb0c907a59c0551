"""A game's data file: the bundled one, or another that a config names, loaded once and hashed for replays.

Configs hold `data_file=None` for the bundled file, so that a stored game or replay names no path of
the machine it was recorded on; the data hash in GameStarted says which data it was played with. A file
that cannot be read or parsed, or holds data its game refuses, raises BadDataFile: one line naming the file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Generic, TypeVar

from pydantic import ValidationError

from meeplog.core.kernel import file_hash

T = TypeVar("T")


class BadDataFile(ValueError):
    """A data file that cannot be read, is not valid TOML or JSON, or holds data its game refuses."""


class DataFile(Generic[T]):
    def __init__(self, bundled: Path, parse: Callable[[Path], T]) -> None:
        self.bundled = bundled
        self._load = cache(lambda path: _checked(parse, Path(path)))
        self._hash = cache(lambda path: _checked(file_hash, Path(path)))

    def path(self, chosen: str | None) -> Path:
        return Path(chosen) if chosen else self.bundled

    def load(self, chosen: str | None) -> T:
        """The parsed data, shared by every state that plays with it (states hold it by reference)."""
        return self._load(str(self.path(chosen)))

    def hash(self, chosen: str | None) -> str:
        """The digest of the data `load` gives, once per process as the data is read once (every game records it)."""
        return self._hash(str(self.path(chosen)))


def _checked(parse: Callable[[Path], T], path: Path) -> T:
    with _refusing(path):
        return parse(path)


@contextmanager
def _refusing(path: Path) -> Iterator[None]:
    """Turn what goes wrong reading `path` into a BadDataFile whose message names the file and the fault."""
    try:
        yield
    except OSError as error:
        fault = f"cannot read the data file {path}: {error.strerror}"
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        where = ".".join(map(str, first["loc"])) or "the file"
        more = f" (and {error.error_count() - 1} more)" if error.error_count() > 1 else ""
        fault = f"the data file {path} holds bad data: {where}: {first['msg']}{more}"
    except ValueError as error:  # TOML, JSON or text encoding
        fault = f"the data file {path} cannot be parsed: {' '.join(str(error).split())}"
    else:
        return
    raise BadDataFile(f"{fault}; name another file, or leave data_file out to play with the bundled one")
