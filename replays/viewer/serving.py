"""Starting the viewer: `meeplog serve` over a store and `meeplog replay view` over one file, under uvicorn.

Both check what they are asked to show before listening, so a wrong path is one line on the terminal; the
store is only ever read (a SQLite path that holds no file yet is refused rather than created).
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from meeplog.core.store import open_store
from meeplog.replays.format import read_replay
from meeplog.replays.viewer.app import create_app
from meeplog.replays.viewer.library import FileLibrary, Library, StoreLibrary


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

    print(f"Meeplog viewer on http://{host}:{port}/ (Ctrl-C stops it)", flush=True)
    uvicorn.run(create_app(library), host=host, port=port, log_level="warning", timeout_graceful_shutdown=1)
