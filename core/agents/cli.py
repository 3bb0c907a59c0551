"""`meeplog agents add|list|revoke`: the agents registered in a store (registry.py).

`add` prints the agent's token once, as the last word of its last line, so a script reads it with `tail -1 | awk
'{print $NF}'`; the store keeps only its hash, so a lost token is replaced by revoking the agent and adding another.
"""

from __future__ import annotations

from typing import Annotated

import typer

from meeplog.core.store import DEFAULT_DB

app = typer.Typer(
    help="Register the agents that play on a server from wherever they run (docs/agents.md).", no_args_is_help=True
)
DbOption = Annotated[str, typer.Option("--db", help="a SQLite file, or postgresql://user@host:port/db")]


@app.command()
def add(
    name: Annotated[str, typer.Argument(help="the agent's name, as standings and the leaderboard show it")],
    db: DbOption = DEFAULT_DB,
) -> None:
    """Register an agent and print its token, the only time it is shown."""
    from meeplog.core.agents.registry import Agents
    from meeplog.core.cli import console, user_errors
    from meeplog.core.store import open_store

    with user_errors():
        token = Agents(open_store(db)).add(name)
    console.print(f"agent {name} added; its token is shown only now (the store keeps its hash):")
    console.print(f"token {token}", soft_wrap=True)


@app.command("list")
def list_agents(db: DbOption = DEFAULT_DB) -> None:
    """The registered agents, when each was added and revoked (never their tokens)."""
    from meeplog.core.agents.registry import Agents
    from meeplog.core.cli import console, user_errors
    from meeplog.core.store import open_store

    with user_errors():
        agents = Agents(open_store(db)).all()
    if not agents:
        console.print("no agents; `meeplog agents add NAME` registers one")
    for agent in agents:
        revoked = f"revoked {agent.revoked:%Y-%m-%d %H:%M}" if agent.revoked else "live"
        console.print(f"{agent.name}  added {agent.added:%Y-%m-%d %H:%M}  {revoked}", soft_wrap=True)


@app.command()
def revoke(
    name: Annotated[str, typer.Argument(help="the agent whose token is refused from now on")], db: DbOption = DEFAULT_DB
) -> None:
    """Refuse the agent's token from its next request (a server running now included)."""
    from meeplog.core.agents.registry import Agents
    from meeplog.core.cli import console, user_errors
    from meeplog.core.store import open_store

    with user_errors():
        Agents(open_store(db)).revoke(name)
    console.print(f"agent {name} revoked: its token is refused from its next request")
