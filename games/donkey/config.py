"""The options of the Donkey game: one per judgment-call ruling of the digest (rulings D2-D28, RULES.md)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from meeplog.core.kernel import GameConfig
from meeplog.games.donkey.data import KINDS


class DonkeyConfig(GameConfig):
    players: int = Field(4, ge=3, le=7)
    donkey_counts: dict[str, int] | None = Field(
        None,
        description="copies of each donkey type among the cards the deck is drawn from; None: the data file (D3)",
        examples=[{"normal": 8}],
    )
    double_removes_bottom: bool = Field(True, description="a double removes the deck's bottom card, else its top (D4)")
    reveal_double_removed: bool = Field(False, description="show everyone the donkey a double removes (D4)")
    double_refuser_draws: Literal[1, 2] = Field(2, description="cards each right refuser draws on a double (D8)")
    max_favours_per_game: int = Field(2, ge=0, le=2, description="two keeps the 8 loads + 2 favours budget (D1, D10)")
    max_favours_per_round: int = Field(1, ge=1, le=2, description="(D10)")
    favour6_allow_zero: bool = Field(True, description="favour 6 may leave the capacity as it is (D15)")
    favour8_swap_targets: Literal["any", "correct_acceptors_only"] = Field(
        "any", description="whose load a right acceptor with favour 8 may take (D16)"
    )
    attacked_removed_count_toward_total: bool = Field(False, description="(D21)")
    picky_removed_count_toward_total: bool = Field(False, description="(D22)")
    picky_removed_players_ineligible: bool = Field(True, description="(D22)")
    lost_pass_first_player: bool = Field(True, description="the first-player card passes after a lost round (D24)")
    lost_first_player: Literal["current_holder", "original"] = Field(
        "current_holder", description="who starts a returning lost donkey (D24)"
    )
    scored_pile_visibility: Literal["public", "owner"] = Field(
        "public", description="who sees which cards each player has scored (D28)"
    )
    data_file: str | None = Field(None, description="data file to play with; None means the bundled one")

    @model_validator(mode="after")
    def _known_donkey_types(self) -> DonkeyConfig:
        if self.donkey_counts is not None:
            unknown = set(self.donkey_counts) - set(KINDS)
            if unknown:
                raise ValueError(f"unknown donkey types {sorted(unknown)}; known: {', '.join(KINDS)}")
            if any(copies < 0 for copies in self.donkey_counts.values()):
                raise ValueError("donkey counts cannot be negative")
        return self
