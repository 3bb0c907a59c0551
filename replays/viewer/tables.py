"""Games played from the browser: a table is a game played on the server, its person seats answered from their
seat pages, every other seat by its player (a bot, a model, an HTTP agent) under the match runner.

Each table plays in a thread of its own with its own event loop, so a bot's long search never holds up a page, and
everything that touches the game happens on that thread: after every decision it builds each person seat's sheet
(sheets.py: the seat's view, legal commands and feed only), which the pages read, and a command from a page is
handed to that thread, which checks it against the very commands the seat is being asked for.

Each person seat has a secret token (`secrets.token_urlsafe`), made when the table is laid and handed out once,
in the answer to whoever laid it and on the server's terminal; it is never stored, listed or put in an event
(boardgame.io's issue #429 is why). A command or a seat page without the seat's token is refused (403), and the
debugger keeps such a game closed until it ends. The game is saved after every decision like any other game with
a person in it. Tables live in the server's memory: a person who closes the tab comes back to the same seat by
its link while the server runs, and the game waits for them unless a turn timer was set, in which case the
runner's timeout applies to every seat and the fallback's move is recorded (PlayerFellBack).
"""

from __future__ import annotations

import asyncio
import random
import secrets
import threading
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from meeplog.core.codec import Codec, DecodeError
from meeplog.core.game import Game
from meeplog.core.kernel import Command
from meeplog.core.options import configure
from meeplog.core.players import Need, Observation, Player, make_player
from meeplog.core.registry import UnknownName, load_rules
from meeplog.core.runner import MatchRunner, MatchSettings, Saver
from meeplog.core.specs import NamedSpec, PlayerSpec
from meeplog.replays.viewer.sheets import sheet

PERSON = "person"  # the spec of a seat played from its page
FEED_EVENTS = 200  # the latest records a sheet's feed is read from
OFFER_SECONDS = 10.0  # how long a page waits for the table's thread to take its command


