"""Meeplog games for reinforcement learning: PettingZoo and Gymnasium environments (docs/environments.md).

Needs the `pettingzoo` extra (`pip install 'meeplog[pettingzoo]'`); without it, importing this package raises
MissingExtra (an ImportError) saying so.
"""

from meeplog.core.extras import needs_extra

with needs_extra("pettingzoo", "meeplog.players.environments"):
    from meeplog.players.environments.pettingzoo import MeeplogEnv, env

__all__ = ["MeeplogEnv", "env"]
