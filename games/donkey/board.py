"""The Donkey game drawn for the web viewer: the donkey, each seat's load (face down where unseen) and your hand.

A person at a seat page loads the donkey by clicking a hand card (a double's pairs are then picked from the list)
and peeks or picks by clicking a seat's load card."""

from __future__ import annotations

from meeplog.core.drawing import backs, board, card, chip, hand_backs, text, zone
from meeplog.core.kernel import Command
from meeplog.games.donkey.commands import Commit, Favour8Pick, Peek
from meeplog.games.donkey.view import DonkeyView, LoadCard, SeatInfo


def target(command: Command) -> str | None:
    """The board element that plays `command`: a hand card (by value), a seat's load card."""
    if isinstance(command, Commit) and command.cards:
        return f"hand-{command.cards[0]}"
    if isinstance(command, Peek | Favour8Pick):
        return f"load-{command.seat}-{command.slot}"
    return None


def draw(view: DonkeyView) -> str:
    limit = (
        f"capacity {view.capacity}" if view.capacity is not None else f"precision threshold {view.precision_threshold}"
    )
    status = f"round {view.round}: {view.phase}; to act: {', '.join(f'seat {s}' for s in view.to_act) or 'nobody'}"
    donkey = (
        f"{chip(view.donkey)} plays as <b>{text(view.plays_as)}</b>, {text(limit)}"
        f"{' (a lost donkey returning)' if view.returning_lost_donkey else ''}; "
        f"deck {backs(view.donkeys_left_in_deck, 'donkeys')} · lost donkeys waiting {view.lost_donkeys_waiting}"
    )
    parts = [
        zone("the donkey", donkey, kind="donkey"),
        zone(
            f"your hand (seat {view.seat})",
            "".join(card(v, name="load", secret=True, target=f"hand-{v}") for v in view.hand),
            kind="hand",
            mine=True,
        ),
        *(_seat(view, seat) for seat in view.seats),
    ]
    if view.my_lost_loads:
        lost = " ".join("".join(card(v, name="load") for v in pile) for pile in view.my_lost_loads)
        parts.append(zone("your loads lost with donkeys", lost, kind="lost"))
    if view.final_scores is not None:
        parts.append(zone("final scores", " ".join(chip(f"seat {s}: {v}", s) for s, v in enumerate(view.final_scores))))
    return board(parts, status)


def _seat(view: DonkeyView, seat: SeatInfo) -> str:
    mine = seat.seat == view.seat
    contract = f" · contract: {seat.contract}" if seat.contract else ""
    score = f" · score {seat.score}" if seat.score is not None else ""
    load = "".join(_load(shown, mine, f"load-{seat.seat}-{slot}") for slot, shown in enumerate(seat.load))
    body = (
        f"<div>hand {hand_backs(seat.hand_size, mine)} · favours used {seat.favours_used}{text(contract)}{text(score)}"
        f"{' · committed' if seat.committed else ''}</div>"
        f"<div>load: {load}</div>"
    )
    return zone(f"seat {seat.seat}{' (you)' if mine else ''}", body, kind=f"seat seat-{seat.seat}", mine=mine)


def _load(load: LoadCard, mine: bool, key: str) -> str:
    """A load card: face up for all, its value for the seats that know it, else its back."""
    if load.value is None:
        return f'<span class="card back" title="face down" data-target="{key}"></span>'
    secret = not load.face_up  # a value this seat knows and the table does not (its own, or peeked at)
    shown = card(load.value, name="load" if mine else "peeked" if secret else "", secret=secret, target=key)
    return f'<span class="muted-card">{shown}</span>' if load.removed else shown
