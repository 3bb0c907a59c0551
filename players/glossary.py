"""What each field of a game's view means, in words, from the view's own pydantic descriptions.

A prompt shows a view as bare `name: value` lines (players/prompts.py), where a track of letters, a code or
a constant means nothing to a reader who does not know the game's board. Every view field carries a
description (the conformance kit's description check), so the glossary is written from the view class
itself: the same for every turn of a game, it stands in the system message, and it can never disagree with
the view it explains.
"""

from __future__ import annotations

import typing
from collections.abc import Iterator

from pydantic import BaseModel

HEADING = "Your view's fields (each turn shows their values):"


def glossary(view: type[BaseModel]) -> str:
    """`- name: description` for each field of `view`, and under a field holding records (a list, a mapping or
    one of them) the records' own fields, indented; records met again are said to be as the first field's."""
    return "\n".join([HEADING, *_fields(view, 0, {})])


def _fields(model: type[BaseModel], depth: int, explained: dict[type[BaseModel], str]) -> Iterator[str]:
    pad = "  " * depth
    for name, field in model.model_fields.items():
        yield f"{pad}- {name}: {field.description or '(undescribed)'}"
        for record in _records(field.annotation):
            if record in explained:
                yield f"{pad}  each as in `{explained[record]}`"
            else:
                explained[record] = name
                yield from _fields(record, depth + 1, explained)


def _records(annotation: object) -> Iterator[type[BaseModel]]:
    """The pydantic classes a field's type holds: itself, or inside a list, a mapping or an optional."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
        return
    for argument in typing.get_args(annotation):
        yield from _records(argument)
