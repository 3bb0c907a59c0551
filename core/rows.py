"""A game's records as rows of the store, encoded where the game was played (a tournament worker).

Compiled with mypyc (a hot module, core/compiled.py): the loop meets every record of every game a worker
saves, 164 a bot's Old Man game: interpreted, it added a fifth to the compiled encoding's cost, compiled under a
tenth (callgrind). core/store.py inserts the rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from meeplog.core import codec
from meeplog.core.game import Recorded

Row = tuple[str, int, str, bytes]
"""A record encoded as the store keeps it: originator id (hex), version, topic, state (what a row of the
events table holds)."""


def encoded(log: Sequence[Recorded]) -> tuple[Row, ...]:
    """A game's records as rows of the store, made where the game was played (a tournament worker), so that
    the writer only inserts them. A game's rows share one id string and one string per topic, which pickle
    sends once: a row costs the writer a tuple, not objects. The records of one decision share their timestamp,
    whose start is encoded once."""
    if not log:
        return ()
    originator = log[0].originator_id.hex
    topics: dict[type, str] = {}
    rows: list[Row] = []
    stamp: datetime | None = None
    start = b""
    for recorded in log:
        timestamp = recorded.timestamp
        if timestamp is not stamp:  # the same object for a decision's records (Game._record)
            stamp, start = timestamp, codec.record_start(timestamp)
        kind = type(recorded.event)
        topic = topics.get(kind)
        if topic is None:
            topic = topics[kind] = f"{recorded.game}/{kind.__name__}"
        rows.append((originator, recorded.originator_version, topic, codec.record(start, recorded.event)))
    return tuple(rows)
