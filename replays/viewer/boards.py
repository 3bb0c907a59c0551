"""Each game draws its own board: a `board.py` module beside its Rules class (games/<game>/board.py), so a
plug-in game brings its drawing with it. A game without one is drawn as a readable tree of its view model.

The contract of a board module: `draw(view) -> str`, the HTML of one seat's pydantic view, every text in it
escaped. It draws only the view it is handed, so it can show nothing the seat may not know. It may use the
viewer's CSS classes: `board`, `zone` (a titled area: a hand, a trick, a backpack), `card` with `suit-<name>`
or `colour-<name>` and `value`/`name` spans inside, `card back` for a face-down card, `chip`, `seat-<n>`,
`me` (the seat's own), `muted`; games/forest/board.py is an example.

A board module may also define `target(command) -> str | None`: the key of what a person clicks on the board to
play that command (a card, a place), written on the drawn element as `data-target="KEY"`. The seat page makes
each such element a target for the legal commands that name it; every command is also in a list beside.
"""

from __future__ import annotations

import importlib
import re
from functools import cache
from html import escape
from types import ModuleType
from typing import Any

from pydantic import BaseModel

from meeplog.core.kernel import Rules
from meeplog.replays.viewer.tree import render

BOARD_MODULE = "board"


@cache
def board_module(rules: Rules[Any, Any]) -> ModuleType | None:
    """The game's board module, or None when its package has none (an error inside one still raises)."""
    package = type(rules).__module__.rpartition(".")[0]
    if not package:
        return None
    name = f"{package}.{BOARD_MODULE}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name == name:
            return None
        raise


def draw(rules: Rules[Any, Any], view: BaseModel) -> str:
    """The HTML board of one seat's view: the game's own drawing, or the generic tree of its fields."""
    module = board_module(rules)
    if module is None:
        return f'<div class="board generic">{render(view.model_dump(mode="json"), set())}</div>'
    return str(module.draw(view))


def target(rules: Rules[Any, Any], command: object) -> str | None:
    """The key of the board element that plays `command`, if the game's board draws one (see above)."""
    module = board_module(rules)
    find = getattr(module, "target", None)
    return None if find is None else find(command)


def onlooker(board: str, seat: int) -> str:
    """`seat`'s board as someone else reads it (the viewer's "all seats"): what a board calls you is named as the
    seat ("your hand (seat 2)" reads "seat 2's hand", "seat 2 (you)" reads "seat 2") in its zone labels and card
    names, and no zone is marked as the reader's own (`me`)."""

    def third_person(found: re.Match[str]) -> str:
        words = found.group(2).replace(f" (seat {seat})", "").replace(" (you)", "")
        return found.group(1) + _YOUR.sub(escape(f"seat {seat}'s"), words) + found.group(3)

    return _MINE.sub(r"\1", _WORDS.sub(third_person, board))


def mark_changed_zones(before: str, after: str) -> str:
    """`after` with each zone (a `<div class="zone ...">` of a board) whose content differs from the zone of the
    same title in `before` given the class `changed`, so the page highlights what moved on the board."""
    old = {_title(chunk): _content(chunk) for chunk in _ZONE.split(before)[1:]}
    parts = _ZONE.split(after)
    marked = [parts[0]]
    for chunk in parts[1:]:
        moved = old.get(_title(chunk)) != _content(chunk)
        marked.append(_ZONE_START + (" changed" if moved else "") + chunk)
    return "".join(marked)


def _content(chunk: str) -> str:
    """A zone's text up to the next zone, less the closing tags that depend on whether another zone follows."""
    while chunk.endswith("</div>"):
        chunk = chunk.removesuffix("</div>")
    return chunk


def _title(zone: str) -> str:
    found = _LABEL.search(zone)
    return found.group(1) if found else ""


_ZONE_START = '<div class="zone'
_ZONE = re.compile(re.escape(_ZONE_START))
_LABEL = re.compile(r'<span class="label">(.*?)</span>')
_WORDS = re.compile(r'(<span class="(?:label|name)">)(.*?)(</span>)')  # a zone's label, a card's name
_YOUR = re.compile(r"\b[Yy]our\b")
_MINE = re.compile(r'(class="[^"]*?) me(?=[ "])')
