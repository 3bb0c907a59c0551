"""The options of Le Jeu du Routard: one per judgment-call ruling of the digest (RULES.md, digest §5.20).

Two defaults differ from the digest, so that uniformly random playouts end in reasonable time:
`express=True` (a random player needs about 170 preparation turns to depart, ruling R10) and
`max_rounds=40` (random players almost never finish; a heuristic game lasts a median of 15 to 19 rounds
and passes 40 in about 0.3 % of 2- and 3-player games). Set `express=False` and `max_rounds=500` for the
rulebook's full game at a human table.
"""

from typing import Literal

from pydantic import Field, model_validator

from meeplog.core.kernel import GameConfig


class RoutardConfig(GameConfig):
    players: int = Field(4, ge=2, le=6)  # R1
    data_file: str | None = Field(None, description="data file to play with; None means the bundled one")  # R4
    express: bool = True  # R53 (digest default False; see the module docstring)
    cards_per_type: int = Field(2, ge=1, le=4)  # R52
    sheet_purchase_optional: bool = False  # R6
    interplayer_scope: Literal["travelling", "all"] = "travelling"  # R7
    first_turn_may_fly: bool = True  # R9
    auto_depart: bool = False  # R10
    unplayable_destination: Literal["allowed", "forbidden"] = "allowed"  # R12
    cheque_purchase_timing: Literal["before_card", "after_card"] = "before_card"  # R18
    tickets_per_shop_window: int | None = Field(1, ge=1)  # R21 (None: unlimited)
    assistance_moves_carry_passengers: bool = False  # R29
    replay_pays_move: bool = True  # R32
    force_rebuy_needed: bool = False  # R36
    formalites_loss: Literal["forced_rebuy", "stranded"] = "forced_rebuy"  # R37
    illegal_play: Literal["forbidden", "fined"] = "forbidden"  # R38
    unpaid_charge: Literal["write_off", "debt"] = "write_off"  # R39
    job_assistance_after_write_off: Literal["mandatory", "optional"] = "mandatory"  # R40
    auction_mode: Literal["sealed_first_price", "ascending", "bank_only"] = "sealed_first_price"  # R43
    auction_bid_step: int = Field(10, gt=0)  # R43
    assistance_fallback: Literal["departure_airport", "first_ahead"] = "departure_airport"  # R45
    final_tie: Literal["shared", "active_first"] = "shared"  # R49
    rank_losers: Literal["tied", "progress"] = "tied"  # R50
    max_rounds: int = Field(40, ge=1)  # R51 (digest default 500; see the module docstring)

    @model_validator(mode="after")
    def _whole_notes(self) -> "RoutardConfig":
        if self.auction_bid_step % 10:
            raise ValueError("auction_bid_step must be a multiple of 10 € (the smallest note)")
        return self
