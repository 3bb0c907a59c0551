"""Old Man of the Forest drawn for the web viewer: one seat's view as the table looks to it (replays/viewer)."""

from __future__ import annotations

from meeplog.core.drawing import backs, board, card, chip, text, zone
from meeplog.games.forest.view import Card, ForestView, OrangutanCard


def draw(view: ForestView) -> str:
    status = (
        f"game {view.game}, round {view.round}: {view.phase}; leader seat {view.leader}; "
        f"to act: {', '.join(f'seat {s}' for s in view.to_act) or 'nobody'}"
    )
    trick = "".join(f"{chip(f'seat {p.seat}', p.seat)}{_card(p.card)}" for p in view.trick)
    parts = [
        zone("the orangutans on display", "".join(_orangutan(o) for o in view.display), kind="display"),
        zone("the trick", trick, kind="trick"),
        zone(
            f"your hand (seat {view.seat})", "".join(_card(c, secret=True) for c in view.hand), kind="hand", mine=True
        ),
        *(_seat(view, seat) for seat in range(len(view.seats))),
        zone(
            "decks",
            f"orangutans {backs(view.orangutan_deck_size, 'orangutan cards')} "
            f"set aside {backs(view.set_aside_size, 'cards set aside')}",
            kind="decks",
        ),
        zone("discard", "".join(_card(c) for c in view.discard), kind="discard"),
    ]
    return board(parts, status)


def _seat(view: ForestView, seat: int) -> str:
    public = view.seats[seat]
    body = (
        f"<div>hand {backs(public.hand_size)} · banked <b>{public.banked_score}</b> · "
        f"deforestation taken {public.deforestation_taken} · under orangutans {public.cards_under_orangutans}</div>"
        f"<div>won: {''.join(_card(c) for c in public.won) or '<span class=muted>nothing</span>'}</div>"
        f"<div>orangutans: {''.join(_orangutan(o) for o in public.orangutans) or '<span class=muted>none</span>'}</div>"
    )
    return zone(
        f"seat {seat}{' (you)' if seat == view.seat else ''}", body, kind=f"seat seat-{seat}", mine=seat == view.seat
    )


def _card(shown: Card, secret: bool = False) -> str:
    return card(shown.value, colour=shown.suit, secret=secret)


def _orangutan(shown: OrangutanCard) -> str:
    needs = ", ".join(shown.requires)
    return card(shown.points, name=shown.name, note=f"needs {needs}") + f"<small>{text(needs)}</small>"
