"""The component data of Le Jeu du Routard, loaded from jeu-du-routard.json and validated on load.

The board, the "Préparez votre sac" sheet and every card are data: the engine runs the effect
vocabulary declared in the file (`effect_kinds`), so a card is changed or added by editing the JSON.
Every figure keeps its provenance tag (TEXT / SRC / RECON) in the file's `provenance` table.
"""

from __future__ import annotations

import json
from functools import cached_property
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from meeplog.core.datafiles import DataFile

DATA_FILE = Path(__file__).with_name("jeu-du-routard.json")

Element = Literal["formalites", "guide", "equipement", "appareil_photo"]
Item = Literal["formalites", "guide", "equipement", "appareil_photo", "billet_avion"]
CollectionDeck = Literal["achat", "reportage", "aventure"]
SpaceType = Literal["aeroport", "achat", "reportage", "aventure", "job", "chance", "poste_restante"]

ELEMENTS: tuple[Element, ...] = ("formalites", "guide", "equipement", "appareil_photo")
TICKET = "billet_avion"
COLLECTION_DECKS: tuple[CollectionDeck, ...] = ("achat", "reportage", "aventure")
EFFECT_DECKS = ("job", "chance", "poste_restante", "reportage", "aventure")
DECKS = ("hebergement", "job", "chance", "poste_restante", "achat", "reportage", "aventure")
SHEET_LINES = ("argent_de_poche", "formalites", "guide", "equipement", "appareil_photo", "billet_avion",
               "cheques_hotel")
BOARD_CODES = {"aeroport": "T", "achat": "A", "reportage": "R", "aventure": "V", "job": "J", "chance": "C",
               "poste_restante": "P"}  # T: airport (terminal); the other letters are the data sheet's
RESALEABLE = ("guide", "equipement", "appareil_photo", "billet_avion")
EFFECT_FIELDS = ("amount", "per_pip", "count", "item", "deck", "direction", "counterpart", "spaces", "effects",
                 "then", "else_", "outcomes")


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class DieOutcome(Frozen):
    rolls: tuple[int, int]
    effects: tuple[Effect, ...]


class Effect(Frozen):
    """One instruction of the effect vocabulary; which fields it carries is checked against `effect_kinds`."""

    kind: str
    amount: int | None = None
    per_pip: int | None = None
    count: int | None = Field(None, ge=0)
    item: Item | None = None
    deck: CollectionDeck | None = None
    direction: Literal["collect", "pay"] | None = None
    counterpart: Literal["each", "choice", "left"] | None = None
    spaces: int | None = None
    effects: tuple[Effect, ...] | None = None
    then: tuple[Effect, ...] | None = None
    else_: tuple[Effect, ...] | None = Field(None, alias="else")
    outcomes: tuple[DieOutcome, ...] | None = None

    def given_fields(self) -> set[str]:
        return {name.rstrip("_") for name in EFFECT_FIELDS if getattr(self, name) is not None}

    def children(self) -> tuple[Effect, ...]:
        nested = [*(self.effects or ()), *(self.then or ()), *(self.else_ or ())]
        for outcome in self.outcomes or ():
            nested.extend(outcome.effects)
        return tuple(nested)


DieOutcome.model_rebuild()


class Space(Frozen):
    i: int
    type: SpaceType
    name: str | None = None
    role: Literal["depart", "intermediaire", "arrivee"] | None = None
    ticket_price: int | None = None


class Board(Frozen):
    length: int
    spaces: tuple[Space, ...]


class SheetOutcome(Frozen):
    kind: Literal["gain_money", "buy"]
    amount: int | None = None
    item: Literal["formalites", "guide", "equipement", "appareil_photo", "billet_avion", "cheques"] | None = None
    qty: int | None = Field(None, gt=0)
    price: int | None = Field(None, ge=0)


class Sheet(Frozen):
    lines: tuple[str, ...]
    outcomes: dict[str, dict[str, SheetOutcome]]


