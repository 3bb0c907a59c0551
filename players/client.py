"""`meeplog agent --server URL --token T -p SPEC`: any player spec played as a registered agent of a server, from
wherever this runs (docs/agents.md). It opens the agent's stream, plays each turn it is sent with the player (one
player per game, so a bot's memory of a game stays that game's) and posts the command; one line a game as it ends.

The token is checked first: a wrong or revoked one exits with status 2 (bad input) at once, in one line. A stream
that drops (the server restarts, the network fails) is opened again after a backoff that doubles up to BACKOFF_MAX
seconds; the server sends again what is pending. Ctrl-C leaves at once: the server's turn timer (and its fallback)
plays for a seat that no longer answers.

A turn holds the seat's observation, as the `http:` seat is sent it, and a determinisation: a state the game's
own `Rules.sample` drew from what the seat knows, pickled. Bots that search (heuristic, mcts) draw their own from
it (`sample` of a sample is a sample of the same knowledge). Only the game's classes and plain containers are
unpickled (`_GameUnpickler`); a client that is not Python ignores it.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import io
import pickle
import random
from collections.abc import Callable
from typing import Annotated, Any

import httpx
import orjson
import typer

from meeplog.core.codec import Codec
from meeplog.core.kernel import Command, Rules
from meeplog.core.players import Observation, Player, make_player
from meeplog.core.registry import load_rules
from meeplog.core.specs import NamedSpec, PlayerSpec

BACKOFF_FIRST = 0.5
BACKOFF_MAX = 30.0
READ_SECONDS = 60.0  # the server sends a line at least every 10 s; this long with none is a lost stream
SAFE_BUILTINS = {
    "set",
    "frozenset",
    "tuple",
    "list",
    "dict",
    "int",
    "float",
    "str",
    "bool",
    "bytes",
    "object",
    "complex",
    "range",
    "slice",
}


class WrongToken(Exception):
    """The server knows no live agent by this token."""


class _GameUnpickler(pickle.Unpickler):
    """Restores the classes of one installed game and plain Python values, nothing else."""

    def __init__(self, data: bytes, game_module: str) -> None:
        super().__init__(io.BytesIO(data))
        self.game_module = game_module

    def find_class(self, module: str, name: str) -> Any:
        if module == "builtins" and name in SAFE_BUILTINS:
            return super().find_class(module, name)
        if module in ("collections", "copyreg", "enum", "fractions", "decimal") or module.startswith(self.game_module):
            found = super().find_class(module, name)
            if isinstance(found, type) or (module, name) == ("copyreg", "_reconstructor"):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not a class of the game; refusing the determinisation")


def load_determinisation(data: str, rules: Rules[Any, Any]) -> Any:
    game_module = type(rules).__module__.rpartition(".")[0]
    return _GameUnpickler(base64.b64decode(data), game_module).load()


class Session:
    """The games this agent is playing, each with its own player."""

    def __init__(self, client: httpx.AsyncClient, spec: PlayerSpec, say: Callable[[str], None]) -> None:
        self.client = client
        self.spec = spec
        self.say = say
        self.players: dict[str, Player] = {}
        self.games: dict[str, str] = {}
        self.tasks: set[asyncio.Task[None]] = set()

    def take(self, event: dict[str, Any]) -> None:
        game_id = event["game_id"]
        if event["type"] == "started":
            self.games[game_id] = event["game"]
            self.players[game_id] = make_player(self.spec, random.randrange(2**31))
        elif event["type"] == "turn":
            if game_id not in self.players:  # a stream opened again mid-game: a new player takes the seat
                self.games[game_id] = event["observation"]["game"]
                self.players[game_id] = make_player(self.spec, random.randrange(2**31))
            task = asyncio.create_task(self.play(game_id, event))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
        elif event["type"] == "over":
            self.players.pop(game_id, None)
            game = self.games.pop(game_id, "game")
            ranks = event.get("ranks")
            seat = event["seat"]
            result = f"rank {ranks[seat]} of {len(ranks)}" if ranks else f"no result ({event.get('why', '')})"
            self.say(f"{game} {game_id[:8]}: seat {seat}, {result}")

    async def play(self, game_id: str, event: dict[str, Any]) -> None:
        player = self.players[game_id]
        rules = load_rules(self.games[game_id])
        try:
            command = await player.act(observation(rules, event))
        except Exception as error:  # the player failed: the server's turn timer has the fallback move for it
            self.say(f"{self.games[game_id]} {game_id[:8]}: the player failed ({type(error).__name__}: {error})")
            return
        sent = {"version": event["version"], "command": Codec(type(rules).commands).encode(command)}
        answer = await self.client.post(f"/api/agent/games/{game_id}/commands", json=sent)
        if answer.status_code == 401:
            raise WrongToken(answer.json().get("error", "the token was refused"))
        # 409: the turn passed meanwhile (the timer's fallback moved): the next turn comes down the stream


def observation(rules: Rules[Any, Any], event: dict[str, Any]) -> Observation:
    """The turn as a local player reads it."""
    sent = event["observation"]
    commands = Codec(type(rules).commands)
    legal = tuple(command for command in map(commands.decode, sent["legal"]) if isinstance(command, Command))
    seat = event["seat"]
    state = load_determinisation(event["determinisation"], rules) if event.get("determinisation") else None
    events = Codec(type(rules).events)
    feed = []
    for item in sent["feed"]:
        with contextlib.suppress(ValueError, KeyError, TypeError):
            feed.append(events.decode(item))

    def sample(rng: random.Random) -> Any:
        if state is None:
            raise RuntimeError("the server sent no determinisation: this player needs one (it searches)")
        return rules.sample(state, seat, rng)

    return Observation(
        game=sent["game"],
        seat=seat,
        legal=legal,
        rules=rules,
        sample=sample,
        view=rules.view_model().model_validate(sent["view"]),
        feed=tuple(feed),
        rejection=sent.get("rejection"),
    )


async def run(server: str, token: str, spec: PlayerSpec, say: Callable[[str], None]) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    timeout = httpx.Timeout(30.0, read=READ_SECONDS)
    async with httpx.AsyncClient(base_url=server, headers=headers, timeout=timeout) as client:
        backoff = BACKOFF_FIRST
        named = False
        while True:
            try:
                if not named:
                    me = await client.get("/api/agent/me")
                    if me.status_code == 401:
                        raise WrongToken(me.json().get("error", "the token was refused"))
                    me.raise_for_status()
                    say(f"playing as agent {me.json()['name']} on {server} (Ctrl-C leaves)")
                    named = True
                await stream(client, Session(client, spec, say))
            except WrongToken:
                raise
            except (httpx.TransportError, httpx.HTTPStatusError) as error:
                say(f"lost {server} ({type(error).__name__}); trying again in {backoff:g} s")
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, BACKOFF_MAX)
                continue
            backoff = BACKOFF_FIRST


async def stream(client: httpx.AsyncClient, session: Session) -> None:
    # any spec may search (heuristic, mcts), so each turn comes with its determinisation
    async with client.stream("GET", "/api/agent/stream", params={"determinisation": "true"}) as lines:
        if lines.status_code == 401:
            await lines.aread()
            raise WrongToken(lines.json().get("error", "the token was refused"))
        lines.raise_for_status()
        async for line in lines.aiter_lines():
            for task in [task for task in session.tasks if task.done() and task.exception()]:
                raise task.exception()  # type: ignore[misc]
            if line.strip():
                session.take(orjson.loads(line))


def agent(
    server: Annotated[str, typer.Option(help="the server's URL, e.g. http://127.0.0.1:8000")],
    token: Annotated[
        str,
        typer.Option(envvar="MEEPLOG_AGENT_TOKEN", help="the token `meeplog agents add` printed", show_default=False),
    ],
    player: Annotated[str, typer.Option("--player", "-p", help="the player spec to play with, e.g. mcts:sims=20")],
) -> None:
    """Play on a server as a registered agent, with any player spec: its games, one line each as they end."""
    from meeplog.core.cli import console, fail, user_errors

    with user_errors():
        spec = NamedSpec.parse(player).spec
        make_player(spec, 0)  # a bad spec is refused now, not at the first turn
    try:
        asyncio.run(
            run(server.rstrip("/"), token, spec, lambda line: console.print(line, soft_wrap=True, markup=False))
        )
    except WrongToken as error:
        fail(f"the server refused the token: {error}")
    except KeyboardInterrupt:
        console.print("left the server")
