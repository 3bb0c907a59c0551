"""A table played by the process that owns it: its bots and models under the match runner, and each seat played
from outside waiting for the command sent to it (a record in the store, whichever process took it).

The game is played from the store, the first time as after a restart: set up again from its seed, the stored
decisions replayed (core/resume.py: a seat played from outside is not asked again, a seeded bot is and must answer
as it did), then played on. Only records past the stored ones are saved, after every decision, and each save is
announced (coordination.py), so every process's pages follow. Before a seat played from outside is asked, what the
game holds is saved, so the version a page sees is the version the seat is asked at, and the command sent for it
is found under that version. A command taken by this process is handed to the owner once it is committed (`tell`),
and read from the store only when another process may have taken it: the first time a seat is asked after the play
began (a command may have been stored before), when word of a change came since the asked version was saved (a
command stored by another process comes with its word), and when no word came for CHECK_SECONDS (a word lost).

A turn timer runs from the record that began the turn, as stored: after a restart the seat has what was left of
its time, and never less than RESUME_GRACE_SECONDS, so that a server's stop does not spend a person's turn.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime

from eventsourcing.persistence import IntegrityError

from meeplog.core.audit import CommandAccepted, GameStarted
from meeplog.core.codec import Codec
from meeplog.core.game import Game, Recorded
from meeplog.core.kernel import Command
from meeplog.core.players import AbortMatch, Need, Observation, Player, make_player
from meeplog.core.registry import load_rules
from meeplog.core.resume import Diverged
from meeplog.core.runner import MatchRunner, MatchSettings
from meeplog.core.specs import NamedSpec, PlayerSpec
from meeplog.core.store import GameStore
from meeplog.core.tables.events import SeatCommanded, TableLaid, command_id
from meeplog.core.tournament.progress import Progress, Records

RESUME_GRACE_SECONDS = 10.0
CHECK_SECONDS = 2.0  # how often a waiting seat looks in the store without word of a change (a lost notification)


class LostTable(AbortMatch):
    """Another process saved this game's next record first: it plays the table now, and this one stops."""


class CommandedSeat(Player):
    """A seat played from outside the server: `act` waits for the command sent to it."""

    expensive = True  # a person's move is never asked twice: a resumed game replays it
    needs = Need.NOTHING  # whoever plays it reads the table, not the observation

    def __init__(self, seat: int, playing: Playing) -> None:
        super().__init__(options=None, seed=seat)  # type: ignore[arg-type]
        self.seat = seat
        self.playing = playing

    def describe(self) -> str:
        return "a seat played from its page"

    async def act(self, obs: Observation) -> Command:
        return await self.playing.command_for(self.seat, obs.legal)


