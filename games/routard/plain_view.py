"""What one seat of Le Jeu du Routard may know, as plain data: RoutardView's fields (view.py).

view.py validates it into the model; the environments read it as it is, into an observation vector at every
step, so it is compiled with mypyc (a hot module, core/compiled.py), and kept apart from the pydantic models,
which mypyc does not compile.
"""

from __future__ import annotations

import dataclasses
from functools import cache, lru_cache
from typing import Any

from meeplog.core.kernel import Pending
from meeplog.games.routard.data import DECKS, Effect
from meeplog.games.routard.narration import task_words, who
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


def _pile_text(ids: tuple[str, ...], pile: tuple[int, ...]) -> str:
    """Joined afresh, compiled: a cache's key would hash the deck's every id at each step."""
    return " ".join([ids[c] for c in pile])


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
    if isinstance(task, (ChequeTopUp, HotelPay)):
        return f"{seat} owes {task.due} hotel cheques and must buy the missing ones"
    if isinstance(task, AuctionTask):
        return f"auction by {seat}: bid or pass"
    if isinstance(task, Act) and task.forced:
        return f"{seat} must move exactly {task.forced} spaces (card instruction)"
    return f"{seat}: {task_words(task)}"
