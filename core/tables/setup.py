"""A table as it is asked for: the game, a player per seat, options, the turn timer.

A seat played from outside the server (a person at a browser) is `person`, named as `person:name=Ada` or `Ada=person`
and stored as `Ada=person`, so that the name is the player's identity in standings and the leaderboard as any named
player's is. A seat played by a registered agent (core/agents) is `NAME=agent`: commanded from outside as a person's
seat is, with the agent's own token as its credential (`Setup.holders`). A game at a table is rated: one person's
name at two seats is refused. `human`, the terminal's player, has no terminal at a server and is refused with a
pointer to `person`.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from hashlib import sha256

from meeplog.core.specs import NAME, NamedSpec

PERSON = "person"
AGENT = "agent"
OUTSIDE = (PERSON, AGENT)  # the kinds of seat commanded from outside the server
TERMINAL_PLAYER = "human"

MOST_PACE_SECONDS = 10.0  # a longer pause between bots' moves only slows a table


@dataclass(frozen=True)
class Setup:
    """A table as asked for: a player spec per seat (`person` for a seat played from outside the server)."""

    game: str
    seats: tuple[str, ...]
    options: dict[str, str] = field(default_factory=dict)
    turn_seconds: float | None = None
    seed: int | None = None
    fallback: str = "random"
    holders: dict[int, str] = field(default_factory=dict)  # seat -> the credential hash it already has (an agent's)
    pace_seconds: float = 0.0  # the pause after each move of a seat played on the server (bots, models)

    def __post_init__(self) -> None:
        if self.turn_seconds is not None and self.turn_seconds <= 0:
            raise ValueError(f"turn_seconds={self.turn_seconds:g}: give a number of seconds above 0, or none")
        if not 0 <= self.pace_seconds <= MOST_PACE_SECONDS:
            raise ValueError(f"pace_seconds={self.pace_seconds:g}: give 0 to {MOST_PACE_SECONDS:g} seconds")


def seat_text(spec: str) -> str:
    """A seat's spec as stored: a person as `person` or `NAME=person`; any other player spec checked for form.
    ValueError, in one line, for a spec that cannot sit at a table."""
    named = NamedSpec.parse(spec)
    player = named.spec
    if player.name == TERMINAL_PLAYER:
        raise ValueError(f"{spec!r}: use person for a seat played from the browser ({TERMINAL_PLAYER} plays at a"
                         " terminal, which a server has not)")
    if player.name not in OUTSIDE:
        return str(named)
    kind = player.name
    extra = sorted(set(player.options) - {"name"})
    if extra:
        raise ValueError(f"{spec!r}: {kind} takes one option, name ({kind}:name=Ada), not {', '.join(extra)}")
    name = player.options.get("name") or named.name
    if named.name and player.options.get("name") and named.name != player.options["name"]:
        raise ValueError(f"{spec!r} gives two names; give one, as person:name=Ada")
    if name is None:
        if kind == AGENT:
            raise ValueError(f"{spec!r}: an agent's seat names the agent (NAME=agent)")
        return PERSON
    if not NAME.fullmatch(name):
        raise ValueError(f"bad name {name!r} for a {kind}: a name is letters, digits and . + # @ - _ (no spaces)")
    return f"{name}={kind}"


def is_person(seat: str) -> bool:
    """Whether a seat as stored is played from outside the server (by a person or a registered agent)."""
    return seat == PERSON or seat.endswith((f"={PERSON}", f"={AGENT}"))


def agent_seat(name: str) -> str:
    """Agent `name`'s seat as a table lays it (`seated_agent` reads it back)."""
    return f"{name}={AGENT}"


def seated_agent(seat: str) -> str | None:
    """The agent's name, if a registered agent plays this seat (as stored)."""
    return seat.removesuffix(f"={AGENT}") if seat.endswith(f"={AGENT}") else None


def seat_texts(specs: tuple[str, ...]) -> tuple[str, ...]:
    """Every seat's spec as stored; ValueError for one that cannot sit, or a person's name at two seats."""
    texts = tuple(seat_text(spec) for spec in specs)
    seen: dict[str, int] = {}
    for seat, text in enumerate(texts):
        if is_person(text) and text != PERSON:
            if text in seen:
                name = text.rpartition("=")[0]
                raise ValueError(f"{name} sits at seats {seen[text]} and {seat}: a game at a table is rated, and"
                                 " one person plays one seat")
            seen[text] = seat
    return texts


def new_credential() -> str:
    """A seat's secret: handed out once, stored only as `credential_hash`."""
    return secrets.token_urlsafe(24)


def credential_hash(credential: str) -> str:
    """What the store keeps of a credential: 192 random bits need no slow hash, SHA-256 keeps them unguessable."""
    return sha256(credential.encode()).hexdigest()


def holds(stored_hash: str, credential: str) -> bool:
    return secrets.compare_digest(stored_hash, credential_hash(credential))