class HotelCard(Frozen):
    id: str
    title: str
    cheques: int = Field(ge=0)


class AchatCard(Frozen):
    id: str
    title: str
    price: int = Field(gt=0)


class EffectCard(Frozen):
    id: str
    title: str
    effects: tuple[Effect, ...]


class Decks(Frozen):
    hebergement: tuple[HotelCard, ...]
    job: tuple[EffectCard, ...]
    chance: tuple[EffectCard, ...]
    poste_restante: tuple[EffectCard, ...]
    achat: tuple[AchatCard, ...]
    reportage: tuple[EffectCard, ...]
    aventure: tuple[EffectCard, ...]


class Minimum(Frozen):
    items: tuple[Element, ...]
    billet_avion: int = Field(ge=0)
    cheques: int = Field(ge=0)
    money: int = Field(ge=0)


class Constants(Frozen):
    die_sides: int
    money_unit: int
    banknotes: tuple[int, ...]
    move_cost: dict[int, int]
    cheque_price: int
    airport_element_price: dict[Element, int]
    formalites_rebuy_price: int
    resale_price: dict[str, int]
    achat_resale: Literal["half_printed_price"]
    not_resaleable: tuple[str, ...]
    fine: int
    depart_minimum: Minimum
    express_start: Minimum
    cards_to_bring_back: dict[CollectionDeck, int]
    variant_cards_per_type_suggested: dict[int, int]
    space_requires: dict[str, Element]
    no_guide_doubles: tuple[str, ...]
    deck_sizes: dict[str, int]


class RoutardData(Frozen):
    game: str
    title: str
    data_version: str
    note: str
    provenance: dict[str, str]
    players: dict[str, int]
    constants: Constants
    effect_kinds: dict[str, tuple[str, ...]]
    enums: dict[str, tuple[str, ...]]
    board: Board
    prep_sheet: Sheet
    decks: Decks

    @model_validator(mode="after")
    def _consistent(self) -> RoutardData:
        _check_board(self)
        _check_money(self)
        _check_sheet(self)
        _check_decks(self)
        return self

    # --- derived tables, computed once -----------------------------------------------------------

    @cached_property
    def arrival(self) -> int:
        return self.board.length - 1

    @cached_property
    def space_types(self) -> tuple[str, ...]:
        return tuple(space.type for space in self.board.spaces)

    @cached_property
    def airports(self) -> tuple[int, ...]:
        return tuple(space.i for space in self.board.spaces if space.type == "aeroport")

    @cached_property
    def next_airport(self) -> tuple[int, ...]:
        """The next airport strictly ahead of each index (the arrival airport maps to itself)."""
        return tuple(next((a for a in self.airports if a > i), self.arrival) for i in range(self.board.length))

    @cached_property
    def airport_at_or_behind(self) -> tuple[int, ...]:
        return tuple(max(a for a in self.airports if a <= i) for i in range(self.board.length))

    @cached_property
    def board_codes(self) -> str:
        """The track in one line: one letter per space (BOARD_CODES), as the data sheet prints it."""
        return "".join(BOARD_CODES[space.type] for space in self.board.spaces)

    @cached_property
    def card_ids(self) -> dict[str, tuple[str, ...]]:
        return {deck: tuple(card.id for card in getattr(self.decks, deck)) for deck in DECKS}

    @cached_property
    def card_labels(self) -> dict[str, tuple[str, ...]]:
        """Short readable names: the id, the title, and an achat card's price."""
        labels = {deck: tuple(f"{card.id} {card.title}" for card in getattr(self.decks, deck)) for deck in DECKS}
        labels["achat"] = tuple(f"{card.id} {card.title} ({card.price} €)" for card in self.decks.achat)
        return labels

    @property
    def previous_airport_of_arrival(self) -> int:
        return self.airports[-2]

    def nearest_behind(self, types: tuple[str, ...], strictly: bool) -> tuple[int | None, ...]:
        """For each index, the nearest space of `types` behind it (at it too unless `strictly`), or None."""
        found: list[int | None] = []
        for i in range(self.board.length):
            start = i - 1 if strictly else i
            found.append(next((j for j in range(start, -1, -1) if self.space_types[j] in types), None))
        return tuple(found)

    def first_ahead(self, types: tuple[str, ...], i: int) -> int:
        return next((j for j in range(i + 1, self.board.length) if self.space_types[j] in types), self.arrival)

    @cached_property
    def hotel_assistance_target(self) -> tuple[int | None, ...]:
        return self.nearest_behind(("chance", "poste_restante"), strictly=False)

    @cached_property
    def job_assistance_target(self) -> tuple[int | None, ...]:
        return self.nearest_behind(("job",), strictly=True)

    def space_name(self, i: int) -> str:
        space = self.board.spaces[i]
        return space.name or f"space {i} ({space.type.replace('_', ' ')})"

    def card(self, deck: str, index: int) -> HotelCard | AchatCard | EffectCard:
        return self.deck_cards[deck][index]

    @cached_property
    def deck_cards(self) -> dict[str, tuple[HotelCard | AchatCard | EffectCard, ...]]:
        """Each deck's cards by name, a table the kernel reads for every drawn card (`card` is a call)."""
        return {deck: tuple(getattr(self.decks, deck)) for deck in DECKS}

    @cached_property
    def ticket_prices(self) -> tuple[int | None, ...]:
        """Each space's plane ticket price (None off the airports), for the kernel's Table."""
        return tuple(space.ticket_price for space in self.board.spaces)

    @cached_property
    def hotel_cheques(self) -> tuple[int, ...]:
        """Each hotel card's cheques, for the kernel's Table."""
        return tuple(card.cheques for card in self.decks.hebergement)

    @cached_property
    def achat_prices(self) -> tuple[int, ...]:
        """Each achat card's price, for the kernel's Table."""
        return tuple(card.price for card in self.decks.achat)

    @cached_property
    def card_effects(self) -> dict[str, tuple[tuple[Effect, ...], ...]]:
        """Each effect card's effects, by deck and index, for the kernel's Table."""
        return {deck: tuple(card.effects for card in getattr(self.decks, deck)) for deck in EFFECT_DECKS}


