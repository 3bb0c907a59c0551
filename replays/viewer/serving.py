"""Starting the viewer: `meeplog serve` over a store and `meeplog replay view` over one file, under uvicorn.

Both check what they are asked to show before listening, so a wrong path is one line on the terminal (a SQLite
path that holds no file yet is refused rather than created). The viewer only reads the store, but for the games
started from its lobby, which are stored like any other; their seat links are printed on the terminal.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import typer

from meeplog.core.store import open_store
from meeplog.replays.format import read_replay
from meeplog.replays.viewer.app import create_app
from meeplog.replays.viewer.library import FileLibrary, Library, StoreLibrary
from meeplog.replays.viewer.tables import Tables


def store_library(db: str) -> StoreLibrary:
    if db != "memory" and "://" not in db and not Path(db).is_file():
        raise ValueError(f"no store at {db!r}; give the SQLite file (or postgresql:// URL) with --db")
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


def serve(library: Library, host: str, port: int) -> None:
    import uvicorn

    listening = listen(host, port)
    print(f"Meeplog viewer on http://{host}:{listening.getsockname()[1]}/ (Ctrl-C stops it)", flush=True)
    store = library.store if isinstance(library, StoreLibrary) else None
    app = create_app(library, Tables(store, lambda line: print(line, flush=True)))
    config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=1)
    uvicorn.Server(config).run(sockets=[listening])


def listen(host: str, port: int) -> socket.socket:
    """The viewer's socket, bound before the server starts: an address that is taken, or not this machine's, is
    a usage error in one line (uvicorn would print its own and exit 3)."""
    try:
        return socket.create_server((host, port))
    except OSError as error:
        reason = os.strerror(error.errno) if error.errno else str(error)
        raise typer.BadParameter(f"cannot listen on {host}:{port}: {reason}; give another --host or --port") from None
