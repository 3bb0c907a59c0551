"""What a Routard step reads most often from its config and its data, as plain attributes of a compiled class.

Both are pydantic models, and compiled code reads a field of one through pydantic's `__getattr__` hook, about
350 instructions a read; a random step made a dozen such reads (per step: the data's constants 3.3, the move
scale 2.4, the arrival 1.5, the Job-Assistance ruling 1.3, the auction mode 0.8, ...), and a drawn card's
cheques, price or effects were read off its pydantic model. A `Table` copies those once per game
(`RoutardState.empty`), and every clone shares it. What a step seldom reads stays on the config and the data.
"""

from __future__ import annotations

from meeplog.games.routard.config import RoutardConfig
from meeplog.games.routard.data import AchatCard, Effect, EffectCard, Element, HotelCard, RoutardData


class Table:
    """Never changed once made: the config and the data it copies are immutable too."""

    def __init__(self, config: RoutardConfig, data: RoutardData) -> None:
        self.config, self.data = config, data
        self.players: int = config.players
        self.max_rounds: int = config.max_rounds
        self.job_assistance_after_write_off: str = config.job_assistance_after_write_off
        self.formalites_loss: str = config.formalites_loss
        self.auction_mode: str = config.auction_mode
        self.unplayable_destination: str = config.unplayable_destination
        self.arrival: int = data.arrival
        self.space_types: tuple[str, ...] = data.space_types
        self.deck_cards: dict[str, tuple[HotelCard | AchatCard | EffectCard, ...]] = data.deck_cards
        costs = data.constants.move_cost
        self.move_costs: tuple[int, ...] = (0, *(costs[spaces] for spaces in range(1, len(costs) + 1)))
        """The move scale by spaces walked or driven (0 for none)."""
        self.cheque_price: int = data.constants.cheque_price
        self.cards_per_type: int = config.cards_per_type
        self.cheque_purchase_timing: str = config.cheque_purchase_timing
        self.illegal_play: str = config.illegal_play
        self.tickets_per_shop_window: int | None = config.tickets_per_shop_window
        self.force_rebuy_needed: bool = config.force_rebuy_needed
        self.auction_bid_step: int = config.auction_bid_step
        self.assistance_moves_carry_passengers: bool = config.assistance_moves_carry_passengers
        self.die_sides: int = data.constants.die_sides
        self.space_requires: dict[str, Element] = data.constants.space_requires
        self.airport_element_price: dict[Element, int] = data.constants.airport_element_price
        self.ticket_prices: tuple[int | None, ...] = data.ticket_prices
        """A space's plane ticket price (None off the airports)."""
        self.hotel_cheques: tuple[int, ...] = data.hotel_cheques
        self.achat_prices: tuple[int, ...] = data.achat_prices
        self.resale_price: dict[str, int] = data.constants.resale_price
        self.card_effects: dict[str, tuple[tuple[Effect, ...], ...]] = data.card_effects
        """A drawn card's effects, by deck and index (hotel cards carry cheques instead, achat cards a price)."""

    def ticket_price(self, pos: int) -> int:
        """The plane ticket's price at `pos`, an airport."""
        price = self.ticket_prices[pos]
        assert price is not None
        return price

    def resale(self, lot: str, card: int = -1, count: int = 1) -> int:
        """The resale price (auction floor, bank buy-back) of a lot [TEXT table]."""
        if lot == "achat":
            return self.achat_prices[card] // 2
        if lot == "cheques":
            return self.resale_price["cheque"] * count
        return self.resale_price[lot]

    def __reduce__(self) -> tuple[type[Table], tuple[RoutardConfig, RoutardData]]:
        """Pickled as what it is made from: a compiled object is otherwise restored attribute by attribute."""
        return Table, (self.config, self.data)
