"""Recording games for replay tests: fixed ids, seeds and (frozen) clocks, so that files come out byte-identical."""

from __future__ import annotations

import asyncio
import uuid

from freezegun import freeze_time

from meeplog.core.audit import LlmExchange
from meeplog.core.cli import player_seed
from meeplog.core.game import Game
from meeplog.core.kernel import Command, GameEvent
from meeplog.core.players import Observation, Player, make_player
from meeplog.core.registry import load_rules
from meeplog.core.runner import MatchRunner, MatchSettings
from meeplog.core.specs import PlayerSpec
from tests.toy import PenniesRules

FROZEN_AT = "2025-06-01T12:00:00+00:00"
IDS = uuid.UUID("9b1f0e4c-3c55-4a5e-9f0e-6d1c2a7b5e11")


def game_id(name: str) -> uuid.UUID:
    return uuid.uuid5(IDS, name)


def record(game: str, players: int, seed: int, *, seats: list[Player] | None = None,
           settings: MatchSettings | None = None, **options) -> Game:
    """A whole game between seeded random players (or `seats`), recorded at a frozen instant."""
    rules = load_rules(game)
    specs = ["random"] * players if seats is None else [type(p).__name__ for p in seats]
    with freeze_time(FROZEN_AT):
        match = Game.start(rules, rules.configure(players, **options), specs, seed,
                           game_id=game_id(f"{game}-{players}p-seed{seed}"))
        players_ = seats or [make_player(PlayerSpec("random"), player_seed(seed, seat)) for seat in range(players)]
        fallbacks = [make_player(PlayerSpec("random"), player_seed(seed, seat)) for seat in range(players)]
        asyncio.run(MatchRunner(match, players_, fallbacks, settings=settings or MatchSettings()).play())
    return match


class Chatty(Player):
    """A model-like test player: first sends nothing usable (refused), then a legal command, and records an
    LlmExchange per answer, so that games hold every kind of audit event."""

    def __init__(self, seed: int, stubborn_every: int = 0) -> None:
        super().__init__(options=None, seed=seed)
        self.asked = 0
        self.stubborn_every = stubborn_every  # every n-th decision it never answers right: a fallback
        self.audit: list[GameEvent] = []

    async def act(self, obs: Observation) -> Command:
        self.asked += 1
        prompt = f"seat {obs.seat}, ask {self.asked}: choose one of {len(obs.legal)} commands"
        refuse = obs.rejection is None or (self.stubborn_every and self.asked % self.stubborn_every == 0)
        answer = "pass?" if refuse else repr(obs.legal[-1])
        self.audit.append(LlmExchange(obs.seat, "test-model", prompt, answer, None if refuse else answer,
                                      "unparsable" if refuse else None, 50, 5, 12, 0))
        if refuse:
            raise ValueError("unparsable answer")
        return obs.legal[-1]

    def take_audit(self) -> list[GameEvent]:
        audit, self.audit = self.audit, []
        return audit


class Pennies(PenniesRules):
    """The simultaneous toy game, named by its import path so that stores and replays find it unregistered."""

    name = f"{__name__}:Pennies"
