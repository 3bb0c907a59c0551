"""Let's Take a Hike drawn for the web viewer: the trail, each hiker's backpack by slot, and your hand.

A person at a seat page clicks a hand card to pack, place, play or discard it (when one card allows several moves,
the list shows them to choose from) and the draw pile to draw."""

from __future__ import annotations

from meeplog.core.drawing import backs, board, card, chip, hand_backs, text, zone
from meeplog.core.kernel import Command
from meeplog.games.hike.commands import Discard, Draw, PackCard, Place, PlayHazard
from meeplog.games.hike.view import Card, HikeView, SeatView, SlotView, TrailView


def target(command: Command) -> str | None:
    """The board element that plays `command`: a card of your hand, or the draw pile."""
    if isinstance(command, PackCard | Place | PlayHazard | Discard):
        return f"hand-{command.card}"
    if isinstance(command, Draw):
        return "draw"
    return None


def draw(view: HikeView) -> str:
    status = f"{view.phase}: seat {view.current_player} to play ({view.actions_left} actions left); asked: {view.asked}"
    discard = "".join(_card(c) for c in view.discard[-6:])
    piles = f'<span data-target="draw">draw {backs(view.draw_size)}</span> · discard {discard}'
    if len(view.discard) > 6:
        piles += f" <span class=muted>and {len(view.discard) - 6} more</span>"
    parts = [
        _trail(view.hike) if view.hike else zone("the trail", "<span class=muted>no hike under way</span>"),
        zone(
            f"your hand (seat {view.seat})",
            "".join(_card(c, secret=True, target=f"hand-{c.id}") for c in view.hand),
            kind="hand",
            mine=True,
        ),
        zone("piles", piles, kind="piles"),
        *(_seat(view, seat) for seat in view.seats),
    ]
    return board(parts, status)


def _trail(trail: TrailView) -> str:
    waiting = ", ".join(f"seat {s}" for s in trail.still_to_answer)
    body = (
        f"<div>lead hiker {chip(f'seat {trail.lead_hiker}', trail.lead_hiker)} · leader "
        f"{chip(f'seat {trail.leader}', trail.leader)} · hikers "
        f"{' '.join(chip(f'seat {s}', s) for s in trail.hikers)}{' · the last hike' if trail.last_hike else ''}</div>"
        f"<div>met on the trail: {_card(trail.meeting) if trail.meeting else '<span class=muted>nothing yet</span>'}"
        f"{' · still to answer: ' + text(waiting) if waiting else ''}"
        f"</div><div>revealed, not taken: {''.join(_card(c) for c in trail.revealed_not_taken)}</div>"
    )
    return zone("the trail", body, kind="trail")


def _seat(view: HikeView, seat: SeatView) -> str:
    mine = seat.seat == view.seat
    weight = "?" if seat.backpack_weight is None else seat.backpack_weight
    body = (
        f"<div>hand {hand_backs(seat.hand_size, mine)} · backpack weight {text(weight)} · score <b>{seat.score}</b> "
        f"({len(seat.score_pile)} cards scored)</div>"
        f"<div class=backpack>{''.join(_slot(slot) for slot in seat.backpack)}</div>"
    )
    if seat.known_in_hand:
        body += f"<div>known in hand: {''.join(_card(c) for c in seat.known_in_hand)}</div>"
    if seat.known_absent:
        body += f"<div>shown not to carry: {''.join(_card(c) for c in seat.known_absent)}</div>"
    return zone(f"seat {seat.seat}{' (you)' if mine else ''}", body, kind=f"seat seat-{seat.seat}", mine=mine)


def _slot(slot: SlotView) -> str:
    if slot.card is not None:
        inside = _card(slot.card)
    elif slot.face_down:
        inside = '<span class="card back" title="face down"></span>'
    else:
        inside = '<span class="card muted-card"><span class="name">empty</span></span>'
    name = text(slot.slot.replace("_", " "))
    return f'<span class="slot" title="{name}">{inside}<small>{name}</small></span>'


def _card(shown: Card, secret: bool = False, target: str = "") -> str:
    return card(
        shown.boots,
        name=shown.name,
        colour="red" if shown.hazard else "",
        secret=secret,
        note="hazard" if shown.hazard else f"{shown.boots} boots",
        target=target,
    )
