"""What one seat of Le Jeu du Routard may know.

Everything is public (R54) except the order of the draw piles and the other bidders' sealed bids.
"""

from __future__ import annotations

import dataclasses
from functools import cache, lru_cache
from typing import Any

from pydantic import BaseModel, Field

from meeplog.core.kernel import Pending
from meeplog.games.routard.data import DECKS, Effect
from meeplog.games.routard.narration import who
from meeplog.games.routard.queries import stack
from meeplog.games.routard.state import BANK, HOME, RoutardState, Traveller
from meeplog.games.routard.tasks import (
    Act,
    AuctionTask,
    Charge,
    ChequeTopUp,
    HotelPay,
    Purchase,
    Task,
)


class PlayerView(BaseModel, frozen=True):
    """One player, all public (R54). `position` None: still preparing his backpack at home (stage 1)."""

    seat: int = Field(description="the player's seat number")
    position: int | None = Field(
        description="the space the pawn stands on, 0 (departure airport) to 72 (arrival airport); null: still at home "
        "preparing the backpack (stage 1)"
    )
    space: str = Field(description="that space, in words")
    money: int = Field(description="cash, in €")
    cheques: int = Field(description="hotel cheques held (hotel cards are paid in cheques, not money)")
    tickets: int = Field(description="plane tickets held")
    elements: dict[str, int] = Field(
        description="copies held of each backpack element: formalites, guide, equipement, appareil_photo (the camera)"
    )
    achat: list[str] = Field(description="the achat cards collected, as id and title")
    reportage: list[str] = Field(description="the reportage cards collected, as id and title")
    aventure: list[str] = Field(description="the aventure cards collected, as id and title")
    notes: list[str] = Field(
        description="next-turn instructions, broke, debts, sheet turns, the last line announced and the player last "
        "picked by a card"
    )


class AuctionView(BaseModel, frozen=True):
    """The lot on sale."""

    seller: int = Field(description="the selling player's seat")
    lot: str = Field(description="guide, equipement, appareil_photo, billet_avion, achat or cheques")
    card: str | None = Field(description="the achat card on sale, as id and title; null for any other lot")
    count: int = Field(description="how many of the lot (cheques sell several at once)")
    floor: int = Field(description="the lowest bid in €: the resale price, which the bank pays when nobody bids")
    bidders: list[int] = Field(description="the seats that may bid")
    decided: list[int] = Field(description="sealed bids: the bidders who have bid or passed")
    own_bid: int | None = Field(description="sealed bids: your bid in € (0: a pass); null before you decide")
    price: int = Field(description="ascending auction: the standing bid in €")
    high: int | None = Field(description="ascending auction: the standing high bidder; null: none yet")
    active: list[int] = Field(description="ascending auction: the bidders still in")


class RoutardView(BaseModel, frozen=True):
    """What one seat knows at a decision of Le Jeu du Routard."""

    seat: int = Field(description="your seat number")
    round: int = Field(description="the round being played, from 1")
    max_rounds: int = Field(description="the round after which the game ends with nobody winning")
    turn: int = Field(description="whose turn it is (a seat)")
    to_act: list[int] = Field(description="the seats that must decide now")
    decision: str = Field(description="what the game waits for, in words")
    agenda: list[str] = Field(description="what is left to do this turn, the next task last")
    cards_per_type: int = Field(description="the achat, reportage and aventure cards each needed to win")
    board: str = Field(
        description="one letter per space, 0 to 72: T airport, A achat, R reportage, V aventure, J job, C chance, P "
        "poste restante"
    )
    stacks: dict[int, list[int]] = Field(
        description="each occupied space -> the pawns on it, bottom first (the bottom pawn drives the stack)"
    )
    players: list[PlayerView] = Field(description="every player, by seat number from 0, you included")
    draw_sizes: dict[str, int] = Field(description="cards left in each draw pile")
    discards: dict[str, str] = Field(description="each discard pile's card ids, oldest first")
    auction: AuctionView | None = Field(description="the auction in progress; null: none")
    amount_between: list[int] | None = Field(
        description="your amount's bracket [low, high] while you choose it in steps (Narrow); null otherwise"
    )
    window_tickets: int = Field(description="tickets bought in the open shop window")
    winners: list[int] = Field(description="the winning seats, once the game is over")
    capped: bool = Field(description="the game ended at `max_rounds` with nobody winning")

    @classmethod
    def plain(cls, state: RoutardState, seat: int, pending: Pending) -> dict[str, Any]:
        """This view as plain data, without the model (PlainView: what the environments' vectors read)."""
        return view_data(state, seat, pending)


