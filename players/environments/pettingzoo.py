"""Any registered Meeplog game as a PettingZoo AEC environment (docs/environments.md).

Agents are `player_0` ... `player_{n-1}`, one per seat. The agent selected is the seat the rules wait on; a
decision the rules take from several seats at once (the Donkey's secret commits) is asked of them one after
the other, and nothing is applied until all have chosen, so no seat sees another's choice before its own
(PettingZoo's convention for simultaneous moves in AEC). Every observation is a dict: `observation` (the
seat's own view as numbers, observations.py, built straight from the kernel state where the game's view
model can: PlainView), `action_mask` (the legal indices now; all 0 when the agent is
not the one to act) and `building` (the indices chosen so far in a combination being built, actions.py).

The game runs on the rules kernel itself, the path search players take; with `store=` or a `render_mode` it
runs through the Game aggregate instead, so that it is recorded event by event (and saved to the store when
it ends) and `render()` can print `meeplog log`'s narration. Both draw the same randomness from the seed, so
`reset(seed=s)` plays the game `meeplog play --seed s` would with the same commands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pydantic import BaseModel

from meeplog.core.game import Game
from meeplog.core.kernel import Command, GameEvent, Outcome, Pending, Rules
from meeplog.core.narrate import narrate
from meeplog.core.players import Need, Observation
from meeplog.core.registry import load_rules
from meeplog.core.runner import Saver
from meeplog.players.environments.actions import ActionCatalogue, Choice
from meeplog.players.environments.observations import PlainView, ViewEncoder
from meeplog.players.environments.survey import SURVEY_GAMES, survey

Reward = Literal["rank", "score"]
AGENT_SPEC = "environment"  # how a seat played through the environment is named in a stored game


def rank_reward(outcome: Outcome, seat: int) -> float:
    """1 for a first place, -1 for a last, evenly between; tied seats share their rank's reward."""
    players = len(outcome.ranks)
    return 1.0 - 2.0 * (outcome.ranks[seat] - 1) / (players - 1)


