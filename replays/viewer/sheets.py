"""A seat's sheet: everything a seat page shows of a game being played, as JSON-ready data.

A sheet is built from the seat's view, its legal commands and the events as the seat perceives them
(`frames.panel` and `frames.line`, the same functions the debugger shows a seat with), and from nothing else of
the state, so what a person sees at the table is what a bot or a model at that seat is shown. The leak check
(core/conformance/test_viewer.py) holds it to that: two states that differ only in what the seat cannot know give
byte-identical sheets. The feed leaves out GameStarted, whose line names the seed: a person who knew it could
deal the game again and see every hand; nor does it repeat each accepted decision, which the game's own events
tell (as the terminal's `human` player shows them). Each legal command comes with its JSON (what the page sends
back) and, where the game's board draws a target for it, the target's key (boards.target).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meeplog.core.audit import GameFinished, GameStarted, SeatForfeited
from meeplog.core.codec import Codec
from meeplog.core.kernel import GameEvent, Rules
from meeplog.replays.viewer.boards import target
from meeplog.replays.viewer.frames import line, panel

FEED_LINES = 40  # the narration's last lines a sheet carries


def sheet(
    rules: Rules[Any, Any],
    state: Any,
    seat: int,
    *,
    seats: Sequence[str],
    events: Sequence[GameEvent],
    version: int,
) -> dict[str, Any]:
    """What `seat` is shown after the game's first `version` records, `events` being the latest of them."""
    shown = panel(rules, state, seat, len(seats))
    pending = rules.pending(state)
    legal = rules.legal(state, seat)
    mine = seat in pending.seats and bool(legal)
    codec = Codec(rules.commands)
    commands = [
        {"text": text, "command": codec.encode(command), "target": target(rules, command)}
        for text, command in zip(shown.legal, legal, strict=True)
    ]
    lines = [line(rules, state, 0, event, seat) for event in events if not isinstance(event, GameStarted)]
    feed = [entry.text for entry in lines if entry.audit not in ("exchange", "decision")][-FEED_LINES:]
    ending = events[-1] if events else None
    result = None
    if isinstance(ending, GameFinished):
        result = {"scores": list(ending.scores), "ranks": list(ending.ranks), "tie_break": ending.note}
        pad = rules.score_pad(state)  # each seat's score by the game's categories, where it counts them so
        if pad is not None:
            result["categories"] = [dict(categories) for categories in pad]
        results = enumerate(zip(ending.scores, ending.ranks, strict=True))
        status = "the game is over: " + ", ".join(f"seat {s} scored {v:g} (rank {rank})" for s, (v, rank) in results)
    elif isinstance(ending, SeatForfeited):
        status = f"the game ended without a result: {ending.why}"
    elif mine:
        status = "your turn"
    else:
        status = "waiting for " + ", ".join(f"seat {s} ({seats[s]})" for s in pending.seats)
    return {
        "version": version,
        "seat": seat,
        "game": rules.name,
        "title": rules.title,
        "seats": list(seats),
        "board": "".join(html for _, html in shown.boards),
        "commands": commands,
        "feed": feed,
        "status": status,
        "yours": mine,
        "over": isinstance(ending, GameFinished | SeatForfeited),
        "result": result,  # the final scores, ranks (1 best, ties share) and how ties were broken, once finished
    }
