"""HTML building blocks for a game's board renderer (games/<game>/board.py, drawn by the web viewer).

A board draws one seat's view, so it can show nothing the seat may not know; these helpers keep the boards
short and alike, and escape every text. The classes they write are styled by the viewer's stylesheet
(replays/viewer/static/viewer.css). `secret=True` marks what only the viewing seat knows (its hand, its
sealed bid): the viewer's tests look for such marks to check that another seat never gets them. `data-target`
marks what a person playing the seat may click (a card to play, a place to go).
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape


def text(value: object) -> str:
    return escape(str(value))


def card(
    value: object = "", *, name: str = "", colour: str = "", secret: bool = False, note: str = "", target: str = ""
) -> str:
    """A face-up card: a big value, a small name under it, coloured by its suit or colour (`colour-<name>`);
    `target` is the key a seat page clicks it by (replays/viewer/boards.py: `target`)."""
    classes = ["card"]
    if colour:
        classes.append(f"colour-{colour.replace(' ', '-')}")
    if len(name) > 8:
        classes.append("wide")
    label = " ".join(str(part) for part in (colour, value, name) if part != "")
    secret_mark = f' data-secret="{text(label)}"' if secret else ""
    title = f' title="{text(note)}"' if note else ""
    title += f' data-target="{text(target)}"' if target else ""
    inner = (f'<span class="value">{text(value)}</span>' if value != "" else "") + (
        f'<span class="name">{text(name)}</span>' if name else ""
    )
    return f'<span class="{" ".join(classes)}"{secret_mark}{title}>{inner}</span>'


def backs(count: int, what: str = "cards") -> str:
    """`count` face-down cards: a few backs and the number, for a hand or a pile one may not see."""
    shown = "".join('<span class="card back"></span>' for _ in range(min(count, 5)))
    return f'<span class="backs" title="{count} {text(what)}">{shown} <b>{count}</b></span>'


def hand_backs(count: int, mine: bool) -> str:
    """A hand in a seat's summary: backs for another seat's, only the count for your own, which the page already
    shows face up (the same cards twice, once face down, read as two hands)."""
    return f"<b>{count}</b> cards, shown face up above" if mine else backs(count, "cards in hand")


def chip(label: object, seat: int | None = None) -> str:
    seat_class = f" seat-{seat}" if seat is not None else ""
    return f'<span class="chip{seat_class}">{text(label)}</span>'


def zone(title: str, body: str, *, kind: str = "", mine: bool = False) -> str:
    """A titled area of the board; `kind` names it for the page (`hand`, `trick`, `backpack`...)."""
    classes = " ".join(part for part in ("zone", kind, "me" if mine else "") if part)
    return f'<div class="{classes}"><span class="label">{text(title)}</span>{body or _NONE}</div>'


def board(parts: Iterable[str], status: str = "") -> str:
    head = f'<p class="status">{text(status)}</p>' if status else ""
    return f'{head}<div class="board">{"".join(parts)}</div>'


_NONE = '<span class="muted">none</span>'
