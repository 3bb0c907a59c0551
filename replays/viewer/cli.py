"""`meeplog serve`: the web viewer over a store (its games, tournaments and the game debugger), read-only."""

from __future__ import annotations

from typing import Annotated

import typer

from meeplog.core.store import DEFAULT_DB
from meeplog.replays.viewer.serving import DEFAULT_HOST, DEFAULT_PORT, store_library
from meeplog.replays.viewer.serving import serve as serve_library


def serve(
    db: Annotated[str, typer.Option("--db", help="a SQLite file or postgresql://user@host:port/db")] = DEFAULT_DB,
    host: Annotated[str, typer.Option(help="the address to listen on (127.0.0.1: this machine only)")] = DEFAULT_HOST,
    port: Annotated[int, typer.Option(min=0, max=65535, help="the port to listen on")] = DEFAULT_PORT,
) -> None:
    """Serve the web viewer over a store: games, tournaments, and each game step by step from any seat."""
    from meeplog.core.cli import user_errors

    with user_errors():
        library = store_library(db)
    serve_library(library, host, port)
