"""Trekking the World drawn for the web viewer: the world map with the hikers and the souvenir cubes, the rows of
cards, and your hand. The map's places come from the game's default data file (names and regions are public)."""

from __future__ import annotations

from meeplog.core.drawing import backs, board, card, chip, text, zone
from meeplog.games.trekking.data import DATA
from meeplog.games.trekking.view import Card, DestinationCard, SeatPublic, TrekView


def draw(view: TrekView) -> str:
    status = (
        f"round {view.round}: {view.phase}; "
        f"{'seat ' + str(view.to_act) + ' to act' if view.to_act is not None else 'the game is over'}"
        f"{' · the end is triggered' if view.end_triggered else ''}"
    )
    if view.current_effect:
        status += f" · {view.journey_in_progress}: {view.current_effect}"
    trek_row = "".join(_card(c) if c else _EMPTY for c in view.trek_row)
    destinations = "".join(
        (_destination(slot.card) if slot.card else _EMPTY) + f"<small>+{slot.token}</small>"
        for slot in view.destination_row
    )
    parts = [
        zone("the world", _map(view), kind="world"),
        zone(
            f"your hand (seat {view.seat})", "".join(_card(c, secret=True) for c in view.hand), kind="hand", mine=True
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
    """The places by region, each with its souvenir cube and the hikers standing there."""
    world = DATA.load(None)
    hikers: dict[int, list[int]] = {}
    for seat in view.seats:
        if seat.location is not None:
            hikers.setdefault(seat.location, []).append(seat.seat)
    columns = []
    for index, region in enumerate(view.regions):
        places = []
        for location in range(world.location_count):
            if world.region_of[location] != index:
                continue
            cube = view.cubes.get(location)
            marks = f'<span class="cube {text(cube)}" title="{text(cube)} souvenir"></span> ' if cube else ""
            marks += "".join(chip(f"seat {s}", s) for s in hikers.get(location, []))
            airport = " ✈" if location in world.airports else ""
            here = " here" if location in hikers else ""
            places.append(f'<div class="place{here}">{text(world.location_names[location])}{airport} {marks}</div>')
        title = f"{region.name} ({region.cubes_left} cubes left)"
        columns.append(f'<div class="region"><b>{text(title)}</b>{"".join(places)}</div>')
    return f'<div class="map">{"".join(columns)}</div>'


def _seat(view: TrekView, seat: SeatPublic) -> str:
    mine = seat.seat == view.seat
    suitcase = " ".join(
        f'<span class="cube {text(colour)}"></span> {count}'
        for colour, count in zip(view.souvenir_colours, seat.suitcase, strict=True)
    )
    body = (
        f"<div>at {text(seat.location_name or 'home')} · hand {backs(seat.hand_size)} · "
        f"destinations {seat.destination_vp} VP · tokens {text(seat.vp_tokens)}</div>"
        f"<div>suitcase {suitcase}</div>"
        f"<div>visited: {text(', '.join(seat.destinations) or 'nowhere yet')}</div>"
    )
    if seat.known_cards:
        body += f"<div>known in hand: {text(', '.join(seat.known_cards))}</div>"
    return zone(f"seat {seat.seat}{' (you)' if mine else ''}", body, kind=f"seat seat-{seat.seat}", mine=mine)


def _card(shown: Card, secret: bool = False) -> str:
    symbol, _, value = shown.name.partition("-")
    return card(value, name=symbol, colour=symbol, secret=secret)


def _destination(shown: DestinationCard) -> str:
    return card(shown.vp, name=shown.name, note=f"{shown.region}: needs {', '.join(shown.requires)}")


_EMPTY = '<span class="card muted-card"></span>'
