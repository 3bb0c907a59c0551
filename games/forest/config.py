"""The options of Old Man of the Forest: one per judgment-call ruling of the digest (RULES.md)."""

from typing import Literal

from pydantic import Field

from meeplog.core.kernel import GameConfig


class ForestConfig(GameConfig):
    players: int = Field(4, ge=3, le=4)
    first_player: Literal["uniform", "card_draw"] = "uniform"
    second_must_take: bool = True
    cash_timing: Literal["after_each_take", "after_both_takes"] = "after_each_take"
    deforestation_penalty: int = Field(2, ge=0)
    deforestation_stacks_with_pile_penalty: bool = True
    deforestation_penalty_basis: Literal["taken", "held_at_end"] = "taken"
    deforestation_counts_for_wildcards: bool = False
    match_games: int = Field(1, ge=1, le=10)
    data_file: str | None = Field(None, description="data file to play with; None means the bundled one")
