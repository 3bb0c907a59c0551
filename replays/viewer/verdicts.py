"""A `verify` verdict laid out for the web page: the first divergence's events, recorded and re-decided, side by
side (the rows `meeplog replay verify` prints as a table)."""

from __future__ import annotations

from dataclasses import dataclass

from meeplog.core import codec
from meeplog.replays.verify import Verdict


@dataclass(frozen=True)
class DivergenceRow:
    version: int
    recorded: str  # the event as JSON, or "" where there is none
    redecided: str
    first: bool  # the first version the rules do not reproduce
    after: bool  # past it: shown for context, no longer comparable


def divergence_rows(verdict: Verdict) -> list[DivergenceRow]:
    divergence = verdict.divergence
    if divergence is None:
        return []
    recorded, redecided = divergence.recorded, divergence.redecided
    rows = []
    for index in range(max(len(recorded), len(redecided))):
        version = divergence.first_version + index
        cells = [codec.dumps(events[index]).decode() if index < len(events) else "" for events in (recorded, redecided)]
        rows.append(DivergenceRow(version, *cells, version == divergence.version, version > divergence.version))
    return rows
