"""Old Man of the Forest drawn for the web viewer: one seat's view as the table looks to it (replays/viewer).

A person at a seat page plays a card by clicking it in the hand, takes one by clicking it in the trick, and cashes in
by clicking the orangutan (the payments it allows are then picked from the list)."""

from __future__ import annotations

from meeplog.core.drawing import backs, board, card, chip, hand_backs, text, zone
from meeplog.core.kernel import Command
from meeplog.games.forest.commands import CashIn, PlayCard, TakeCard
from meeplog.games.forest.state import CASH_FIRST, CASH_SECOND, OVER, PLAY, TAKE_FIRST, TAKE_SECOND
from meeplog.games.forest.view import Card, ForestView, OrangutanCard


def target(command: Command) -> str | None:
    """The board element that plays `command`: a hand card, a card of the trick, an orangutan on display."""
    if isinstance(command, PlayCard):
        return f"hand-{command.card}"
    if isinstance(command, TakeCard):
        return f"trick-{command.card}"
    if isinstance(command, CashIn):
        return f"orangutan-{command.orangutan}"
    return None


PHASES = {  # the view's phase names, as a player says them
    PLAY: "everyone plays a card",
    TAKE_FIRST: "the highest card takes first",
    CASH_FIRST: "the highest card may cash in",
    TAKE_SECOND: "the second highest takes",
    CASH_SECOND: "the second highest may cash in",
    OVER: "the game is over",
}


def draw(view: ForestView) -> str:
    status = (  # games counted from 1, as the feed and people count them
        f"game {view.game + 1}, round {view.round}: {PHASES.get(view.phase, view.phase)}; leader seat {view.leader}; "
        f"to act: {', '.join(f'seat {s}' for s in view.to_act) or 'nobody'}"
    )
    trick = "".join(f"{chip(f'seat {p.seat}', p.seat)}{_card(p.card, target='trick')}" for p in view.trick)
    parts = [
        zone("the orangutans on display", "".join(_orangutan(o) for o in view.display), kind="display"),
        zone("the trick", trick, kind="trick"),
        zone(
            f"your hand (seat {view.seat})",
            "".join(_card(c, secret=True, target="hand") for c in view.hand),
            kind="hand",
            mine=True,
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
    mine = seat == view.seat
    body = (
        f"<div>hand {hand_backs(public.hand_size, mine)} · banked <b>{public.banked_score}</b> · "
        f"deforestation taken {public.deforestation_taken} · under orangutans {public.cards_under_orangutans}</div>"
        f"<div>won: {''.join(_card(c) for c in public.won) or '<span class=muted>nothing</span>'}</div>"
        f"<div>orangutans: {''.join(_orangutan(o) for o in public.orangutans) or '<span class=muted>none</span>'}</div>"
    )
    return zone(
        f"seat {seat}{' (you)' if mine else ''}", body, kind=f"seat seat-{seat}", mine=mine
    )


def _card(shown: Card, secret: bool = False, target: str = "") -> str:
    return card(shown.value, colour=shown.suit, secret=secret, target=f"{target}-{shown.id}" if target else "")


def _orangutan(shown: OrangutanCard) -> str:
    needs = ", ".join(shown.requires)
    drawn = card(shown.points, name=shown.name, note=f"needs {needs}", target=f"orangutan-{shown.id}")
    return drawn + f"<small>{text(needs)}</small>"
