"""Starting the viewer: `meeplog serve` over a store and `meeplog replay view` over one file, under uvicorn.

Both check what they are asked to show before listening, so a wrong path is one line on the terminal. A SQLite
path that holds no file yet is a new store, made there and said so (its folder must exist). The viewer only reads
the store, but for the tables (core/tables), whose games and records it stores as they are played; their seat
links are printed on the terminal.

A store is served by any number of processes when it is PostgreSQL's (`--workers N` runs N uvicorn workers over
one socket, and other `meeplog serve` processes may serve it too); a SQLite store by one process, which holds it
while it serves, so a second one is refused in one line, and so is `--workers` above 1.
"""

from __future__ import annotations

import gc
import os
import socket
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import typer
from starlette.applications import Starlette

from meeplog.core.agents.ladder import Rung
from meeplog.core.store import open_store
from meeplog.core.tables.service import Tables
from meeplog.replays.format import read_replay
from meeplog.replays.viewer.app import create_app
from meeplog.replays.viewer.library import FileLibrary, Library, StoreLibrary

DB_VARIABLE = "MEEPLOG_SERVE_DB"  # the store of `--workers` processes, which uvicorn starts by importing worker_app
YOUNG_GENERATION = 50_000  # allocations between two collections of the youngest objects (Python's default: 700)


def store_library(db: str, *, say: bool = False) -> StoreLibrary:
    """The library of the store `db`; a SQLite path with no file yet becomes a new store (`say`: printed)."""
    if db != "memory" and "://" not in db and not Path(db).exists():
        store = open_store(db)
        if say:
            print(f"no store at {db}: created a new one at {Path(db).resolve()}", flush=True)
        return StoreLibrary(store, shown(db))
    return StoreLibrary(open_store(db), shown(db))


def shown(db: str) -> str:
    """The store's name as the pages print it: a database URL without its password."""
    url = urlsplit(db)
    if not url.password:
        return db
    return urlunsplit(url._replace(netloc=url.netloc.replace(f":{url.password}@", ":***@", 1)))


def file_library(path: Path) -> FileLibrary:
    """The file's library, once its game is known to read: a damaged file is refused here, in one line."""
    if not path.is_file():
        raise ValueError(f"no replay file at {str(path)!r}")
    read_replay(path)
    return FileLibrary(path)


def check_workers(db: str, workers: int, ladder: Sequence[Rung] = ()) -> None:
    """ValueError, in one line, for more than one process over a store only one process may serve, or a ladder
    (which runs in one process) over several."""
    if workers > 1 and ladder:
        raise ValueError(f"--workers {workers} with --ladder: the ladder seats agents from one process; serve the"
                         " ladder with --workers 1 (other `meeplog serve` processes may serve the same store)")
    if workers > 1 and not db.startswith(("postgresql://", "postgres://")):
        raise ValueError(f"--workers {workers}: a SQLite store is served by one process; serve a postgresql:// store"
                         " to run several")


def open_tables(library: StoreLibrary) -> Tables:
    """The store's tables, open: every unfinished one resumed (StoreBusy if another process holds a SQLite store)."""
    tables = Tables(library.store)
    tables.open()
    return tables


def serve(library: Library, host: str, port: int, tables: Tables | None = None, workers: int = 1, *,
          ladder: Sequence[Rung] = ()) -> None:
    import uvicorn

    listening = listen(host, port)
    print(f"Meeplog viewer on http://{host}:{listening.getsockname()[1]}/ (Ctrl-C stops it)", flush=True)
    if workers > 1:
        assert isinstance(library, StoreLibrary)
        os.environ[DB_VARIABLE] = library.store.db
        config = uvicorn.Config(f"{__name__}:worker_app", factory=True, workers=workers, log_level="warning",
                                timeout_graceful_shutdown=1)
        from uvicorn.supervisors import Multiprocess

        Multiprocess(config, sockets=[listening]).run()
        return
    app = create_app(library, tables, announce, ladder)
    collect_less()
    config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=1)
    uvicorn.Server(config).run(sockets=[listening])


def worker_app() -> Starlette:
    """The app of one `--workers` process, over the store its parent named in DB_VARIABLE."""
    db = os.environ[DB_VARIABLE]
    app = create_app(StoreLibrary(open_store(db), shown(db)), announce=announce)
    collect_less()
    return app


def collect_less() -> None:
    """Fewer passes of the cycle collector in a serving process. A decision at a table makes thousands of
    short-lived objects (its request, its models, its records), nearly all freed by their counts alone, while each
    pass walks what the process keeps: by default a pass every 700 allocations. What start-up loaded is frozen out
    of every pass, and the youngest objects are collected every YOUNG_GENERATION allocations
    (docs/performance.md: a fifth off the p99 of a decision's round trip under a ladder)."""
    gc.freeze()
    gc.set_threshold(YOUNG_GENERATION, *gc.get_threshold()[1:])


def announce(line: str) -> None:
    print(line, flush=True)


def listen(host: str, port: int) -> socket.socket:
    """The viewer's socket, bound before the server starts: an address that is taken, or not this machine's, is
    a usage error in one line (uvicorn would print its own and exit 3)."""
    try:
        return socket.create_server((host, port))
    except OSError as error:
        reason = os.strerror(error.errno) if error.errno else str(error)
        raise typer.BadParameter(f"cannot listen on {host}:{port}: {reason}; give another --host or --port") from None
