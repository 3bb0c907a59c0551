"""How verdicts and positions read on a terminal (rich) and as JSON, for `meeplog replay`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import orjson
from rich.console import Group, RenderableType
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from meeplog.core.audit import LlmExchange
from meeplog.core.narrate import narrate
from meeplog.core.registry import load_rules
from meeplog.core.store import game_codec
from meeplog.replays.reparse import ModelReparse
from meeplog.replays.travel import Position, state_data
from meeplog.replays.verify import Divergence, Verdict


def verdict_report(verdict: Verdict, file: str | None, db: str) -> RenderableType:
    """One line for a game that verifies; the first divergence side by side for one that does not.

    `file` is the replay file the game was read from, None if it came from the store `db`.
    """
    name = f"{verdict.game} game {verdict.game_id} ({file or 'in ' + db})"
    notes = [Text(f"  note: {note}", style="yellow") for note in verdict.notes]
    if verdict.divergence is None:
        end = "finished" if verdict.finished else "unfinished"
        line = Text.assemble(
            ("ok", "bold green"),
            f"  {name}: {verdict.events} events, {verdict.decisions} decisions re-decided identically, {end}",
        )
        return Group(line, *notes)
    source = file or f"{verdict.game_id} --db {db}"
    return Group(Text.assemble(("DIVERGES", "bold red"), f"  {name}"), *notes,
                 divergence_report(verdict, source, in_file=file is not None))


def divergence_report(verdict: Verdict, source: str, in_file: bool) -> RenderableType:
    """The first divergence; `source` is how `meeplog replay show` finds the game again."""
    divergence = verdict.divergence
    assert divergence is not None
    where = f"first divergence at version {divergence.version}"
    if in_file:
        where += f" (line {divergence.version} of the file)"
    if divergence.decision:
        where += f", in decision {divergence.decision}"
        if divergence.seat is not None:
            where += f" (seat {divergence.seat}: {divergence.command!r})"
    else:
        where += ", in the setup"
    parts: list[RenderableType] = [Text(f"  {where}"), Text(f"  {divergence.problem}", style="bold")]
    if divergence.recorded or divergence.redecided:
        parts.append(_side_by_side(verdict.game, divergence))
    if divergence.decision:
        parts.append(Text(f"  look at the position it was decided from: "
                          f"meeplog replay show {source} --step {divergence.step}"))
    elif divergence.recorded:
        parts.append(Text(f"  look at the game as the installed setup makes it: meeplog replay show {source} --step 0"))
    return Group(*parts)


def _side_by_side(game: str, divergence: Divergence) -> Table:
    rules = load_rules(game)
    table = Table(show_lines=True, expand=False)
    table.add_column("version", justify="right", no_wrap=True)
    table.add_column("recorded", overflow="fold")
    table.add_column(f"re-decided by the installed rules (version {rules.version})", overflow="fold")
    codec = game_codec(game)
    recorded, redecided = divergence.recorded, divergence.redecided
    for index in range(max(len(recorded), len(redecided))):
        version = divergence.first_version + index
        cells = [Text(codec.dumps(events[index]).decode() if index < len(events) else "(nothing)")
                 for events in (recorded, redecided)]
        style = "bold red" if version == divergence.version else ("dim" if version > divergence.version else "")
        marker = "≠ " if version == divergence.version else ""
        table.add_row(f"{marker}{version}", *cells, style=style)
    return table


def position_report(position: Position, seat: int | None) -> RenderableType:
    game, rules = position.game, position.game.rules
    parts: list[RenderableType] = [Text(
        f"{rules.title}, game {game.id}: step {position.step} of {position.timeline.last} "
        f"(version {position.version})", style="bold")]
    if position.decision is not None:
        decision = position.decision.event
        parts.append(Text(f"after decision {position.step} (version {position.decision.originator_version}): "
                          f"seat {decision.seat}: {rules.describe(game.state, decision.command)}"))
    pending = game.pending()
    to_decide = "nobody, the game is over" if pending.over else ", ".join(f"seat {s}" for s in pending.seats)
    parts.append(Text(f"to decide: {to_decide}"))
    if seat is None:
        parts += [Text("state (its plain data):", style="bold"), Pretty(state_data(game.state))]
        made_here = _narrated(position, {r.originator_version for r in position.made_here}, None)
        if made_here:
            parts += [Text("recorded while deciding at this step:", style="bold"), *made_here]
    else:
        parts += [Text(f"view of seat {seat}:", style="bold"),
                  Pretty(rules.view(game.state, seat).model_dump(mode="json"))]
        legal = game.legal(seat)
        if legal:
            parts += [Text(f"legal commands of seat {seat} ({len(legal)}):", style="bold"),
                      Text(", ".join(repr(command) for command in legal))]
        since = position.last_decision(seat)
        recent = {version for version, _ in position.feed(seat) if version >= since}
        parts += [Text(f"seat {seat}'s feed since its last decision (version {since or 1} on; `meeplog log --as "
                       f"{seat}` or --json gives all of it):", style="bold"), *_narrated(position, recent, seat)]
    for exchange in position.exchanges(seat):
        parts += _exchange(exchange)
    return Group(*parts)


def _narrated(position: Position, versions: set[int], seat: int | None) -> list[Text]:
    """Readable lines for the records of these versions; model exchanges are printed apart, in full."""
    if not versions:
        return []
    history = position.history[:max(versions)]
    keep = {r.originator_version for r in history
            if r.originator_version in versions and not isinstance(r.event, LlmExchange)}
    return [Text(f"{version:>6}  {line}") for version, line in narrate(history, seat) if version in keep]


def _exchange(exchange: LlmExchange) -> list[RenderableType]:
    head = (f"model exchange of seat {exchange.seat} with {exchange.model} ({exchange.prompt_tokens}+"
            f"{exchange.completion_tokens} tokens, {exchange.latency_ms} ms, {exchange.retries} retries)")
    parts: list[RenderableType] = [Text(head, style="bold"), Text("prompt:", style="bold"), Text(exchange.prompt or "")]
    parts += [Text("answer:", style="bold"), Text(exchange.answer or "(none)")]
    if exchange.failure:
        parts.append(Text(f"failure: {exchange.failure}", style="red"))
    return parts


def position_document(position: Position, seat: int | None) -> bytes:
    """The position as JSON: exact events, the state's plain data or the seat's view, and the prompts."""
    game = position.game
    codec = game_codec(game.rules.name)
    pending = game.pending()
    document: dict[str, Any] = {
        "game_id": str(game.id),
        "game": game.rules.name,
        "step": position.step,
        "last_step": position.timeline.last,
        "version": position.version,
        "decision": position.decision.event if position.decision else None,
        "pending": {"seats": pending.seats, "simultaneous": pending.simultaneous},
    }
    if seat is None:
        document["state"] = state_data(game.state)
        document["made_here"] = _versioned((r.originator_version, r.event) for r in position.made_here)
    else:
        document["seat"] = seat
        document["view"] = game.rules.view(game.state, seat).model_dump(mode="json")
        document["legal"] = game.legal(seat)
        document["feed"] = _versioned(position.feed(seat))
    document["prompts"] = [exchange.prompt for exchange in position.exchanges(seat)]
    return orjson.dumps(orjson.loads(codec.dumps(document)), option=orjson.OPT_INDENT_2)


def _versioned(events: Iterable[tuple[int, Any]]) -> list[dict[str, Any]]:
    return [{"version": version, "event": event} for version, event in events]



def reparse_table(found: dict[str, ModelReparse], games: int) -> Table:
    """`meeplog replay reparse`'s report: a row per model, each change of class on a line of its own."""
    table = Table(title=f"Model answers read again with today's parser ({games} games)")
    for column in ("player", "answers", "changed", "from -> to", "fell back (harness's)", "forfeits (harness's)"):
        table.add_column(column, justify="left" if column in ("player", "from -> to") else "right", overflow="fold")
    for name, model in sorted(found.items()):
        how = "\n".join(f"{then} -> {now}: {n}" for (then, now), n in sorted(model.changes.items())) or "-"
        table.add_row(name, str(model.answers), str(model.changed), how,
                      _share(model.harness_fallbacks, model.fallbacks), _share(model.harness_forfeits, model.forfeits))
    return table


def _share(part: int, whole: int) -> str:
    """`12 (9, 75%)`: a count and how many of it were the harness's."""
    return f"{whole} ({part}, {100 * part / whole:.0f}%)" if whole else "0"
