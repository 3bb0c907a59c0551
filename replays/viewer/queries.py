"""What a request asks for in its query string (`?as=`, `?step=`, `?after=`), read with a 400 for a bad value."""

from __future__ import annotations

from starlette.requests import Request


def perspective(request: Request) -> int | None:
    """The seat named by `?as=` (a seat number, or `all` / nothing for everything)."""
    chosen = request.query_params.get("as", "all")
    if chosen in ("", "all"):
        return None
    if not chosen.isdigit():
        raise ValueError(f"as={chosen!r}: give a seat number or 'all'")
    return int(chosen)


def whole_number(request: Request, name: str, default: int) -> int:
    text = request.query_params.get(name, "")
    if not text:
        return default
    if not text.lstrip("-").isdigit():
        raise ValueError(f"{name}={text!r}: give a whole number")
    return int(text)