class Playing:
    """One owned table being played, on a thread of its own with its own event loop."""

    def __init__(self, store: GameStore, laid: TableLaid, history: Sequence[Recorded],
                 saved: Callable[[Sequence[Recorded]], None], ended: Callable[[Playing, str | None], None]) -> None:
        """`history` is the game as stored; `saved(records)` is called after each save, once committed, with the
        records saved; `ended(self, why)` once the play stops: `why` is empty when the game ended, says what stopped
        it for good, or is None when this process stopped playing it (stopping, or another process saved first) and
        the table goes on."""
        started = history[0].event
        assert isinstance(started, GameStarted)
        rules = load_rules(started.game)
        self.codec = Codec(rules.commands)
        self.store = store
        self.laid = laid
        self.stored = list(history)
        self.game = Game.start(rules, rules.Config(**started.config), started.seats, started.seed,
                               game_id=history[0].originator_id, origin=started.origin)
        players = [
            CommandedSeat(seat, self) if seat in laid.commanded
            else make_player(NamedSpec.parse(spec).spec, started.seed * 1_000 + seat)
            for seat, spec in enumerate(started.seats)
        ]
        fallbacks = [make_player(PlayerSpec.parse(laid.fallback), started.seed * 1_000 + seat)
                     for seat in range(len(players))]
        self._progress = Progress(self.stored, self._send)
        self._saved = saved
        self._ended = ended
        settings = MatchSettings(timeout=laid.turn_seconds, save_every_decision=True)
        self.runner = MatchRunner(self.game, players, fallbacks, settings=settings, store=self, stored=self.stored)
        self._loop = asyncio.new_event_loop()
        self._wake = asyncio.Event()
        self._told: dict[tuple[int, int], Command] = {}  # (seat, version): a command stored in this process
        self._words = 0  # how many words of a change woke this play (one may be of a command another process took)
        self._words_at_save = -1  # `_words` as the last save began (-1: none yet, the store may hold a command)
        self._inbox = threading.Lock()  # `_told` and `_words`, which the web's threads write
        self._resumed_at = datetime.now(UTC)
        self._thread = threading.Thread(target=self._play, name=f"table {str(self.game.id)[:8]}", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """Stop playing (the process is stopping, or lost its claim): what was saved stays, to be played on."""
        if self._thread.is_alive():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: the play ended by itself
                self._loop.call_soon_threadsafe(self._cancel_all)
            self._thread.join(5)

    def _cancel_all(self) -> None:
        for task in asyncio.all_tasks(self._loop):
            task.cancel()

    def wake(self) -> None:
        """Word that the table changed, perhaps a command stored by another process: a waiting seat looks for its
        command in the store (from any thread)."""
        with self._inbox:
            self._words += 1
        with contextlib.suppress(RuntimeError):  # the loop closed: nobody waits any more
            self._loop.call_soon_threadsafe(self._wake.set)

    def tell(self, seat: int, version: int, command: Command) -> bool:
        """Hand over `seat`'s command at `version`, stored (committed) already by this process, so the waiting
        seat need not read it back from the store; whether this play is still running to take it."""
        if not self._thread.is_alive():
            return False
        with self._inbox:
            self._told[(seat, version)] = command
        try:
            self._loop.call_soon_threadsafe(self._wake.set)
        except RuntimeError:  # the loop closed meanwhile: nobody waits any more
            return False
        return True

    # --- the runner's saver ----------------------------------------------------------------------------

    def save(self, game: Game) -> None:
        self._progress.save(game)

    def _send(self, records: list[Recorded]) -> None:
        with self._inbox:  # before the commit: a command for what it saves can only be taken, and worded, after
            self._words_at_save = self._words
        self.store.save(Records(self.game.id, records))
        self._saved(records)
        played_here = (r.event for r in records if isinstance(r.event, CommandAccepted))
        if self.laid.pace_seconds and any(event.seat not in self.laid.commanded for event in played_here):
            time.sleep(self.laid.pace_seconds)  # this table's own thread: the pages show this move before the next

    # --- playing -----------------------------------------------------------------------------------------

    def _play(self) -> None:
        why: str | None = ""
        try:
            self._loop.run_until_complete(self.runner.play())
        except (asyncio.CancelledError, IntegrityError, LostTable):  # stopping, or another process saved first
            why = None
        except Diverged as error:
            why = str(error)
        except Exception as error:  # the table stops for good; its pages say why, the store holds what was played
            why = f"{type(error).__name__}: {error}"
        finally:
            self._loop.close()
        self._ended(self, why)

    async def command_for(self, seat: int, legal: Sequence[Command]) -> Command:
        """The command sent for `seat` at the game's version; TimeoutError when the seat's turn runs out."""
        at = self.game.version
        with self._inbox:  # a command told for an earlier version came as its turn ran out: it is never asked for
            self._told = {key: command for key, command in self._told.items() if key[1] >= at}
        try:
            self.save(self.game)
        except IntegrityError:  # raised through the runner, which would take any other error for a broken player
            raise LostTable(f"another process plays game {self.game.id} now") from None
        deadline = self._deadline(at)
        looked: int | None = self._words_at_save  # the store was looked in with the words up to this many heard
        while True:
            self._wake.clear()
            with self._inbox:
                command, words = self._told.pop((seat, at), None), self._words
            if command is None and words != looked:
                looked = words
                command = self._sent(seat, at)
            if command is not None and command in legal:
                return command
            wait = CHECK_SECONDS if deadline is None else min(CHECK_SECONDS, deadline - time.monotonic())
            if wait <= 0:
                raise TimeoutError
            try:
                await asyncio.wait_for(self._wake.wait(), wait)
            except TimeoutError:  # no word for a while, or the turn ran out: the store is looked in all the same
                looked = None

    def _sent(self, seat: int, at: int) -> Command | None:
        for recorded in self.store.events.get(command_id(self.game.id, at, seat)):
            event = recorded.event
            if isinstance(event, SeatCommanded):
                command = self.codec.loads(event.command)
                return command if isinstance(command, Command) else None
        return None

    def _deadline(self, at: int) -> float | None:
        """When `at`'s turn runs out (time.monotonic), from when its last record was stored."""
        turn = self.laid.turn_seconds
        if turn is None:
            return None
        began = self.game.log[at - 1].timestamp
        if at <= len(self.stored):
            began = self.stored[at - 1].timestamp
        left = turn - (datetime.now(UTC) - began).total_seconds()
        if began < self._resumed_at:  # the turn began before this process took the table
            left = max(left, min(turn, RESUME_GRACE_SECONDS))
        return time.monotonic() + left
