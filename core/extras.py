"""Optional extras: a part of Meeplog whose extra is not installed says in one line which one to install.

A bare `pip install meeplog` runs every command whose extra it has (DESIGN.md section 10). The code that needs
an extra (the viewer, the PettingZoo environments, the Ray backend) imports it inside `needs_extra`, and never
when the command line starts, so a missing module becomes MissingExtra, whose message names the extra
(`pip install 'meeplog[viewer]'`), instead of a traceback or a command line that fails whole. The command line
prints it in one line with exit status 2: the install is what is wrong, not the game asked for.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


class MissingExtra(ImportError):
    """A part of Meeplog whose optional dependencies are not installed; the message says what to install."""


@contextmanager
def needs_extra(extra: str, what: str) -> Iterator[None]:
    """Turn a module missing while the block imports what `what` needs into MissingExtra naming `extra`.

    Only a third-party module counts: one of Meeplog's own missing is a broken install or a bug, and stays the
    error it is. The module's name is kept in the message, so a half-installed extra can be told too."""
    try:
        yield
    except ModuleNotFoundError as error:
        if error.name is None or error.name.partition(".")[0] == "meeplog":
            raise
        raise MissingExtra(
            f"{what} needs the {extra} extra: pip install 'meeplog[{extra}]' (no module named {error.name!r})",
            name=error.name,
        ) from None  # the message names the module: the import's traceback adds nothing a user can act on