class MeeplogEnv(AECEnv):
    """One game of a registered Meeplog game, seat by seat, as a PettingZoo AECEnv."""

    metadata = {"name": "meeplog", "render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        config: dict[str, Any] | None = None,
        *,
        render_mode: str | None = None,
        reward: Reward = "rank",
        store: Saver | None = None,
        seats: Sequence[str] | None = None,
        survey_games: int = SURVEY_GAMES,
    ) -> None:
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        if reward not in ("rank", "score"):
            raise ValueError(f"reward must be 'rank' (1 first to -1 last) or 'score' (the final score), not {reward!r}")
        if config and "players" in config:
            raise ValueError("give the number of seats as players=N, not inside config")
        self.rules: Rules[Any, Any] = load_rules(game)
        self.config = self.rules.configure(players or self.rules.min_players, **(config or {}))
        count = self.config.players
        if seats is not None and len(seats) != count:
            raise ValueError(f"seats names {len(seats)} players for a {count}-player game; give one spec per seat")
        self.seats = tuple(seats or [AGENT_SPEC] * count)
        self.render_mode = render_mode
        self.reward = reward
        self.store = store
        found = survey(self.rules, self.config, survey_games)
        self.catalogue = ActionCatalogue(found, self.rules.commands)
        self.encoder = ViewEncoder(found.views)
        model = self.rules.view_model()
        self.plain_view = model.plain if isinstance(model, PlainView) else None  # None: through the model
        self.possible_agents = [f"player_{seat}" for seat in range(count)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = self._size = self.catalogue.size
        self._action_space = spaces.Discrete(size)
        self._observation_space = spaces.Dict(
            {
                "observation": self.encoder.space,
                "action_mask": spaces.Box(0, 1, shape=(size,), dtype=np.int8),
                "building": spaces.Box(0, np.iinfo(np.int16).max, shape=(size,), dtype=np.int16),
            }
        )
        self._seeds = random.Random()
        self.game: Game | None = None
        self.events: list[GameEvent] = []

    # --- the PettingZoo API ----------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: with `seed`, the game of that seed (and later seedless resets follow from it)."""
        if seed is not None:
            self._seeds = random.Random(seed)
            for space in (self._action_space, self._observation_space):
                space.seed(seed)
        self.seed = seed if seed is not None else self._seeds.randrange(2**31)
        if self.store is not None or self.render_mode is not None:
            self.game = Game.start(self.rules, self.config, self.seats, self.seed)
            self.state, self._rng = self.game.state, self.game.rng
            dealt = list(self.game.setup_events)
        else:
            self._rng = random.Random(self.seed)
            self.state, dealt = self.rules.setup_with_events(self.config, self._rng)
        self.events = dealt  # the game's events from the deal on, as a Game records them: what seats are shown
        self.decisions = 0  # commands played this game: the steps that only add to a combination are not counted
        self._told = [0] * self.config.players  # per seat, how much of `events` it was shown when it acted
        self._rendered = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._next_decision()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        choice = self._choice if agent == self.agent_selection and self._waiting else None
        return self.encode(self.state, self._seat_of[agent], choice, self._pending)

    def action_mask(self, agent: str) -> np.ndarray:
        """The legal actions of `agent` now, without the dearer rest of its observation (the view's vector)."""
        if agent == self.agent_selection and self._waiting:
            return self._choice.mask()
        return np.zeros(self._size, dtype=np.int8)

    def encode(
        self, state: Any, seat: int, choice: Choice | None, pending: Pending | None = None
    ) -> dict[str, np.ndarray]:
        """The observation of `seat` in `state`, from its view and the decision it is making (if any) alone;
        `pending`, the state's, spares asking the kernel for it again."""
        if choice is None:
            return {
                "observation": self.vector(state, seat, pending),
                "action_mask": np.zeros(self._size, dtype=np.int8),
                "building": np.zeros(self._size, dtype=np.int16),
            }
        return {"observation": self.vector(state, seat, pending), "action_mask": choice.mask(),
                "building": choice.building()}

    def vector(self, state: Any, seat: int, pending: Pending | None = None) -> np.ndarray:
        """The view of `seat` in `state` as numbers: from its plain data where the view model builds it, else
        from the pydantic view (the same vector either way); `pending` as in `encode`."""
        if self.plain_view is not None:
            pending = self.rules.pending(state) if pending is None else pending
            return self.encoder.encode_data(self.plain_view(state, seat, pending))
        return self.encoder.encode(self.rules.view(state, seat))

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if action is None:
            raise ValueError(f"{agent} must act now: None is only for an agent whose game is over")
        command = self._choice.choose(int(action))
        if command is not None:
            self.play_command(agent, command)
            if self.terminations[agent]:  # rewards are all 0 until the game ends: only this step hands them out
                self._accumulate_rewards()

    def render(self) -> str | None:
        """The narration of the game so far, as `meeplog log` prints it (only what was not rendered yet)."""
        if self.game is None:
            raise RuntimeError("render() needs the environment made with render_mode='human' or 'ansi'")
        lines = [f"{version:>5}  {line}" for version, line in narrate(self.game.log) if version > self._rendered]
        self._rendered = self.game.version
        text = "\n".join(lines)
        if self.render_mode == "ansi":
            return text
        if text:
            print(text)
        return None

    def close(self) -> None:
        """Nothing to let go of: the store, if any, belongs to whoever opened it."""

    # --- for text agents and Meeplog players -----------------------------------------------------

    def view(self, agent: str) -> BaseModel:
        """The agent's view as the game's pydantic model (what an LLM or HTTP seat is shown)."""
        return self.rules.view(self.state, self.possible_agents.index(agent))

    def observation(self, agent: str, needs: Need = Need.ALL) -> Observation:
        """What a Meeplog player for this seat is shown: its legal commands and, as far as `needs` asks, its
        view and its feed since it last acted."""
        seat = self.possible_agents.index(agent)
        legal = tuple(self.rules.legal(self.state, seat))
        return Observation.of(self.rules, self.state, seat, needs=needs, legal=legal,
                              feed=lambda: tuple(e.seen_by(seat) for e in self.events[self._told[seat] :]),
                              config=self.config)

    def play_command(self, agent: str, command: Command) -> None:
        """The selected agent plays a whole command (a Meeplog player's answer, or the end of a built one)."""
        seat = self._seat_of[agent]
        if agent != self.agent_selection or not self._waiting:
            raise ValueError(f"{agent} is not the agent to act now; {self.agent_selection} is")
        self._told[seat] = len(self.events)
        self.decisions += 1
        self._chosen.append((seat, command))
        self._waiting.pop(0)
        if self._waiting:
            self._select(self._waiting[0])
            return
        for chooser, chosen in self._chosen:
            self._play(chooser, chosen)
        self._next_decision()

    # --- the game --------------------------------------------------------------------------------

    def _play(self, seat: int, command: Command) -> None:
        if self.game is not None:
            self.events += self.game.submit(seat, command)
        else:
            self.events += self.rules.apply(self.state, seat, command, self._rng)

    def _next_decision(self) -> None:
        pending = self._pending = self.rules.pending(self.state)  # the state changes only before this call
        self._waiting = list(pending.seats)
        self._chosen: list[tuple[int, Command]] = []
        if pending.over:
            self._finish()
        else:
            self._select(self._waiting[0])

    def _select(self, seat: int) -> None:
        """Make `seat` the agent to act, with the legal commands of the state before this decision's moves."""
        self.agent_selection = self.possible_agents[seat]
        self._choice = Choice(self.catalogue.paths(self.rules.legal(self.state, seat)), self._size)

    def _finish(self) -> None:
        outcome = self.rules.outcome(self.state)
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] = rank_reward(outcome, seat) if self.reward == "rank" else float(outcome.scores[seat])
            self.terminations[agent] = True
            self.infos[agent] = {"scores": outcome.scores, "ranks": outcome.ranks, "seed": self.seed}
        if self.game is not None and self.store is not None:
            self.store.save(self.game)


def env(
    game: str,
    players: int | None = None,
    config: dict[str, Any] | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> MeeplogEnv:
    """A PettingZoo AEC environment of a registered game (`players` defaults to its fewest); `options` are
    MeeplogEnv's: reward="rank"|"score", store=open_store(...), seats=[...] and survey_games=N."""
    return MeeplogEnv(game, players, config, render_mode=render_mode, **options)