def _player_view(state: RoutardState, seat: int) -> dict[str, Any]:
    player, labels = state.players[seat], state.data.card_labels
    on_track = player.pos != HOME
    return {
        "seat": seat,
        "position": player.pos if on_track else None,
        "space": state.data.space_name(player.pos) if on_track else "home: preparing the backpack",
        "money": player.money,
        "cheques": player.cheques,
        "tickets": player.tickets,
        "elements": player.elements,
        "achat": [labels["achat"][c] for c in player.achat],
        "reportage": [labels["reportage"][c] for c in player.reportage],
        "aventure": [labels["aventure"][c] for c in player.aventure],
        "notes": _notes(player),
    }


def _notes(player: Traveller) -> list[str]:
    notes = [
        "skips the next turn" if kind == "skip" else f"must move exactly {spaces} next turn"
        for kind, spaces in player.instructions
    ]
    if player.fauche:
        notes.append("broke (fauché): Job Assistance")
    notes += [f"owes {amount} € to {who(creditor)}" for creditor, amount in player.debts]
    if player.pos == HOME:
        notes.append(f"{player.prep_turns} sheet turns played")
    if player.announced:
        notes.append(f"last announced the {player.announced} line")
    if player.picked >= 0:
        notes.append(f"last picked seat {player.picked}")
    return notes


def _auction_view(state: RoutardState, seat: int) -> dict[str, Any] | None:
    auction = state.auction
    if auction is None:
        return None
    return {
        "seller": auction.seller,
        "lot": auction.lot,
        "card": state.data.card_labels["achat"][auction.card] if auction.lot == "achat" else None,
        "count": auction.quantity,
        "floor": auction.floor,
        "bidders": auction.bidders,
        "decided": [s for s in auction.bidders if auction.bids and auction.bids[s] is not None],
        "own_bid": auction.bids[seat] if auction.bids else None,
        "price": auction.price,
        "high": None if auction.high == BANK else auction.high,
        "active": auction.active,
    }


def view(state: RoutardState, seat: int, pending: Pending) -> RoutardView:
    """Built as plain data and validated once: views are made at every decision of a playout."""
    return RoutardView.model_validate(view_data(state, seat, pending))


def view_data(state: RoutardState, seat: int, pending: Pending) -> dict[str, Any]:
    """The view as plain data: RoutardView's fields."""
    positions = sorted({p.pos for p in state.players if p.pos != HOME})
    ids = state.data.card_ids
    return {
        "seat": seat,
        "round": state.round,
        "max_rounds": state.config.max_rounds,
        "turn": state.turn,
        "to_act": pending.seats,
        "decision": situation(state),
        "agenda": [task_text(task) for task in state.agenda],
        "cards_per_type": state.config.cards_per_type,
        "board": state.data.board_codes,
        "stacks": {pos: stack(state, pos) for pos in positions},
        "players": [_player_view(state, s) for s in range(state.count)],
        "draw_sizes": {deck: len(state.draw[deck]) for deck in DECKS},
        "discards": {deck: _pile_text(ids[deck], state.discard[deck]) for deck in DECKS},
        "auction": _auction_view(state, seat),
        "amount_between": list(state.narrowed[seat][-1]) if seat in state.narrowed else None,
        "window_tickets": state.window_tickets,
        "winners": state.winners,
        "capped": state.capped,
    }


@lru_cache(maxsize=4096)
def _pile_text(ids: tuple[str, ...], pile: tuple[int, ...]) -> str:
    return " ".join(ids[c] for c in pile)


@lru_cache(maxsize=4096)
def task_text(task: Task) -> str:
    """One public line per task left to do (the agenda holds nothing hidden)."""
    shown = []
    for field in dataclasses.fields(task):
        value = getattr(task, field.name)
        shown.append(f"{field.name}={_effect_text(value) if isinstance(value, Effect) else value}")
    return f"{type(task).__name__}({', '.join(shown)})"


@cache
def _effect_text(effect: Effect) -> str:
    return effect.model_dump_json(exclude_none=True, by_alias=True)


def situation(state: RoutardState) -> str:
    """What the game waits for, in words (the amounts a decision depends on included)."""
    if state.over:
        return "game over"
    task: Task = state.agenda[-1]
    seat = f"seat {task.seat}"
    if isinstance(task, Charge):
        return f"{seat} must pay {task.amount} € ({task.reason}) and may auction lots to raise it"
    if isinstance(task, Purchase):
        return f"{seat} must pay {task.price} € for an achat card and may auction lots to raise it"
    if isinstance(task, ChequeTopUp | HotelPay):
        return f"{seat} owes {task.due} hotel cheques and must buy the missing ones"
    if isinstance(task, AuctionTask):
        return f"auction by {seat}: bid or pass"
    if isinstance(task, Act) and task.forced:
        return f"{seat} must move exactly {task.forced} spaces (card instruction)"
    return f"{seat}: {type(task).__name__}"
