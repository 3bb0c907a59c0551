"""`--max-cost`: a tournament that stops starting games before its model seats would spend past a cap.

The spend is what the priced seats (`input_price`, `output_price`: core/tournament/behaviour.py) cost over
every game recorded, by any run of the tournament, plus what the games in flight have spent so far (their
exchanges reach this process decision by decision). A game is expected to cost what the recorded games cost
on average; until one is recorded nothing is known, so games start one at a time. A new game starts only if
the spend, the rest of what the running games are expected to cost and the new game's expected cost stay
within the cap. Running games are never stopped: the cap can be passed by what they cost beyond their
expectation; the purse (core/spending.py), shared with the workers, keeps them from doing so: a request that could
cost more than what is left is not sent, and the run stops there. Once no game may start and none runs, or a
request was refused, the run stops (OverBudget) and the same command with a higher cap resumes it: the game a
refused request stopped goes on from its stored decisions.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass

from meeplog.core.audit import LlmExchange
from meeplog.core.game import Recorded
from meeplog.core.spending import Purse
from meeplog.core.tournament.aggregate import Tournament
from meeplog.core.tournament.behaviour import cost
from meeplog.core.tournament.events import GameFailed, GameRecorded
from meeplog.core.tournament.worker import GameTask


class OverBudget(RuntimeError):
    """No game may start within the cap and none runs: the tournament stops here, resumable."""


class UnpricedBudget(ValueError):
    """A cap was given, but no player has prices to count a spend with."""


def check_priced(players: Iterable[str]) -> None:
    """Refuse a cap where no player spec has a price: nothing would ever count against it."""
    if all(cost(spec, 0, 0) is None for spec in players):  # cost is None for a spec with no price
        raise UnpricedBudget(
            "--max-cost counts what priced seats spend, and no player has prices: give the model seats "
            "input_price and output_price (per million tokens), e.g. -p m=llm:...,input_price=3,output_price=15"
        )


@dataclass
class _Running:
    index: int
    seats: tuple[str, ...]  # the spec of each seat
    spent: float = 0.0  # so far, from its exchanges


class Budget:
    """The spend of one tournament against its cap, kept as games are recorded and as they progress."""

    def __init__(self, cap: float, tournament: Tournament, purse: Purse | None = None) -> None:
        check_priced(tournament.plan.players)
        self.cap = cap
        self.tournament = tournament
        self.results = 0  # games recorded, failed ones included
        self.recorded_games = 0  # games recorded with a spend (not failed)
        self.recorded_spend = 0.0
        self.running: dict[uuid.UUID, _Running] = {}
        self.recorded(tournament.results.values())
        self.purse = purse  # the workers' view of the spend, request by request; None where none is shared (Ray)
        if purse is not None:
            purse.add(self.recorded_spend)

    @property
    def spent(self) -> float:
        return self.recorded_spend + sum(game.spent for game in self.running.values())

    @property
    def expected(self) -> float | None:
        """What a game is expected to cost: the recorded games' mean; None before any is recorded."""
        return self.recorded_spend / self.recorded_games if self.recorded_games else None

    def allows_another(self) -> bool:
        """Whether one more game may start now."""
        expected = self.expected
        if expected is None:
            return not self.running  # one at a time, until a recorded game tells what a game costs
        committed = self.recorded_spend + sum(max(expected, game.spent) for game in self.running.values())
        return committed + expected <= self.cap

    def started(self, task: GameTask) -> None:
        self.running[task.game_id] = _Running(task.index, task.seats)

    def replaying(self, task: GameTask) -> None:
        """A started game holds what an earlier run stored of it (replayed, not asked again): spent already."""
        earlier = self._spend(task.game_id, task.stored)
        if self.purse is not None:
            self.purse.add(earlier)

    def progressed(self, records: Iterable[Recorded]) -> None:
        """Exchanges of games in flight, as they are saved: what each has spent so far."""
        self._spend(None, records)

    def _spend(self, game_id: uuid.UUID | None, records: Iterable[Recorded]) -> float:
        """Add the exchanges among `records` (of `game_id`, or of the game each names) to their running games."""
        spent = 0.0
        for record in records:
            event = record.event
            if isinstance(event, LlmExchange) and (game := self.running.get(game_id or record.originator_id)):
                priced = cost(game.seats[event.seat], event.prompt_tokens, event.completion_tokens) or 0.0
                game.spent += priced
                spent += priced
        return spent

    def recorded(self, results: Iterable[GameRecorded | GameFailed]) -> None:
        """Games recorded: their whole spend counts, and they no longer run."""
        players, fixtures = self.tournament.plan.players, self.tournament.plan.fixtures
        done = set()
        for result in results:
            done.add(result.index)
            self.results += 1
            if isinstance(result, GameRecorded):
                seating = fixtures[result.index].seating
                self.recorded_spend += sum(
                    cost(players[player], report.prompt_tokens, report.completion_tokens) or 0.0
                    for player, report in zip(seating, result.reports, strict=False)  # no reports: an old store
                )
                self.recorded_games += 1
        self.running = {game: run for game, run in self.running.items() if run.index not in done}

    def why_stopped(self, refused: str | None = None) -> str:
        """The line a stop at the cap prints: a request `refused` by the purse, or no game allowed to start."""
        why = refused or (
            f"spent {self.spent:.4g} of --max-cost {self.cap:g}, and a game is expected to cost"
            f" {self.expected or 0.0:.4g}"
        )
        return (
            f"stopped at the cost cap: {why}; {self.results}/{len(self.tournament.plan.fixtures)} games recorded."
            " The same command with a higher --max-cost resumes"
        )


class Unlimited:
    """No cap (no --max-cost): every game may start, and nothing is counted (so no run stops at it)."""

    def allows_another(self) -> bool:
        return True

    def started(self, task: GameTask) -> None:
        pass

    def replaying(self, task: GameTask) -> None:
        pass

    def progressed(self, records: Iterable[Recorded]) -> None:
        pass

    def recorded(self, results: Iterable[GameRecorded | GameFailed]) -> None:
        pass
