"""Trekking the World drawn for the web viewer: the world as an SVG map with the hikers and the souvenir cubes, the
rows of cards, and your hand. The map's places and links come from the game's default data file (names, regions and
links are public); where each place is drawn comes from map.toml beside it, laid out once and kept there (its
provenance says how), so the map never moves. A person at a seat page clicks a place to move or fly there, a hand
card to pay with it, and a card of the trek row to take it."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from pydantic import BaseModel

from meeplog.core.drawing import backs, board, card, chip, hand_backs, text, zone
from meeplog.core.kernel import Command
from meeplog.games.trekking.commands import (
    ChooseStartAirport,
    Fly,
    JourneyFly,
    JourneyMove,
    MoveTo,
    PayCard,
    TakeTrekCard,
)
from meeplog.games.trekking.data import DATA
from meeplog.games.trekking.labels import Box, Label, lay_out
from meeplog.games.trekking.view import Card, DestinationCard, SeatPublic, TrekView


class Layout(BaseModel, frozen=True):
    """Where the map draws each place (map.toml): its size, and [x, y] by the place's id in world.toml."""

    width: int
    height: int
    provenance: str
    places: dict[str, tuple[int, int]]


LAYOUT = Layout(**tomllib.loads(Path(__file__).with_name("map.toml").read_text())["layout"])
REGION_SIZE = 12  # the regions' titles' font size, in the map's units (viewer.css)


@cache
def _region_titles() -> tuple[tuple[int, int], ...]:
    """Where each region's title is written: above its places' top-left corner."""
    world = DATA.load(None)
    spots = [LAYOUT.places[name] for name in world.location_ids]
    corners = []
    for index in range(len(world.region)):
        here = [spots[n] for n in range(world.location_count) if world.region_of[n] == index]
        corners.append((min(p[0] for p in here), min(p[1] for p in here) - 14))
    return tuple(corners)


@cache
def _labels() -> tuple[Label, ...]:
    """Each place's name, laid out once so that no name covers another or a dot (labels.py)."""
    world = DATA.load(None)
    spots = [LAYOUT.places[name] for name in world.location_ids]
    widest = max(len(region.name) for region in world.region) + len(" (00 cubes)")
    titles = [Box(x, y - REGION_SIZE, x + widest * REGION_SIZE * 0.62, y + 3) for x, y in _region_titles()]
    return tuple(lay_out(spots, world.location_names, titles, (LAYOUT.width, LAYOUT.height)))


def target(command: Command) -> str | None:
    """The board element that plays `command`: a place on the map, a hand card, a card of the trek row."""
    if isinstance(command, MoveTo | JourneyMove):
        return f"place-{command.target}"
    if isinstance(command, Fly | JourneyFly | ChooseStartAirport):
        return f"place-{command.airport}"
    if isinstance(command, PayCard):
        return f"hand-{command.card}"
    if isinstance(command, TakeTrekCard):
        return f"row-{command.card}"
    return None


def draw(view: TrekView) -> str:
    status = (
        f"round {view.round}: {view.phase}; "
        f"{'seat ' + str(view.to_act) + ' to act' if view.to_act is not None else 'the game is over'}"
        f"{' · the end is triggered' if view.end_triggered else ''}"
    )
    if view.current_effect:
        status += f" · {view.journey_in_progress}: {view.current_effect}"
    trek_row = "".join(_card(c, target=f"row-{c.kind}") if c else _EMPTY for c in view.trek_row)
    destinations = "".join(
        (_destination(slot.card) if slot.card else _EMPTY) + f"<small>+{slot.token}</small>"
        for slot in view.destination_row
    )
    parts = [
        zone("the world", _map(view), kind="world"),
        zone(
            f"your hand (seat {view.seat})",
            "".join(_card(c, secret=True, target=f"hand-{c.kind}") for c in view.hand),
            kind="hand",
            mine=True,
        ),
        zone("trek cards", f"{trek_row} deck {backs(view.trek_deck_size)}", kind="trek-row"),
        zone("destinations", f"{destinations} deck {backs(view.destination_deck_size)}", kind="destinations"),
        zone(
            "souvenir tiles",
            " ".join(
                f'<span class="cube {text(t.colour)}"></span> {text(t.name)} {t.value}'
                f"{' (seat ' + str(t.holder) + ')' if t.holder is not None else ''}"
                for t in view.tiles
            ),
        ),
        zone("journeys", " ".join(chip(f"{j.id} {j.name}: {', '.join(j.effects)}") for j in view.journey_cards)),
        *(_seat(view, seat) for seat in view.seats),
    ]
    if view.move_payment:
        parts.insert(2, zone("paid towards the move", "".join(_card(c) for c in view.move_payment)))
    return board(parts, status)


