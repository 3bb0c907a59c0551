"""`meeplog serve`: the web viewer over a store (its games, tournaments and the game debugger), and its lobby, where
people start games and play seats from the browser (the only games it writes).

The viewer needs the `viewer` extra and this module does not: the command line loads it at start-up, so a bare
install still runs every other command, and `serve` says in one line which extra to install (core/extras.py).
"""

from __future__ import annotations

from typing import Annotated

import typer

from meeplog.core.extras import needs_extra
from meeplog.core.store import DEFAULT_DB

HostOption = Annotated[str, typer.Option(help="the address to listen on (127.0.0.1: this machine only)")]
PortOption = Annotated[int, typer.Option(min=0, max=65535, help="the port to listen on")]
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def serve(
    db: Annotated[str, typer.Option("--db", help="a SQLite file or postgresql://user@host:port/db")] = DEFAULT_DB,
    host: HostOption = DEFAULT_HOST,
    port: PortOption = DEFAULT_PORT,
    workers: Annotated[int, typer.Option(min=1, help="server processes over one socket (a PostgreSQL store only)")] = 1,
    ladder: Annotated[list[str] | None, typer.Option(
        help="GAME[:SEATS]: seat the connected agents at this game continuously, every game rated (repeatable;"
             " SEATS defaults to the game's fewest players; docs/agents.md)")] = None,
) -> None:
    """Serve the web viewer over a store (made if the SQLite file does not exist yet): games, tournaments, each game
    step by step from any seat, and a lobby to play seats from the browser (the seat links of each game started
    there are printed here). Every table left unfinished when a server stopped goes on. Registered agents
(`meeplog agents`) connect out to it and play; `--ladder` seats them."""
    from meeplog.core.cli import user_errors

    with user_errors():
        with needs_extra("viewer", "`meeplog serve`"):
            from meeplog.replays.viewer.serving import check_workers, open_tables, store_library
            from meeplog.replays.viewer.serving import serve as serve_library
        from meeplog.core.agents.ladder import Rung

        rungs = [Rung.parse(text) for text in ladder or []]
        check_workers(db, workers, rungs)
        library = store_library(db, say=True)
        tables = open_tables(library) if workers == 1 else None
    serve_library(library, host, port, tables, workers, ladder=rungs)
