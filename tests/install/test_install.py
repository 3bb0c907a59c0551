"""Meeplog as users install it (DESIGN.md section 10): the wheel and the sdist built from this checkout, the wheel
installed bare into a fresh venv with a command of each kind run there, then each extra added in turn with a
command that needs it.

The tests share one venv and run in this file's order, the bare install's first (they check that no extra is
there yet). To stay within a minute or two on a warm machine, the dependencies' wheels are kept outside the
checkout (WHEELHOUSE) and every install is --no-index from there; a run that misses a wheel fills the wheelhouse
from the package index first (about 20 s where pip's cache or a local index holds them, more on a new machine).
Installs skip compiling every file's bytecode up front (Python writes it for what it imports), and the extras are
added to one venv in turn. The llama extra is left out: it brings llama.cpp's server only, which no Meeplog
module imports, and building it takes minutes (tests/llm_server play against it in .venv). Marked `install`:
scripts/test runs it, and `-m 'not install'` leaves it out.
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import tomllib
import urllib.request
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from meeplog.core.compiled import ROOT

pytestmark = [pytest.mark.install, pytest.mark.slow]

CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "meeplog"
WHEELHOUSE = CACHE / "wheelhouse"
EXTRAS = ("viewer", "pettingzoo", "ray", "plots")
PIP = (sys.executable, "-m", "pip")
GAMES = ["donkey", "forest", "hike", "routard", "trekking"]
RANDOM_SEATS = ("-p", "random") * 3  # Old Man of the Forest's smallest table
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def run(*command: str | Path, cwd: Path | None = None, timeout: float = 300,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run `command`, which must succeed (its output's end is the failure's message)."""
    done = attempt(*command, cwd=cwd, timeout=timeout, env=env)
    assert done.returncode == 0, f"{' '.join(map(str, command))}:\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    return done


