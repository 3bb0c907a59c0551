"""Meeplog games for reinforcement learning: PettingZoo and Gymnasium environments (docs/environments.md).

Needs the `pettingzoo` extra (`pip install meeplog[pettingzoo]`).
"""

from meeplog.players.environments.pettingzoo import MeeplogEnv, env

__all__ = ["MeeplogEnv", "env"]
