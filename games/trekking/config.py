"""The options of Trekking the World: one per judgment-call ruling of the digest (RULES.md, section 4.16)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from meeplog.core.kernel import GameConfig
from meeplog.games.trekking.data import DATA


class TrekkingConfig(GameConfig):
    players: int = Field(4, ge=2, le=5)
    first_player: Literal["random"] | int = "random"  # T2
    start_airport_timing: Literal["before_reveal", "after_reveal"] = "before_reveal"  # T3
    starting_hand: int = Field(3, ge=0, le=10)  # T4
    trek_row_size: int = Field(4, ge=1, le=8)  # 4.6
    journey_cards: tuple[str, str] | None = Field(None, examples=[("A1", "B5")])  # T5: None draws one A and one B
    dest_row_size: Literal[3, 4] = 3  # T6
    dest_deck_top_public: bool = True  # T7
    fly_replaces_move: bool = False  # T8
    move_path: Literal["trail", "simple_path"] = "trail"  # T10
    journey_move_collects: bool = True  # T16
    tile_recolor_mode: Literal["state_based", "holder_keeps"] = "state_based"  # T19
    reshuffle_timing: Literal["on_demand", "on_empty"] = "on_demand"  # T21
    journey_auto_gains: bool = False  # T26
    visit_discount_min_paid: Literal[0, 1] = 0  # T27
    end_timing: Literal["end_of_turn", "immediate", "end_of_round"] = "end_of_turn"  # T28
    max_rounds: int | None = Field(200, ge=1)  # T29
    data_file: str | None = Field(None, description="data file to play with; None means the bundled one")

    @model_validator(mode="after")
    def _seat_exists(self) -> TrekkingConfig:
        if isinstance(self.first_player, int) and not 0 <= self.first_player < self.players:
            raise ValueError(f"first_player must be 'random' or a seat from 0 to {self.players - 1}")
        if self.journey_cards is not None:
            known = DATA.load(self.data_file).journey_index
            unknown = [card for card in self.journey_cards if card not in known]
            if unknown or self.journey_cards[0] == self.journey_cards[1]:
                raise ValueError(f"journey_cards must name two different cards of {sorted(known)}")
        return self