def attempt(*command: str | Path, cwd: Path | None = None, timeout: float = 300,
            env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run `command` in a user's environment, with `env` over it."""
    return subprocess.run([str(part) for part in command], cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          check=False, env={**user_environment(), **(env or {})})


def user_environment() -> dict[str, str]:
    """This process's environment without what points Python at the checkout or its .venv, and wide enough that
    no table wraps a line the tests read."""
    hidden = {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"}
    # The wheels built here are pure Python: these tests check the package's layout and extras, and compiling
    # takes minutes a build (tests/install/test_wheels.py builds the compiled wheel once per source).
    return {**{k: v for k, v in os.environ.items() if k not in hidden}, "COLUMNS": "200", "PYTHONUNBUFFERED": "1",
            "MEEPLOG_COMPILE": "0"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass(frozen=True)
class Built:
    wheel: Path  # `pip wheel --no-deps .` in a copy of the checkout
    sdist: Path
    wheel_from_sdist: Path  # what pip builds when an index offers only the sdist


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    source = checkout_copy(tmp_path_factory.mktemp("source"))
    dist = tmp_path_factory.mktemp("dist")
    run(*PIP, "wheel", "--no-deps", "--wheel-dir", dist / "tree", source)
    run(sys.executable, "-c", "import sys; from setuptools import build_meta; build_meta.build_sdist(sys.argv[1])",
        dist, cwd=source)
    [sdist] = dist.glob("*.tar.gz")
    run(*PIP, "wheel", "--no-deps", "--no-build-isolation", "--wheel-dir", dist / "sdist", sdist)
    [wheel], [from_sdist] = (dist / "tree").glob("*.whl"), (dist / "sdist").glob("*.whl")
    return Built(wheel, sdist, from_sdist)


def checkout_copy(target: Path) -> Path:
    """The files a clone of this checkout holds, as they are now (untracked ones that git does not ignore too):
    a build in the checkout itself would leave build/ and an egg-info behind, under other people's feet."""
    listed = run("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", cwd=ROOT).stdout
    for name in filter(None, listed.split("\0")):
        if (ROOT / name).is_file():  # a file deleted but not yet staged is still listed
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)
    return target


def install(python: Path, requirement: str, wheel: Path) -> None:
    """Install `requirement` into `python`'s venv from the wheelhouse alone, filling the wheelhouse first if it
    lacks a wheel the requirement needs."""
    command = (*PIP, "--python", python, "install", "--no-compile", "--no-index", "--find-links", WHEELHOUSE,
               requirement)
    if attempt(*command).returncode != 0:
        fill_wheelhouse(wheel)
        run(*command)


def fill_wheelhouse(wheel: Path) -> None:
    """Every wheel Meeplog and all the extras tested need, from the package index, each moved into the
    wheelhouse whole (another run may be installing from it meanwhile; one fills it at a time)."""
    WHEELHOUSE.mkdir(parents=True, exist_ok=True)
    with (CACHE / "wheelhouse.lock").open("w") as lock, tempfile.TemporaryDirectory(dir=CACHE) as fresh:
        fcntl.flock(lock, fcntl.LOCK_EX)
        run(*PIP, "wheel", "--find-links", WHEELHOUSE, "--wheel-dir", fresh, f"{wheel}[{','.join(EXTRAS)}]")
        for found in Path(fresh).glob("*.whl"):
            if not found.name.startswith("meeplog-"):  # each test run installs its own build of Meeplog
                os.replace(found, WHEELHOUSE / found.name)


@dataclass
class Venv:
    """A fresh venv holding Meeplog's wheel, whose commands run in a folder outside the checkout."""

    path: Path
    wheel: Path
    work: Path
    extras: set[str] = field(default_factory=set)

    def add(self, extra: str) -> None:
        self.extras.add(extra)
        install(self.path / "bin" / "python", f"{self.wheel}[{','.join(sorted(self.extras))}]", self.wheel)

    def meeplog(self, *args: str | Path) -> subprocess.CompletedProcess[str]:
        return attempt(self.path / "bin" / "meeplog", *args, cwd=self.work)

    def python(self, *args: str) -> subprocess.CompletedProcess[str]:
        return attempt(self.path / "bin" / "python", *args, cwd=self.work)

    @contextmanager
    def serving(self, *args: str | Path) -> Iterator[subprocess.Popen[str]]:
        """`meeplog ARGS` as a server while the block runs."""
        process = subprocess.Popen([str(self.path / "bin" / "meeplog"), *map(str, args)], cwd=self.work, text=True,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=user_environment())
        try:
            yield process
        finally:
            process.terminate()
            process.communicate(timeout=30)


@pytest.fixture(scope="module")
def venv(built: Built, tmp_path_factory: pytest.TempPathFactory) -> Venv:
    path = tmp_path_factory.mktemp("venv")
    run(sys.executable, "-m", "venv", "--without-pip", path)  # the checkout's pip installs into it
    install(path / "bin" / "python", str(built.wheel), built.wheel)
    return Venv(path, built.wheel, tmp_path_factory.mktemp("work"))


@dataclass(frozen=True)
class Played:
    db: Path
    game: str
    replay: Path


@pytest.fixture(scope="module")
def played(venv: Venv) -> Played:
    """A game played, stored and exported by the installed Meeplog."""
    db, replay = venv.work / "g.db", venv.work / "game.jsonl"
    done = venv.meeplog("play", "forest", *RANDOM_SEATS, "--seed", "7", "--db", db, "-q")
    assert done.returncode == 0, done.stderr
    game = re.search(r"stored as game (\S+) in", done.stdout)
    assert game, done.stdout
    exported = venv.meeplog("replay", "export", game[1], "-o", replay, "--db", db)
    assert exported.returncode == 0, exported.stderr
    return Played(db, game[1], replay)


def fetched(url: str, server: subprocess.Popen[str], seconds: float = 60) -> str:
    """The page at `url` (on loopback, never through a proxy) once the starting `server` answers."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    deadline = time.monotonic() + seconds
    while server.poll() is None and time.monotonic() < deadline:
        try:
            with opener.open(url, timeout=5) as response:
                return str(response.read().decode())
        except OSError:
            time.sleep(0.2)
    pytest.fail(f"no page at {url}; the server {'stopped' if server.poll() is not None else 'is still starting'}")


def names(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        return sorted(archive.namelist())


def test_the_wheel_holds_one_import_package_meeplog_with_its_data(built):
    files = names(built.wheel)
    assert {name.split("/")[0] for name in files} == {"meeplog", f"meeplog-{VERSION}.dist-info"}
    assert "meeplog/__main__.py" in files and "meeplog/__init__.py" in files
    for game in GAMES:
        assert f"meeplog/games/{game}/RULES.md" in files
    assert any(name.startswith("meeplog/replays/viewer/templates/") for name in files)


def test_the_sdist_builds_a_wheel_of_the_same_files(built):
    assert names(built.wheel_from_sdist) == names(built.wheel)


def test_a_bare_install_runs_a_command_of_each_kind_from_outside_the_checkout(venv, played):
    assert not venv.extras, "runs on the bare install: before any extra is added"
    # the wheels built here are the pure ones (MEEPLOG_COMPILE=0), and say so
    assert venv.meeplog("--version").stdout.startswith(f"meeplog {VERSION} (pure Python: about half as fast")
    listed = venv.python("-m", "meeplog", "games")
    assert listed.returncode == 0 and listed.stderr == "", listed.stderr  # no plug-in left out, with a warning
    assert re.findall(r"^(\w+)  .*, \d+-\d+ players$", listed.stdout, re.MULTILINE) == GAMES
    assert played.game[:8] in venv.meeplog("list", "--db", played.db).stdout
    assert "game over:" in venv.meeplog("log", played.game, "--db", played.db).stdout
    for command in (("replay", "verify", played.replay), ("schema", "forest")):
        done = venv.meeplog(*command)
        assert done.returncode == 0, done.stderr
    results = venv.work / "results"
    done = venv.meeplog("tournament", "forest", *RANDOM_SEATS, "--games", "3", "--workers", "1", "--db", played.db,
                        "--out", results)
    assert done.returncode == 0, done.stderr
    assert sorted(path.suffix for path in results.iterdir()) == [".csv", ".json"]  # matplotlib is the plots extra
    assert done.stdout.count("meeplog[plots]") == 1, done.stdout  # the PNG's absence, said in one line
    assert "no PNG plot: matplotlib is not installed" in done.stdout, done.stdout
    ranked = venv.meeplog("leaderboard", "--db", played.db)
    assert ranked.returncode == 0 and "random" in ranked.stdout, ranked.stderr  # numpy is a base dependency
    found = venv.python("-c", "import importlib.util as u; print([n for n in ('core', 'games', 'players', "
                              "'replays') if u.find_spec(n)])")
    assert found.stdout == "[]\n", found.stderr  # nothing but meeplog at the top of site-packages


def test_a_bare_install_plays_a_model_seat_against_its_mock_model(venv, played):
    assert not venv.extras, "runs on the bare install: before any extra is added"
    with venv.serving("mock-llm", "--port", "0") as mock:
        assert mock.stdout is not None
        url = re.search(r"mock model at (\S+) ", mock.stdout.readline())
        assert url, "mock-llm did not start"
        done = venv.meeplog("play", "forest", "-p", f"llm:base_url={url[1]},model=mock", "-p", "random", "-p",
                            "random", "--seed", "3", "--db", played.db, "-q")
    assert done.returncode == 0 and "stored as game" in done.stdout, done.stderr


def test_a_bare_install_names_the_extra_a_command_needs_in_one_line(venv, played):
    assert not venv.extras, "runs on the bare install: before any extra is added"
    ray = ("tournament", "forest", *RANDOM_SEATS, "--games", "3", "--db", played.db, "--backend", "ray")
    png = ("leaderboard", "--db", played.db, "--png", venv.work / "board.png")
    for command, extra in ((("serve", "--db", played.db), "viewer"), (("replay", "view", played.replay), "viewer"),
                           (ray, "ray"), (png, "plots")):
        done = venv.meeplog(*command)
        assert done.returncode == 2, done.stderr
        assert done.stderr.count("\n") == 1 and f"pip install 'meeplog[{extra}]'" in done.stderr, done.stderr
    imported = venv.python("-c", "from meeplog.players.environments import env")
    assert imported.stderr.splitlines()[-1].startswith(
        "meeplog.core.extras.MissingExtra: meeplog.players.environments needs the pettingzoo extra: "
        "pip install 'meeplog[pettingzoo]'"
    ), imported.stderr


def test_the_viewer_extra_serves_a_store(venv, played):
    venv.add("viewer")
    port = free_port()
    with venv.serving("serve", "--db", played.db, "--port", str(port)) as viewer:
        page = fetched(f"http://127.0.0.1:{port}/games", viewer)
    assert played.game[:8] in page


def test_the_pettingzoo_extra_makes_a_game_an_environment(venv):
    venv.add("pettingzoo")
    done = venv.python("-m", "meeplog.players.environments", "hike")
    assert done.returncode == 0, done.stderr
    assert "## actions: Discrete(" in done.stdout


def test_the_plots_extra_draws_the_tournament_and_the_leaderboard(venv, played):
    venv.add("plots")
    results = venv.work / "plotted"
    done = venv.meeplog("tournament", "forest", *RANDOM_SEATS, "--games", "3", "--workers", "1", "--db", played.db,
                        "--out", results)
    assert done.returncode == 0, done.stderr
    assert "meeplog[plots]" not in done.stdout
    assert sorted(path.suffix for path in results.iterdir()) == [".csv", ".json", ".png"]
    board = venv.work / "board.png"
    drawn = venv.meeplog("leaderboard", "--db", played.db, "--png", board)
    assert drawn.returncode == 0 and board.read_bytes().startswith(b"\x89PNG"), drawn.stderr


def test_the_ray_extra_brings_the_ray_backend(venv, played):
    venv.add("ray")
    address = f"127.0.0.1:{free_port()}"  # nothing listens there: Ray is imported, and the cluster is missing
    done = venv.meeplog("tournament", "forest", *RANDOM_SEATS, "--games", "3", "--db", played.db, "--backend", "ray",
                        "--address", address)
    assert done.returncode == 1 and f"no Ray cluster at {address!r}" in done.stderr, done.stderr
