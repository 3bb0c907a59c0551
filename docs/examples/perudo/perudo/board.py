"""Perudo drawn for Meeplog's web viewer: one seat's view as the table looks to it, its own dice face up and
every other cup a row of backs (docs/writing-a-game.md, "What the other doors need")."""

from __future__ import annotations

from meeplog.core.drawing import backs, board, card, chip, text, zone

from .view import PerudoView, Reveal


def draw(view: PerudoView) -> str:
    bid = f"{view.bid.quantity} x {view.bid.face} by seat {view.bid.seat}" if view.bid else "no bid yet"
    to_act = f"seat {view.to_act} to act" if view.to_act is not None else "the game is over"
    status = f"round {view.round}{' (palifico)' if view.palifico else ''}: {bid}; {to_act}"
    parts = [
        zone(f"your cup (seat {view.seat})", "".join(card(die, secret=True) for die in view.my_dice),
             kind="hand", mine=True),
        *(_cup(view, seat, count) for seat, count in enumerate(view.dice_left) if seat != view.seat),
        zone("the bid", _bid(view), kind="trick"),
    ]
    if view.last_reveal is not None:
        parts.append(zone("the last cups lifted", _reveal(view.last_reveal), kind="discard"))
    return board(parts, status)


def _cup(view: PerudoView, seat: int, count: int) -> str:
    body = backs(count, "dice") if count else '<span class="muted">out</span>'
    return zone(f"seat {seat}", body, kind=f"seat seat-{seat}")


def _bid(view: PerudoView) -> str:
    if view.bid is None:
        return text("the round opens with a bid")
    shown = chip(f"seat {view.bid.seat}", view.bid.seat) + card(view.bid.face, name=f"x {view.bid.quantity}")
    choosing = f" · next bid on {view.bidding_on}s, quantity to come" if view.bidding_on else ""
    wild = "aces wild" if view.aces_wild else "aces not wild"
    return f"{shown} {text(f'{view.dice_in_play} dice in play, {wild}{choosing}')}"


def _reveal(reveal: Reveal) -> str:
    cups = "".join(f"<div>{chip(f'seat {seat}', seat)}{''.join(card(die) for die in cup)}</div>"
                   for seat, cup in enumerate(reveal.cups) if cup)
    verdict = (f"seat {reveal.caller} called {reveal.call} on seat {reveal.bidder}'s {reveal.quantity} x "
               f"{reveal.face}: {reveal.count} counted")
    return f"{cups}<div>{text(verdict)}</div>"