def _check_board(data: RoutardData) -> None:
    spaces = data.board.spaces
    if len(spaces) != data.board.length or any(space.i != i for i, space in enumerate(spaces)):
        raise ValueError("board spaces must be listed in order, one per index")
    if spaces[0].role != "depart" or spaces[-1].role != "arrivee":
        raise ValueError("the first space must be the departure airport and the last the arrival airport")
    for space in spaces:
        if (space.type == "aeroport") != (space.ticket_price is not None):
            raise ValueError(f"space {space.i}: airports, and only airports, print a ticket price")
    if sum(space.type == "aeroport" for space in spaces) < 2:
        raise ValueError("the board needs a departure and an arrival airport")


def _check_money(data: RoutardData) -> None:
    """Every amount is a multiple of the smallest note (ruling R3), so no euro is ever split."""
    unit = data.constants.money_unit
    amounts = [
        *data.constants.move_cost.values(),
        data.constants.cheque_price,
        *data.constants.airport_element_price.values(),
        data.constants.formalites_rebuy_price,
        *data.constants.resale_price.values(),
        data.constants.fine,
        data.constants.depart_minimum.money,
        data.constants.express_start.money,
        *(space.ticket_price or 0 for space in data.board.spaces),
        *(card.price // 2 for card in data.decks.achat),
        *(card.price for card in data.decks.achat),
    ]
    for line in data.prep_sheet.outcomes.values():
        amounts.extend((outcome.amount or 0) + (outcome.price or 0) for outcome in line.values())
    for deck in EFFECT_DECKS:
        for card in getattr(data.decks, deck):
            for effect in _walk(card.effects):
                amounts.extend(v for v in (effect.amount, effect.per_pip) if v is not None)
    if data.decks.achat and any(card.price % (2 * unit) for card in data.decks.achat):
        raise ValueError("an achat card's half price (its resale) must be a multiple of the smallest note")
    bad = sorted({a for a in amounts if a % unit})
    if bad:
        raise ValueError(f"amounts not payable in {unit} € notes: {bad}")


def _check_sheet(data: RoutardData) -> None:
    sheet = data.prep_sheet
    if tuple(sheet.lines) != SHEET_LINES or set(sheet.outcomes) != set(SHEET_LINES):
        raise ValueError(f"the sheet lines must be {SHEET_LINES}")
    sides = {str(side) for side in range(1, data.constants.die_sides + 1)}
    for line, outcomes in sheet.outcomes.items():
        if set(outcomes) != sides:
            raise ValueError(f"sheet line {line} needs one outcome per die face")
        for outcome in outcomes.values():
            if (outcome.kind == "gain_money") != (outcome.amount is not None):
                raise ValueError(f"sheet line {line}: gain_money needs an amount, buy needs none")
            if outcome.kind == "buy" and (outcome.item is None or outcome.qty is None or outcome.price is None):
                raise ValueError(f"sheet line {line}: buy needs item, qty and price")


def _check_decks(data: RoutardData) -> None:
    for deck, size in data.constants.deck_sizes.items():
        if len(getattr(data.decks, deck)) != size:
            raise ValueError(f"deck {deck} must hold {size} cards")
    for deck in EFFECT_DECKS:
        for card in getattr(data.decks, deck):
            for effect in _walk(card.effects):
                _check_effect(data, card.id, effect)
            if deck in COLLECTION_DECKS and not _always_settles_card(card.effects):
                raise ValueError(f"{card.id}: every path must keep or return the card exactly once")
            settles = any(e.kind in ("keep_card", "return_card") for e in _walk(card.effects))
            if deck not in COLLECTION_DECKS and settles:
                raise ValueError(f"{card.id}: only collection cards can be kept or returned")


def _check_effect(data: RoutardData, card: str, effect: Effect) -> None:
    expected = data.effect_kinds.get(effect.kind)
    if expected is None:
        raise ValueError(f"{card}: unknown effect kind {effect.kind!r}")
    if effect.given_fields() != set(expected):
        raise ValueError(f"{card}: {effect.kind} takes {sorted(expected)}, not {sorted(effect.given_fields())}")
    if effect.outcomes is not None:
        faces = sorted(face for o in effect.outcomes for face in range(o.rolls[0], o.rolls[1] + 1))
        if faces != list(range(1, data.constants.die_sides + 1)):
            raise ValueError(f"{card}: die outcomes must cover every face exactly once")


def _walk(effects: tuple[Effect, ...]) -> list[Effect]:
    found: list[Effect] = []
    for effect in effects:
        found.append(effect)
        found.extend(_walk(effect.children()))
    return found


def _settles(effects: tuple[Effect, ...]) -> int | None:
    """How many keep/return effects every path through `effects` meets, or None if paths differ."""
    total = 0
    for effect in effects:
        if effect.kind in ("keep_card", "return_card"):
            total += 1
        branches = []
        if effect.kind == "if_has":
            branches = [effect.then or (), effect.else_ or ()]
        elif effect.kind == "die":
            branches = [o.effects for o in effect.outcomes or ()]
        if branches:
            counts = {_settles(branch) for branch in branches}
            if len(counts) != 1 or None in counts:
                return None
            total += counts.pop() or 0
    return total


def _always_settles_card(effects: tuple[Effect, ...]) -> bool:
    return _settles(effects) == 1


def load(path: Path = DATA_FILE) -> RoutardData:
    with path.open(encoding="utf-8") as file:
        return RoutardData.model_validate(json.load(file))


DATA = DataFile(DATA_FILE, load)
