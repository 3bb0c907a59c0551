"""One seat of a Meeplog game as a Gymnasium environment, the other seats played by Meeplog players.

The opponents are player specs as on the command line (`["heuristic", "mcts:sims=100"]`), seated after the
learner in order. They are shown what the match runner shows them (their view, legal commands and redacted
feed, through MeeplogEnv.observation) and their answers go in whole; a player that answers with an illegal
command is replaced for that move by a random legal one, counted in `info["opponent_fallbacks"]`, as the
runner's fallback would. An episode's seed seeds the game and every opponent (each seat's seed as
`meeplog play --seed` gives it), so the same seed and the same actions play the same game again.

SeatVectorEnv steps N such games of the same seat in one process, as one Gymnasium vector environment: the
learner's policy is asked once for N actions (a batch), which is where training spends its time, and the
survey behind the spaces is made once for all N (it is cached per process and config). A finished game is
reset in the same step (the new game's first observation is returned, the finished one's in `infos`), so
every row of `action_masks()` always offers a legal action.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from functools import partial
from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode, SyncVectorEnv

from meeplog.core.cli import player_seed
from meeplog.core.players import Player, make_player
from meeplog.core.runner import Saver
from meeplog.core.specs import PlayerSpec
from meeplog.players.environments.pettingzoo import AGENT_SPEC, MeeplogEnv, Reward
from meeplog.players.environments.survey import SURVEY_GAMES


class SingleSeatEnv(gymnasium.Env):
    """A Meeplog game seen from seat `seat`; observations and actions as in MeeplogEnv."""

    metadata = MeeplogEnv.metadata

    def __init__(
        self,
        game: str,
        opponents: Sequence[str],
        *,
        seat: int = 0,
        config: dict[str, Any] | None = None,
        render_mode: str | None = None,
        reward: Reward = "rank",
        store: Saver | None = None,
        survey_games: int = SURVEY_GAMES,
    ) -> None:
        self._specs = [PlayerSpec.parse(spec) for spec in opponents]
        players = len(self._specs) + 1
        if not 0 <= seat < players:
            raise ValueError(f"seat must be from 0 to {players - 1} with {len(self._specs)} opponents, not {seat}")
        seats = [str(spec) for spec in self._specs]
        seats.insert(seat, AGENT_SPEC)
        self.aec = MeeplogEnv(
            game,
            players,
            config,
            render_mode=render_mode,
            reward=reward,
            store=store,
            seats=seats,
            survey_games=survey_games,
        )
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self._loop = asyncio.new_event_loop()
        self._opponents: dict[str, Player] = {}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        self.aec.reset(seed=seed)
        others = [seat for seat in range(len(self.aec.possible_agents)) if seat != self.seat]
        self._opponents = {
            self.aec.possible_agents[seat]: make_player(spec, player_seed(self.aec.seed, seat))
            for seat, spec in zip(others, self._specs, strict=True)
        }
        self._fallbacks = 0
        self._fallback_rng = random.Random(self.aec.seed)
        self._let_opponents_play()
        return self.aec.observe(self.agent), self._info()

    def step(self, action: int) -> tuple[dict, float, bool, bool, dict]:
        self.aec.step(action)
        self._let_opponents_play()
        over = self.aec.terminations[self.agent]
        reward = self.aec.rewards[self.agent] if over else 0.0
        return self.aec.observe(self.agent), reward, over, False, self._info()

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self._loop.close()

    def action_masks(self) -> np.ndarray:
        """The legal actions now (the name sb3-contrib's MaskablePPO looks for), without the view's vector."""
        return self.aec.action_mask(self.agent)

    def _let_opponents_play(self) -> None:
        aec = self.aec
        while not aec.terminations[self.agent] and aec.agent_selection != self.agent:
            agent = aec.agent_selection
            player = self._opponents[agent]
            observation = aec.observation(agent, player.needs)
            command = self._loop.run_until_complete(player.act(observation))
            if aec.game is not None:
                for event in player.take_audit():
                    aec.game.note(event)
            if command not in observation.legal:
                command = self._fallback_rng.choice(observation.legal)
                self._fallbacks += 1
            aec.play_command(agent, command)

    def _info(self) -> dict[str, Any]:
        return {**self.aec.infos[self.agent], "opponent_fallbacks": self._fallbacks}


class SeatVectorEnv(SyncVectorEnv):
    """`games` games of `game`, each a SingleSeatEnv with the same seat and opponents, stepped together.

    `reset(seed=s)` plays game i with seed s + i (Gymnasium's convention), so each row is the game a lone
    SingleSeatEnv plays with that seed and the same actions. Observations are SingleSeatEnv's dict with each
    array stacked, one row per game; a game that ends is reset in the same step (AutoresetMode.SAME_STEP),
    its last observation and info under `infos["final_obs"]` and `infos["final_info"]`.
    """

    def __init__(
        self,
        game: str,
        opponents: Sequence[str],
        games: int,
        *,
        seat: int = 0,
        config: dict[str, Any] | None = None,
        reward: Reward = "rank",
        survey_games: int = SURVEY_GAMES,
    ) -> None:
        if games < 1:
            raise ValueError(f"games must be 1 or more, not {games}")
        make = partial(SingleSeatEnv, game, opponents, seat=seat, config=config, reward=reward,
                       survey_games=survey_games)
        super().__init__([make] * games, autoreset_mode=AutoresetMode.SAME_STEP)

    def action_masks(self) -> np.ndarray:
        """The legal actions of every game now, one row each (the name sb3-contrib's MaskablePPO looks for)."""
        return np.stack([environment.action_masks() for environment in self.envs])
