"""Plain data (a view's or a state's JSON) drawn as a readable tree, with what changed since the last step marked.

A path names a place in the data the way a reader would write it: `seats.2.hand`. A changed leaf marks its
ancestors too, so a collapsed branch still shows that something inside it moved.
"""

from __future__ import annotations

from html import escape
from typing import Any

Path = str


def flatten(data: Any, prefix: Path = "") -> dict[Path, Any]:
    """Every leaf of `data` by its path; an empty list or object is a leaf of its own."""
    if isinstance(data, dict) and data:
        items: list[tuple[str, Any]] = [(str(key), value) for key, value in data.items()]
    elif isinstance(data, list) and data:
        items = [(str(index), value) for index, value in enumerate(data)]
    else:
        return {prefix: data}
    leaves: dict[Path, Any] = {}
    for key, value in items:
        leaves.update(flatten(value, f"{prefix}.{key}" if prefix else key))
    return leaves


def changed_paths(before: Any, after: Any) -> list[Path]:
    """The leaves of `after` that differ from (or are missing in) `before`, and the leaves `before` lost."""
    old, new = flatten(before), flatten(after)
    return sorted(path for path in old.keys() | new.keys() if old.get(path, _MISSING) != new.get(path, _MISSING))


def marked(paths: list[Path]) -> set[Path]:
    """The changed paths with all their ancestors, the set `render` marks."""
    result: set[Path] = set()
    for path in paths:
        parts = path.split(".")
        result.update(".".join(parts[:end]) for end in range(1, len(parts) + 1))
    return result


def render(data: Any, changed: set[Path], prefix: Path = "") -> str:
    """HTML for `data`: objects as definition lists, lists as numbered lists, changed places in class `changed`."""
    if isinstance(data, dict) and data:
        rows = "".join(
            f"<dt{_mark(_join(prefix, key), changed)}>{escape(str(key))}</dt>"
            f"<dd{_mark(_join(prefix, key), changed)}>{render(value, changed, _join(prefix, key))}</dd>"
            for key, value in data.items()
        )
        return f'<dl class="tree">{rows}</dl>'
    if isinstance(data, list) and data:
        if all(not isinstance(item, (dict, list)) for item in data):
            return (
                '<span class="leaf">'
                + ", ".join(
                    f"<span{_mark(_join(prefix, index), changed)}>{escape(_scalar(item))}</span>"
                    for index, item in enumerate(data)
                )
                + "</span>"
            )
        items = "".join(
            f"<li{_mark(_join(prefix, index), changed)}>{render(item, changed, _join(prefix, index))}</li>"
            for index, item in enumerate(data)
        )
        return f'<ol class="tree" start="0">{items}</ol>'
    return f'<span class="leaf">{escape(_scalar(data))}</span>'


def _join(prefix: Path, key: object) -> Path:
    return f"{prefix}.{key}" if prefix else str(key)


def _mark(path: Path, changed: set[Path]) -> str:
    return ' class="changed"' if path in changed else ""


def _scalar(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value in ([], {}):
        return "(none)"
    return str(value)


_MISSING = object()
