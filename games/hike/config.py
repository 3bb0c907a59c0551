"""The options of Let's Take a Hike: one per judgment-call ruling of the digest (see RULES.md), defaults = rulings."""

from typing import Literal

from pydantic import Field

from meeplog.core.kernel import GameConfig


class HikeConfig(GameConfig):
    players: int = Field(4, ge=2, le=5)  # H2
    setup_backpacks: Literal["simultaneous", "sequential"] = "simultaneous"  # setup step 3
    actions_per_turn: int = Field(3, ge=1)  # H25
    allow_fewer_actions: bool = False  # H25
    leader_needs_backpack: bool = True  # H13
    payment_minimal_only: bool = False  # H16
    forced_abandon_collects: bool = True  # H18
    abandon_take_optional: bool = False  # H19
    raccoon_mode: Literal["victim_discards_random", "player_steals_random"] = "victim_discards_random"  # H3
    end_on_last_draw: Literal["immediate", "end_of_turn"] = "immediate"  # H23
    hidden_backpacks: bool = False  # H31
    final_tie: Literal["skunk_draw", "shared"] = "skunk_draw"  # H32
    hand_limit: int | None = Field(None, ge=1)  # H26; None = the data file's limit (7)
    data_file: str | None = Field(None, description="data file to play with; None means the bundled one")  # H1
