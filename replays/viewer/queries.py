"""What a request asks for in its query string (`?as=`, `?step=`, `?after=`, the leaderboard's `?model=` and
`?include_forfeits=`), read with a 400 for a bad value."""

from __future__ import annotations

from typing import cast

from starlette.requests import Request

from meeplog.core.leaderboard.projection import MODELS, Model, Settings


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


def leaderboard_settings(request: Request) -> Settings:
    """The rating model (`?model=bt|openskill`) and whether forfeits are rated (`?include_forfeits=yes`)."""
    model = request.query_params.get("model", "bt")
    if model not in MODELS:
        raise ValueError(f"model={model!r}: give {' or '.join(MODELS)}")
    include = request.query_params.get("include_forfeits", "no")
    if include not in ("yes", "no"):
        raise ValueError(f"include_forfeits={include!r}: give yes or no")
    return Settings(model=cast("Model", model), include_forfeits=include == "yes")
