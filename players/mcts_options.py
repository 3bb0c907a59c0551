"""The MCTS player's options, apart from the search so that the search can be compiled (core/compiled.py)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

DEFAULT_SIMS = 400


class MctsOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    sims: int | None = Field(None, ge=1, description=f"simulations per decision (default {DEFAULT_SIMS})")
    seconds: float | None = Field(None, gt=0, description="thinking time per decision instead of sims")
    per_move: int | None = Field(None, ge=1, description="at most this many simulations per legal move: "
                                 "narrow decisions take fewer than sims (a sims budget only)")
    c: float = Field(1.4, ge=0, description="UCT exploration constant (rewards are in [0, 1])")
    gamma: float = Field(0.1, gt=0, le=1, description="Exp3 exploration share at simultaneous decisions")
    rollout: Literal["random", "heuristic"] = "random"
    bias: float = Field(0.0, ge=0, description="progressive bias towards the heuristic's move, fading with visits")
    others: Literal["search", "rollout"] = Field(
        "search", description="other seats' moves in the tree: searched too, or played by the rollout policy")
    depth: int | None = Field(None, ge=0, description="playout decisions before the evaluation; none: to the end")
    fpu: float | None = Field(None, ge=0, le=1, description="value of an untried move (first-play urgency); "
                              "none: every move is tried once before any is tried again")
    seed: int | None = None

    @model_validator(mode="after")
    def _one_budget(self) -> MctsOptions:
        if self.sims is not None and self.seconds is not None:
            raise ValueError("give a budget in sims or in seconds, not both")
        if self.per_move is not None and self.seconds is not None:
            raise ValueError("per_move scales a budget in sims; drop it, or give sims instead of seconds")
        return self

    def budget(self, moves: int) -> int:
        """Simulations for a decision between `moves` legal moves (unused when the budget is in seconds)."""
        sims = self.sims if self.sims is not None else DEFAULT_SIMS
        return sims if self.per_move is None else min(sims, self.per_move * moves)