def _map(view: TrekView) -> str:
    """The world as an SVG map: the links, the places (airports square), each place's souvenir cube, the hikers
    standing there; every place is a target (`place-N`) for the moves that end on it."""
    world = DATA.load(None)
    spots = [LAYOUT.places[name] for name in world.location_ids]
    hikers: dict[int, list[int]] = {}
    for seat in view.seats:
        if seat.location is not None:
            hikers.setdefault(seat.location, []).append(seat.seat)
    parts = [
        f'<line class="link" x1="{spots[a][0]}" y1="{spots[a][1]}" x2="{spots[b][0]}" y2="{spots[b][1]}"/>'
        for a, b in (sorted((world.location_index[x], world.location_index[y])) for x, y in world.links.pairs)
    ]
    for region, (x, y) in zip(view.regions, _region_titles(), strict=True):
        parts.append(f'<text class="region" x="{x}" y="{y}">{text(region.name)} ({region.cubes_left} cubes)</text>')
    for location, (x, y) in enumerate(spots):
        name = world.location_names[location]
        shape = (
            f'<rect class="spot airport" x="{x - 8}" y="{y - 8}" width="16" height="16"/>'
            if location in world.airports
            else f'<circle class="spot" cx="{x}" cy="{y}" r="7"/>'
        )
        cube = view.cubes.get(location)
        mark = f'<rect class="cube {text(cube)}" x="{x + 8}" y="{y - 14}" width="9" height="9"/>' if cube else ""
        standing = "".join(
            f'<circle class="hiker seat-{s}" cx="{x - 10 + 10 * n}" cy="{y + 14}" r="6"/>'
            f'<text class="hiker-number" x="{x - 10 + 10 * n}" y="{y + 17}">{s}</text>'
            for n, s in enumerate(hikers.get(location, []))
        )
        at = _labels()[location]
        label = f'<text class="place-name" x="{at.x:g}" y="{at.y:g}" text-anchor="{at.anchor}">{text(name)}</text>'
        parts.append(
            f'<g class="place" data-target="place-{location}"><title>{text(name)}</title>{shape}{mark}{label}'
            f"{standing}</g>"
        )
    return (
        f'<svg class="world-map" viewBox="0 0 {LAYOUT.width} {LAYOUT.height}" role="img" '
        f'aria-label="the world map">{"".join(parts)}</svg>'
    )


def _seat(view: TrekView, seat: SeatPublic) -> str:
    mine = seat.seat == view.seat
    suitcase = " ".join(
        f'<span class="cube {text(colour)}"></span> {count}'
        for colour, count in zip(view.souvenir_colours, seat.suitcase, strict=True)
    )
    tokens = " + ".join(map(str, seat.vp_tokens)) or "none"
    body = (
        f"<div>at {text(seat.location_name or 'home')} · hand {hand_backs(seat.hand_size, mine)} · "
        f"destinations {seat.destination_vp} VP · VP tokens {text(tokens)}</div>"
        f"<div>suitcase {suitcase}</div>"
        f"<div>visited: {text(', '.join(seat.destinations) or 'nowhere yet')}</div>"
    )
    if seat.known_cards:
        body += f"<div>known in hand: {text(', '.join(seat.known_cards))}</div>"
    return zone(f"seat {seat.seat}{' (you)' if mine else ''}", body, kind=f"seat seat-{seat.seat}", mine=mine)


@cache
def _symbol_words() -> dict[str, str]:
    """The trek cards' symbols in words (SCE is scenery): the card faces a person reads."""
    cards = DATA.load(None).trek_cards
    return dict(zip(cards.symbols, cards.symbol_names, strict=True))


def _card(shown: Card, secret: bool = False, target: str = "") -> str:
    symbol, _, value = shown.name.partition("-")
    return card(value, name=_symbol_words().get(symbol, symbol), colour=symbol, secret=secret, target=target)


def _destination(shown: DestinationCard) -> str:
    needs = ", ".join(_symbol_words().get(symbol, symbol) for symbol in shown.requires)
    return card(shown.vp, name=shown.name, note=f"{shown.region}: needs {needs}")


_EMPTY = '<span class="card muted-card"></span>'