class Refused(Exception):
    """A command or page a seat may not have; `status` is the HTTP answer (403 without the token, 409 when the
    command is not one the seat may play now)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Setup:
    """A game as the lobby asks for it: a player spec per seat (`person` for a seat played from its page)."""

    game: str
    seats: tuple[str, ...]
    options: dict[str, str] = field(default_factory=dict)
    turn_seconds: float | None = None
    seed: int | None = None
    fallback: str = "random"


class PersonSeat(Player):
    """A seat answered from its page: `act` waits until the page sends one of the commands it is asked for."""

    expensive = True
    needs = Need.NOTHING  # the page reads the seat's sheet, built by the table

    def __init__(self, seat: int) -> None:
        super().__init__(options=None, seed=seat)  # type: ignore[arg-type]
        self.asked: tuple[Sequence[Command], asyncio.Future[Command]] | None = None

    def describe(self) -> str:
        return "a person at the seat's page"

    async def act(self, obs: Observation) -> Command:
        answer: asyncio.Future[Command] = asyncio.get_running_loop().create_future()
        self.asked = (obs.legal, answer)
        try:
            return await answer
        finally:
            self.asked = None

    def take(self, command: Command) -> None:
        """Play `command` if the seat is being asked and may play it (on the table's loop)."""
        if self.asked is None or self.asked[1].done():
            raise Refused(409, "the seat is not being asked for a move now; wait for your turn")
        legal, answer = self.asked
        if command not in legal:
            raise Refused(409, "that command is not among the legal ones now")
        answer.set_result(command)


class Table:
    """One game being played on the server, in its own thread."""

    def __init__(self, setup: Setup, store: Saver) -> None:
        rules = load_rules(setup.game)
        specs = [None if text == PERSON else NamedSpec.parse(text) for text in setup.seats]
        config = configure(rules, len(specs), setup.options)
        seed = setup.seed if setup.seed is not None else random.randrange(2**31)
        self.people = {seat: PersonSeat(seat) for seat, spec in enumerate(specs) if spec is None}
        players = [
            self.people[seat] if spec is None else make_player(spec.spec, seed * 1_000 + seat)
            for seat, spec in enumerate(specs)
        ]
        fallbacks = [make_player(PlayerSpec.parse(setup.fallback), seed * 1_000 + seat) for seat in range(len(specs))]
        self.game = Game.start(rules, config, [PERSON if s is None else str(s) for s in specs], seed)
        self.id = str(self.game.id)
        self.tokens = {seat: secrets.token_urlsafe(24) for seat in self.people}
        self.turn_seconds = setup.turn_seconds
        self.store = store
        settings = MatchSettings(timeout=setup.turn_seconds, save_every_decision=True)
        self.runner = MatchRunner(
            self.game, players, fallbacks, settings=settings, store=store, on_decision=self._drawn
        )
        self.codec = Codec(rules.commands)
        self.sheets: dict[int, dict[str, Any]] = {}
        self.stopped = ""  # why the game stopped before its end, if it did
        self.finished = False
        self._loop = asyncio.new_event_loop()
        self._drawn(self.game)
        self._thread = threading.Thread(target=self._play, name=f"table {self.id[:8]}", daemon=True)

    def start(self) -> None:
        """Store the game as it starts (so the lists show it at once) and play it."""
        self.store.save(self.game)
        self._thread.start()

    def _play(self) -> None:
        try:
            self._loop.run_until_complete(self.runner.play())
        except Exception as error:  # the game stops; its pages say why, the store holds what was played
            self.stopped = f"{type(error).__name__}: {error}"
        finally:
            self.finished = True
            self._drawn(self.game)

    def _drawn(self, game: Game) -> None:
        """Each person seat's sheet for the game as it stands (on the table's thread)."""
        events = [recorded.event for recorded in game.log[-FEED_EVENTS:]]
        for seat in self.people:
            drawn = sheet(game.rules, game.state, seat, seats=game.started.seats, events=events, version=game.version)
            if self.stopped:
                drawn |= {"status": f"the game stopped: {self.stopped}", "over": True, "yours": False, "commands": []}
            drawn["turn_seconds"] = self.turn_seconds
            self.sheets[seat] = drawn

    def check(self, seat: int, token: str) -> None:
        """Refuse (403) anyone without `seat`'s token."""
        if seat not in self.people:
            raise Refused(403, f"seat {seat} is not played from the browser at this table")
        if not secrets.compare_digest(token.encode(), self.tokens[seat].encode()):
            raise Refused(403, f"this is not seat {seat}'s link: its token is missing or wrong")

    def sheet(self, seat: int, token: str) -> dict[str, Any]:
        self.check(seat, token)
        return self.sheets[seat]

    def offer(self, seat: int, token: str, version: int, data: Any) -> None:
        """Play the command `data` (its JSON) for `seat`, as seen at `version` (from a web thread)."""
        self.check(seat, token)
        try:
            command = self.codec.decode(data)
        except (DecodeError, KeyError, TypeError, ValueError) as error:
            raise Refused(400, f"not a command of {self.game.rules.title}: {error}") from None
        if not isinstance(command, Command):
            raise Refused(400, "not a command")

        async def hand_over() -> None:
            if version != self.game.version:
                raise Refused(409, "the game has moved on since that page was drawn; choose again")
            self.people[seat].take(command)

        if self.finished:
            raise Refused(409, "the game is over")
        asyncio.run_coroutine_threadsafe(hand_over(), self._loop).result(OFFER_SECONDS)


class Tables:
    """The tables of one server, by game id; `announce` prints a line on the server's terminal."""

    def __init__(self, store: Saver | None, announce: Callable[[str], None] = lambda _: None) -> None:
        self.store = store
        self.announce = announce
        self._tables: dict[str, Table] = {}

    def lay(self, setup: Setup, base_url: str) -> tuple[Table, dict[int, str]]:
        """Start a game for `setup`; the table and each person seat's link (its secret)."""
        if self.store is None:
            raise Refused(404, "a replay file cannot take new games; serve a store (`meeplog serve --db ...`)")
        try:
            table = Table(setup, self.store)
        except UnknownName as error:  # a game or player the lobby was not offered: a bad request like the others
            raise ValueError(str(error)) from None
        links = {seat: f"{base_url}play/{table.id}/{seat}?token={token}" for seat, token in table.tokens.items()}
        self._tables[table.id] = table
        table.start()
        self.announce(f"{table.game.rules.title}, game {table.id}:")
        for seat, link in links.items():
            self.announce(f"  seat {seat}: {link}")
        return table, links

    def get(self, game_id: str) -> Table:
        found = self._tables.get(game_id)
        if found is None:
            raise Refused(404, f"no game {game_id} is being played at this server's tables")
        return found

    def guard(self, game_id: uuid.UUID | str) -> None:
        """Refuse (403) the debugger a game people are playing here: it shows every seat's hand."""
        table = self._tables.get(str(game_id))
        if table is not None and table.people and not table.finished:
            raise Refused(403, "people are playing this game from their seats; its debugger opens when it is over")

    def playing(self) -> list[Table]:
        return [table for table in self._tables.values() if not table.finished]
