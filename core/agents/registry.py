"""The registered agents of a store: a name and a token, kept only as a hash, revocable.

Each agent is an aggregate of its own in the store (an id made from its name), `AgentAdded` then, perhaps,
`AgentRevoked`: the store's refusal of a second record at one version is what refuses a name added twice. The
token is handed out once, by `add`, and never stored, logged or listed. `holder(token)` compares the token's hash
with every live agent's by `hmac.compare_digest`, so how long it takes says nothing of how much of it was right;
it reads the store's new agent records first, so that a token revoked by another process (`meeplog agents revoke`
while the server runs) is refused from its next request.
"""

from __future__ import annotations

import hmac
import secrets
import threading
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime

from eventsourcing.persistence import IntegrityError

from meeplog.core.codec import Codec
from meeplog.core.game import Recorded
from meeplog.core.specs import NAME
from meeplog.core.store import GameStore, keep_topic
from meeplog.core.tables.setup import credential_hash as token_hash
from meeplog.core.tables.setup import seated_agent
from meeplog.core.tournament.progress import Records

AGENT_TOPIC = "agent"
_AGENTS = uuid.UUID("6d65e570-6167-656e-7473-000000000000")  # the namespace of agents' ids


@dataclass(frozen=True)
class AgentAdded:
    """Agent `name` was registered; `token_hash` is its token's SHA-256 (never the token)."""

    name: str
    token_hash: str


@dataclass(frozen=True)
class AgentRevoked:
    """Agent `name`'s token is refused from now on."""

    name: str


keep_topic(AGENT_TOPIC, Codec((AgentAdded, AgentRevoked)))


@dataclass(frozen=True)
class Agent:
    name: str
    token_hash: str
    added: datetime
    revoked: datetime | None = None


class UnknownAgent(ValueError):
    """No agent of that name is registered in the store."""


def agent_id(name: str) -> uuid.UUID:
    return uuid.uuid5(_AGENTS, f"agent {name}")


class Agents:
    """The agents of one store, as last read from it."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self._agents: dict[str, Agent] = {}
        self._read_up_to = 0
        self._lock = threading.Lock()

    def add(self, name: str) -> str:
        """Register `name` and return its token (the only time it is shown); ValueError for a bad or taken name."""
        if not NAME.fullmatch(name):
            raise ValueError(f"bad agent name {name!r}: a name is letters, digits and . + # @ - _ (no spaces)")
        token = secrets.token_urlsafe(24)
        try:
            self._save(name, 1, AgentAdded(name, token_hash(token)))
        except IntegrityError:
            raise ValueError(
                f"an agent named {name} is registered already (`meeplog agents list`); choose another name"
            ) from None
        return token

    def revoke(self, name: str) -> None:
        """Refuse `name`'s token from now on; UnknownAgent if there is no such agent."""
        agent = self.get(name)
        if agent.revoked is not None:
            return
        self._save(name, 2, AgentRevoked(name))

    def get(self, name: str) -> Agent:
        self.refresh()
        agent = self._agents.get(name)
        if agent is None:
            raise UnknownAgent(f"no agent named {name!r} in this store; `meeplog agents list` names them")
        return agent

    def all(self) -> list[Agent]:
        self.refresh()
        return sorted(self._agents.values(), key=lambda agent: agent.name)

    def holder(self, token: str) -> Agent | None:
        """The live agent whose token this is, if any: every known agent's hash is compared, in constant time.

        A token known already costs one read of its own agent's records (was it revoked since?), not a read of
        the log since the last request: the log, which every decision grows, is read only for a token not known
        yet (an agent added since)."""
        offered = token_hash(token).encode()
        found = self._known(offered)
        if found is None:
            self.refresh()
            found = self._known(offered)
        elif found.revoked is None:
            for recorded in self.store.events.get(agent_id(found.name), gt=1):
                with self._lock:
                    self._take(recorded.event, recorded.timestamp)
                found = self._agents[found.name]
        return found if found is not None and found.revoked is None else None

    def _known(self, offered: bytes) -> Agent | None:
        found = None
        for agent in list(self._agents.values()):
            if hmac.compare_digest(agent.token_hash.encode(), offered):
                found = agent
        return found

    def holders(self, seats: tuple[str, ...]) -> dict[int, str]:
        """The token hash of each seat a registered agent plays (`NAME=agent`), for Setup.holders; UnknownAgent for
        an agent not registered, ValueError for one revoked."""
        found = {}
        for seat, text in enumerate(seats):
            if (name := seated_agent(text.strip())) is not None:
                agent = self.get(name)
                if agent.revoked is not None:
                    raise ValueError(f"agent {name} is revoked; it plays no more")
                found[seat] = agent.token_hash
        return found

    def refresh(self) -> None:
        """Read the agent records stored since the last read (by this process or any other). The log is read only
        up to its last record as it stands now, and from there next time: a server that checks a token at every
        request reads the records stored since its previous request, never the whole log again."""
        topics = [f"{AGENT_TOPIC}/{AgentAdded.__name__}", f"{AGENT_TOPIC}/{AgentRevoked.__name__}"]
        with self._lock:
            top = self.store.recorder.max_notification_id() or 0
            while top > self._read_up_to and (
                batch := self.store.recorder.select_notifications(
                    start=self._read_up_to + 1, limit=500, stop=top, topics=topics
                )
            ):
                for note in batch:
                    recorded = self.store.mapper.to_domain_event(note)
                    self._take(recorded.event, recorded.timestamp)
                self._read_up_to = batch[-1].id
            self._read_up_to = max(self._read_up_to, top)

    def _take(self, event: object, when: datetime) -> None:
        if isinstance(event, AgentAdded):
            self._agents[event.name] = Agent(event.name, event.token_hash, when)
        elif isinstance(event, AgentRevoked) and event.name in self._agents:
            agent = self._agents[event.name]
            self._agents[event.name] = Agent(agent.name, agent.token_hash, agent.added, when)

    def _save(self, name: str, version: int, event: AgentAdded | AgentRevoked) -> None:
        aggregate = agent_id(name)
        recorded = Recorded(aggregate, version, datetime.now(UTC), AGENT_TOPIC, event)  # type: ignore[arg-type]
        self.store.save(Records(aggregate, [recorded]))
