"""The training example of docs/environments.md (docs/examples/reinforce.py) runs, small."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "reinforce.py"


def test_the_reinforce_example_learns_a_policy_and_measures_its_win_rate():
    spec = importlib.util.spec_from_file_location("reinforce", EXAMPLE)
    assert spec and spec.loader
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    opponents = ["random", "random"]
    policy = example.train("forest", opponents, episodes=6)
    assert np.isfinite(policy.weights).all() and policy.bias.any()
    for played in (policy, None):
        assert 0.0 <= example.win_rate("forest", opponents, played, games=4) <= 1.0
