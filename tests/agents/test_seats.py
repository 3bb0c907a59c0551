"""An agent's stream (core/agents/seats.py) without the web: what wakes it."""

from __future__ import annotations

import asyncio
import uuid

from meeplog.core.agents import seats
from meeplog.core.agents.seats import Turn, _News, agent_events
from meeplog.core.store import open_store
from meeplog.core.tables.service import Tables
from meeplog.core.tables.setup import Setup

TURNS = 4


def test_an_agents_stream_is_woken_by_its_turns_not_by_the_other_seats_decisions(tmp_path, monkeypatch):
    """Each of the bots' decisions at the agent's table is word of a change; none may wake the stream to look for
    nothing. Only its turns do (a look that finds nothing is counted: without the periodic look, slowed here)."""
    monkeypatch.setattr(seats, "LOOK_SECONDS", 600.0)
    empty: list[set[uuid.UUID]] = []
    counting = False
    look = _News.look

    def counted(news: _News, named: set[uuid.UUID] | None) -> list[seats.AgentEvent]:
        found = look(news, named)
        if counting and named is not None and not found:
            empty.append(named)
        return found

    monkeypatch.setattr(_News, "look", counted)
    tables = Tables(open_store(str(tmp_path / "tables.db")))
    tables.open()
    try:
        laid = tables.lay(Setup("forest", ("ada=agent", "random", "random"), seed=3))

        async def play() -> int:
            nonlocal counting
            turns = 0
            async for event in agent_events(tables, "ada", quiet=600.0, determinisations=False):
                if not isinstance(event, Turn):
                    continue
                turns += 1
                if turns > TURNS:
                    return turns
                data = event.table.codec.encode(event.observation.legal[0])
                await asyncio.to_thread(tables.command, laid.game_id, event.seat, laid.credentials[event.seat],
                                        event.version, data)
                counting = True  # from the first turn answered: the first look races the table's first words
            return turns

        assert asyncio.run(asyncio.wait_for(play(), 60)) > TURNS
        assert empty == []
    finally:
        tables.close()
