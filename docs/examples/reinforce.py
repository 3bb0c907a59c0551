"""A policy for one seat of a Meeplog game learnt with REINFORCE, numpy only (docs/environments.md).

The policy is a softmax over the legal actions of a linear score: a preference per action index plus a weight
per (action, observation slot) pair on the observation scaled to [-1, 1]. Each episode against the opponents
is played with that policy, and every decision's log-probability gradient is pushed by the episode's reward
minus a running baseline. Small enough to read in a minute; beating random players is all it claims.
"""

from __future__ import annotations

import numpy as np

from meeplog.players.environments.gymnasium import SingleSeatEnv


class LinearPolicy:
    """Scores every action with `bias + weights @ observation`; samples among the legal ones."""

    def __init__(self, actions: int, slots: int) -> None:
        self.bias = np.zeros(actions)
        self.weights = np.zeros((actions, slots))
        self.scale = np.ones(slots)  # the largest magnitude met per slot, so inputs stay within [-1, 1]

    def probabilities(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        self.scale = np.maximum(self.scale, np.abs(observation))
        scores = self.bias + self.weights @ (observation / self.scale)
        scores = np.where(mask == 1, scores, -np.inf)
        exp = np.exp(scores - scores.max())
        return exp / exp.sum()


def play(environment: SingleSeatEnv, policy: LinearPolicy, seed: int, rng: np.random.Generator,
         greedy: bool = False) -> tuple[float, list[tuple[np.ndarray, int, np.ndarray]]]:
    """One episode; its reward and the learner's (scaled observation, action, probabilities) at each step."""
    observation, _ = environment.reset(seed=seed)
    steps, over, reward = [], False, 0.0
    while not over:
        probabilities = policy.probabilities(observation["observation"], observation["action_mask"])
        action = int(probabilities.argmax()) if greedy else int(rng.choice(len(probabilities), p=probabilities))
        steps.append((observation["observation"] / policy.scale, action, probabilities))
        observation, reward, over, _, _ = environment.step(action)
    return float(reward), steps


def train(game: str, opponents: list[str], episodes: int, rate: float = 0.05, seed: int = 0) -> LinearPolicy:
    """REINFORCE with a running-mean baseline over `episodes` games (seeds 10**6 onwards, apart from tests')."""
    environment = SingleSeatEnv(game, opponents)
    policy = LinearPolicy(environment.action_space.n, environment.observation_space["observation"].shape[0])
    rng, baseline = np.random.default_rng(seed), 0.0
    for episode in range(episodes):
        reward, steps = play(environment, policy, 10**6 + episode, rng)
        advantage, baseline = reward - baseline, baseline + 0.05 * (reward - baseline)
        for inputs, action, probabilities in steps:
            gradient = -probabilities  # d log p(action) / d score, for every action
            gradient[action] += 1.0
            policy.bias += rate * advantage * gradient
            policy.weights += rate * advantage * np.outer(gradient, inputs) / len(steps)
    return policy


def win_rate(game: str, opponents: list[str], policy: LinearPolicy | None, games: int) -> float:
    """The share of games (seeds 0 to games - 1) the seat wins outright or shares first place: with `policy`,
    greedily, or with uniform random legal actions when it is None."""
    environment = SingleSeatEnv(game, opponents)
    rng, wins = np.random.default_rng(1), 0
    for seed in range(games):
        if policy is None:
            observation, _ = environment.reset(seed=seed)
            over = False
            while not over:
                legal = observation["action_mask"].nonzero()[0]
                observation, _, over, _, info = environment.step(int(rng.choice(legal)))
        else:
            play(environment, policy, seed, rng, greedy=True)
            info = environment.aec.infos[environment.agent]
        wins += info["ranks"][0] == 1
    return wins / games


if __name__ == "__main__":
    opponents = ["random", "random"]
    policy = train("forest", opponents, episodes=300)
    print(f"forest, learnt: {win_rate('forest', opponents, policy, 200):.1%} "
          f"random: {win_rate('forest', opponents, None, 200):.1%}")
